import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MobileOtpVerifyInput, OtpSent } from '@haat/shared/schemas/auth';
import type { UserView } from '@haat/shared/schemas/user';
import { authRequest } from '@/lib/session';
import { currentUserQuery } from '@/state/user';

/** POST user/mobile/send: texts a code to confirm a mobile for this account (decision 0061). */
export const sendMobileVerifyCode = (mobile: string) => authRequest<OtpSent>('user/mobile/send', { method: 'POST', body: { mobile } });

const verifyMobile = (input: MobileOtpVerifyInput) => authRequest<UserView>('user/mobile/verify', { method: 'POST', body: input });

/**
 * Confirms the mobile with the texted code; a phone account of the same number
 * is joined into this one. Everything the user sees may have changed (orders,
 * addresses, cart), so every query but the session's reloads.
 */
export function useVerifyMobile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyMobile,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      await queryClient.invalidateQueries();
    },
  });
}
