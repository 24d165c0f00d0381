import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api';

/** POST /order/cod-confirm/send: the SMS code that confirms a cash-on-delivery order's mobile (issue 26). */
export function useSendCodCode() {
  return useMutation({
    mutationFn: (mobile: string) => request<{ resend_after_seconds: number }>('order/cod-confirm/send', { method: 'POST', body: { mobile } }),
  });
}
