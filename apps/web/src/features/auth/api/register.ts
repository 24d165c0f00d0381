import { useMutation } from '@tanstack/react-query';
import type { RegisterInput } from '@haat/shared/schemas/auth';
import { languageHeader } from '@/i18n';
import { request } from '@/lib/api';

/** POST user/register; a warning mail to an existing owner comes in the page's language. */
export const registerUser = (input: RegisterInput) => request('user/register', { method: 'POST', body: input, headers: languageHeader() });

export function useRegister() {
  return useMutation({ mutationFn: registerUser });
}
