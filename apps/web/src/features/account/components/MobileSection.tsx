import { useState } from 'react';
import toast from 'react-hot-toast';
import { useT } from '@/i18n';
import { IoCheckmarkCircle } from 'react-icons/io5';
import type { UserView } from '@haat/shared/schemas/user';
import { MobileCodeForm } from '@/components/MobileCodeForm';
import { localDigits } from '@/i18n/format';
import { translateMessage } from '@/i18n/messages';
import { sendMobileVerifyCode, useVerifyMobile } from '../api/mobile';
import { ACCOUNT_NS } from '../locales';

/**
 * The profile's mobile for signing in (issue 26, decision 0061): verified by a
 * texted code, after which it signs this account in; a phone account of the
 * same number (made by signing in with it) is joined into this one.
 */
export function MobileSection({ user }: { user: UserView }) {
  const t = useT(ACCOUNT_NS, 'mobile');
  const verify = useVerifyMobile();
  const verified = Boolean(user.mobile_verified && user.mobile);
  const [open, setOpen] = useState(false);
  return (
    <section className="mt-8 rounded-lg border border-slate-200 p-4" aria-labelledby="mobile-signin-title">
      <h2 id="mobile-signin-title" className="mb-2 text-lg font-semibold text-slate-800">{t('title')}</h2>
      {verified && (
        <p className="mb-3 flex items-center gap-2 text-slate-700">
          <IoCheckmarkCircle aria-hidden className="text-xl text-brand-600" />
          {t('verified', { mobile: localDigits(user.mobile ?? '') })}
        </p>
      )}
      {verified && !open ? (
        <button type="button" onClick={() => setOpen(true)} className="text-sm font-medium text-brand-700 hover:underline">
          {t('another')}
        </button>
      ) : (
        <MobileCodeForm
          intro={t('intro')}
          defaultMobile={verified ? '' : (user.mobile ?? '')}
          send={sendMobileVerifyCode}
          submit={t('submit')}
          submitting={t('verifying')}
          verify={async (mobile, otp) => {
            const res = await verify.mutateAsync({ mobile, otp });
            toast.success(translateMessage(res.message));
            setOpen(false);
          }}
        />
      )}
    </section>
  );
}
