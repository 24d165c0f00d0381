import { useMutation } from '@tanstack/react-query';
import type { SendLoginCodeInput } from '@haat/shared/schemas/auth';
import { languageHeader } from '@/i18n';
import { request } from '@/lib/api';

/** PUT user/send-login-code; the code's e-mail comes in the page's language. */
export const sendLoginCode = (input: SendLoginCodeInput) => request('user/send-login-code', { method: 'PUT', body: input, headers: languageHeader() });

export function useSendLoginCode() {
  return useMutation({ mutationFn: sendLoginCode });
}
