import type { MailMessage } from '../../lib/mail';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The password-recovery e-mail: an HTML part and a text part. */
export function otpEmail(to: string, name: string, code: string): MailMessage {
  const subject = 'Your Haat password reset code';
  const text = [
    `Hello ${name},`,
    '',
    `Your code is ${code}`,
    '',
    'Enter it on the Verify OTP page within 10 minutes to choose a new password.',
    'If you did not ask to reset your password, you can ignore this e-mail.',
    '',
    'Haat',
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;color:#1e293b">
<p>Hello ${escapeHtml(name)},</p>
<p>Your code is <strong style="font-size:24px;letter-spacing:4px">${code}</strong></p>
<p>Enter it on the Verify OTP page within 10 minutes to choose a new password.</p>
<p style="color:#64748b">If you did not ask to reset your password, you can ignore this e-mail.</p>
<p>Haat</p>
</body></html>`;
  return { to, subject, text, html, code };
}
