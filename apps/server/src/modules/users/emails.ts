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

function plainEmail(to: string, subject: string, name: string, lines: string[]): MailMessage {
  const text = [`Hello ${name},`, '', ...lines, '', 'Haat'].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif;color:#1e293b">
<p>Hello ${escapeHtml(name)},</p>
${lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n')}
<p>Haat</p>
</body></html>`;
  return { to, subject, text, html };
}

/** Sent instead of an error when someone registers with an e-mail that has an account, so register's answer tells nothing. */
export function registerAttemptEmail(to: string, name: string): MailMessage {
  return plainEmail(to, 'Someone tried to register with your e-mail at Haat', name, [
    'Someone just tried to create a new Haat account with this e-mail address. You already have an account, so nothing was changed.',
    'If it was you, log in instead, or use "Forgot password?" on the login page.',
    'If it was not you, you can ignore this e-mail.',
  ]);
}

/** Sent instead of a code when the account has used up today's wrong guesses. */
export function otpLockedEmail(to: string, name: string): MailMessage {
  return plainEmail(to, 'Your Haat password reset is paused', name, [
    'Too many wrong codes were entered for your account today, so we cannot send a new password reset code for now.',
    'Please try again tomorrow. You can still log in with your current password.',
  ]);
}
