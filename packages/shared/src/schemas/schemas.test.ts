import { describe, expect, it } from 'vitest';
import { addressSchema } from './address';
import { loginSchema, registerSchema, resetPasswordFormSchema, verifyOtpSchema } from './auth';
import { profileSchema } from './user';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('account schemas (spec §5 messages)', () => {
  it('register', () => {
    const ok = { name: 'A', email: 'a@b.co', password: 'secret1', confirmPassword: 'secret1' };
    expect(registerSchema.safeParse(ok).success).toBe(true);
    expect(firstMessage(registerSchema.safeParse({ ...ok, email: 'a@b' }))).toBe('Invalid email address');
    expect(firstMessage(registerSchema.safeParse({ ...ok, confirmPassword: 'x' }))).toBe('Passwords do not match');
    expect(firstMessage(loginSchema.safeParse({ email: '', password: 'secret1' }))).toBe('Email is required');
  });
  it('otp, reset, profile, address', () => {
    expect(firstMessage(verifyOtpSchema.safeParse({ email: 'a@b.co', otp: '12345' }))).toBe('Please enter a 6-digit OTP.');
    expect(firstMessage(resetPasswordFormSchema.safeParse({ NewPassword: 'abcdef', ConfirmNewPassword: 'abcdeg' }))).toBe('Passwords must match');
    expect(profileSchema.safeParse({ name: '', email: 'a@b', mobile: '', password: '' }).success).toBe(true);
    expect(firstMessage(profileSchema.safeParse({ name: '', email: 'a@b', mobile: '12a', password: '' }))).toBe('Only numbers are allowed');
    expect(firstMessage(addressSchema.safeParse({ address_line: 'x', city: 'y', mobile: '1234567890' }))).toBe('Mobile number must be exactly 11 digits');
  });
});
