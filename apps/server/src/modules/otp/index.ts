/** The otp module's door: one-time codes by SMS (decision 0061), a leaf any module may use. */
export {
  MOBILE_CODE_MAX_ATTEMPTS,
  MOBILE_CODE_RESEND_MS,
  MOBILE_CODE_TTL_MS,
  MOBILE_CODES_PER_ADDRESS_PER_DAY,
  MOBILE_CODES_PER_NUMBER_PER_DAY,
  otpMobile,
  otpSmsText,
  sendOtp,
  sweepMobileCodes,
  verifyOtp,
  type OtpCheckDeps,
  type OtpDeps,
  type OtpPurpose,
} from './service';
