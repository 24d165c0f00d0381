import type { MailMessage } from '../../lib/mail';
import { escapeHtml } from '../../lib/html';
import type { Lang } from '../../lib/language';

/**
 * The account e-mails, in the language the request asked for (Accept-Language:
 * the SPA sends the shopper's choice). The code stays in ASCII digits, which
 * every keyboard types and the OTP boxes read either way.
 */
const TEXTS = {
  en: {
    hello: (name: string) => `Hello ${name},`,
    otpSubject: 'Your Haat password reset code',
    yourCode: 'Your code is',
    otpEnter: 'Enter it on the Verify OTP page within 10 minutes to choose a new password.',
    otpIgnore: 'If you did not ask to reset your password, you can ignore this e-mail.',
    registerSubject: 'Someone tried to register with your e-mail at Haat',
    registerLines: [
      'Someone just tried to create a new Haat account with this e-mail address. You already have an account, so nothing was changed.',
      'If it was you, log in instead, or use "Forgot password?" on the login page.',
      'If it was not you, you can ignore this e-mail.',
    ],
    loginSubject: 'Your Haat sign-in code',
    yourLoginCode: 'Your sign-in code is',
    loginEnter: 'Enter it on the "Sign in with a code" page within 10 minutes. It works once.',
    loginIgnore: 'If you did not ask to sign in, you can ignore this e-mail: nobody can sign in without this code. Never share it.',
    lockedSubject: 'Your Haat password reset is paused',
    lockedLines: [
      'Too many wrong codes were entered for your account today, so we cannot send a new password reset code for now.',
      'Please try again tomorrow. You can still log in with your current password.',
    ],
  },
  bn: {
    hello: (name: string) => `প্রিয় ${name},`,
    otpSubject: 'আপনার Haat পাসওয়ার্ড রিসেট কোড',
    yourCode: 'আপনার কোড',
    otpEnter: 'নতুন পাসওয়ার্ড বেছে নিতে ১০ মিনিটের মধ্যে ওটিপি যাচাইয়ের পাতায় কোডটি লিখুন।',
    otpIgnore: 'আপনি পাসওয়ার্ড রিসেট করতে না চাইলে এই ই-মেইলটি উপেক্ষা করুন।',
    registerSubject: 'কেউ আপনার ই-মেইল দিয়ে Haat-এ নিবন্ধনের চেষ্টা করেছে',
    registerLines: [
      'এইমাত্র কেউ এই ই-মেইল ঠিকানা দিয়ে নতুন Haat অ্যাকাউন্ট খোলার চেষ্টা করেছে। আপনার অ্যাকাউন্ট আগে থেকেই আছে, তাই কিছুই বদলায়নি।',
      'চেষ্টাটি আপনার হলে লগইন করুন, অথবা লগইন পাতার "পাসওয়ার্ড ভুলে গেছেন?" ব্যবহার করুন।',
      'আপনি না হলে এই ই-মেইলটি উপেক্ষা করুন।',
    ],
    loginSubject: 'আপনার Haat সাইন-ইন কোড',
    yourLoginCode: 'আপনার সাইন-ইন কোড',
    loginEnter: '১০ মিনিটের মধ্যে "কোড দিয়ে সাইন ইন" পাতায় কোডটি লিখুন। কোডটি একবারই কাজ করে।',
    loginIgnore: 'আপনি সাইন ইন করতে না চাইলে এই ই-মেইলটি উপেক্ষা করুন: এই কোড ছাড়া কেউ সাইন ইন করতে পারবে না। কোডটি কাউকে দেবেন না।',
    lockedSubject: 'আপনার Haat পাসওয়ার্ড রিসেট আপাতত বন্ধ',
    lockedLines: [
      'আজ আপনার অ্যাকাউন্টে অনেকবার ভুল কোড দেওয়া হয়েছে, তাই এখন নতুন পাসওয়ার্ড রিসেট কোড পাঠানো যাচ্ছে না।',
      'আগামীকাল আবার চেষ্টা করুন। বর্তমান পাসওয়ার্ড দিয়ে লগইন করতে পারবেন।',
    ],
  },
} satisfies Record<Lang, unknown>;

function page(lang: Lang, name: string, body: string): string {
  return `<!doctype html><html lang="${lang}"><body style="font-family:sans-serif;color:#1e293b">
<p>${escapeHtml(TEXTS[lang].hello(name))}</p>
${body}
<p>Haat</p>
</body></html>`;
}

/** The password-recovery e-mail: an HTML part and a text part. */
export function otpEmail(to: string, name: string, code: string, lang: Lang = 'en'): MailMessage {
  const t = TEXTS[lang];
  const { otpEnter: enter, otpIgnore: ignore } = t;
  const text = [t.hello(name), '', `${t.yourCode} ${code}`, '', enter, ignore, '', 'Haat'].join('\n');
  const html = page(
    lang,
    name,
    `<p>${escapeHtml(t.yourCode)} <strong style="font-size:24px;letter-spacing:4px">${code}</strong></p>
<p>${escapeHtml(enter)}</p>
<p style="color:#64748b">${escapeHtml(ignore)}</p>`,
  );
  return { to, subject: t.otpSubject, text, html, code };
}

/** The one-time sign-in code (decision 0045): the owner's way in past the password cap. */
export function loginCodeEmail(to: string, name: string, code: string, lang: Lang = 'en'): MailMessage {
  const t = TEXTS[lang];
  const text = [t.hello(name), '', `${t.yourLoginCode} ${code}`, '', t.loginEnter, t.loginIgnore, '', 'Haat'].join('\n');
  const html = page(
    lang,
    name,
    `<p>${escapeHtml(t.yourLoginCode)} <strong style="font-size:24px;letter-spacing:4px">${code}</strong></p>
<p>${escapeHtml(t.loginEnter)}</p>
<p style="color:#64748b">${escapeHtml(t.loginIgnore)}</p>`,
  );
  return { to, subject: t.loginSubject, text, html, code };
}

function plainEmail(to: string, lang: Lang, subject: string, name: string, lines: string[]): MailMessage {
  const text = [TEXTS[lang].hello(name), '', ...lines, '', 'Haat'].join('\n');
  const html = page(lang, name, lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('\n'));
  return { to, subject, text, html };
}

/** Sent instead of an error when someone registers with an e-mail that has an account, so register's answer tells nothing. */
export function registerAttemptEmail(to: string, name: string, lang: Lang = 'en'): MailMessage {
  return plainEmail(to, lang, TEXTS[lang].registerSubject, name, TEXTS[lang].registerLines);
}

/** Sent instead of a code when the account has used up today's wrong guesses. */
export function otpLockedEmail(to: string, name: string, lang: Lang = 'en'): MailMessage {
  return plainEmail(to, lang, TEXTS[lang].lockedSubject, name, TEXTS[lang].lockedLines);
}
