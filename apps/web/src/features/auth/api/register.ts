import { useMutation } from '@tanstack/react-query';
import type { RegisterInput } from '@haat/shared/schemas/auth';
import { request } from '@/lib/api';

export const registerUser = (input: RegisterInput) => request('user/register', { method: 'POST', body: input });

export function useRegister() {
  return useMutation({ mutationFn: registerUser });
}
