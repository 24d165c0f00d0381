import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput } from '@haat/shared/schemas/auth';
import { languageHeader } from '@/i18n';
import { request } from '@/lib/api';

/** PUT user/forgot-password; the code's e-mail comes in the page's language. */
export const forgotPassword = (input: ForgotPasswordInput) => request('user/forgot-password', { method: 'PUT', body: input, headers: languageHeader() });

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
