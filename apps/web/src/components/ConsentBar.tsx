import { useEffect, useState } from 'react';
import { adConsentCookie, adConsentOf, type AdConsent } from '@haat/shared/ad-consent';
import type { AdPublic } from '@haat/shared/schemas/ads';
import { useT } from '@/i18n';
import { request } from '@/lib/api';
import { CONSENT_NS } from './consent.locales';

const load = (ids: AdPublic) => void import('@/lib/adTags').then((m) => m.loadAdTags(ids));

/**
 * The consent bar for ad and analytics measurement (issue 45, decision 0119). After the page is up it asks the shop
 * whether the owner set a Pixel or GA4 id; only then, and only when the shopper has not answered, is the bar shown
 * (its texts are a chunk of their own). A yes is remembered in a cookie for a year (the server reads it with an
 * order) and loads the tags; nothing of them loads or is sent before it.
 */
export function ConsentBar() {
  const [ids, setIds] = useState<AdPublic | null>(null);
  const [answer, setAnswer] = useState<AdConsent | undefined>('no');
  useEffect(() => {
    const given = adConsentOf(document.cookie);
    setAnswer(given);
    if (given === 'no') return;
    request<AdPublic>('ads/public')
      .then(({ data }) => {
        if (!data.meta_pixel_id && !data.ga_measurement_id) return;
        setIds(data);
        if (given === 'yes') load(data);
      })
      .catch(() => {});
  }, []);
  if (!ids || answer) return null;
  const choose = (value: AdConsent) => {
    document.cookie = adConsentCookie(value);
    setAnswer(value);
    if (value === 'yes') load(ids);
  };
  return <ConsentQuestion onAnswer={choose} />;
}

function ConsentQuestion({ onAnswer }: { onAnswer: (answer: AdConsent) => void }) {
  const t = useT(CONSENT_NS);
  return (
    <section role="region" aria-label={t('label')} className="fixed inset-x-0 bottom-0 z-50 flex flex-wrap items-center gap-3 border-t border-slate-200 bg-white p-3 text-sm shadow-lg">
      <p className="min-w-0 flex-1 text-slate-700">{t('text')}</p>
      <div className="flex gap-2">
        <button type="button" onClick={() => onAnswer('no')} className="rounded border border-slate-300 px-3 py-2 font-medium text-slate-700">
          {t('deny')}
        </button>
        <button type="button" onClick={() => onAnswer('yes')} className="rounded bg-brand-600 px-3 py-2 font-medium text-white">
          {t('allow')}
        </button>
      </div>
    </section>
  );
}
