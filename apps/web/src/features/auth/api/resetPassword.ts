import { useMutation } from '@tanstack/react-query';
import type { UpdatePasswordInput } from '@haat/shared/schemas/auth';
import { request } from '@/lib/api';

export const resetPassword = (input: UpdatePasswordInput) => request('user/update-password', { method: 'PUT', body: input });

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
