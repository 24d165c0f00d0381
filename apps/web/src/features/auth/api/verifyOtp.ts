import { useMutation } from '@tanstack/react-query';
import type { OtpVerified, VerifyOtpInput } from '@haat/shared/schemas/auth';
import { request } from '@/lib/api';

export const verifyOtp = (input: VerifyOtpInput) => request<OtpVerified>('user/verify-otp', { method: 'PUT', body: input });

export function useVerifyOtp() {
  return useMutation({ mutationFn: verifyOtp });
}
