import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordInput } from '@haat/shared/schemas/auth';
import { request } from '@/lib/api';

export const forgotPassword = (input: ForgotPasswordInput) => request('user/forgot-password', { method: 'PUT', body: input });

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
