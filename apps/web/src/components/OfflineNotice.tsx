import { useT } from '@/i18n';
import { MdWifiOff } from 'react-icons/md';
import { useOnline } from '@/lib/online';
import { OFFLINE_NS } from './offline.locales';

/** A thin bar under the header while the browser is offline; nothing when online. */
export function OfflineBanner() {
  const t = useT(OFFLINE_NS);
  const online = useOnline();
  if (online) return null;
  return (
    <p role="status" className="flex items-center justify-center gap-2 bg-amber-100 px-4 py-2 text-center text-sm text-amber-900">
      <MdWifiOff aria-hidden className="shrink-0" />
      {t('banner')}
    </p>
  );
}

/** In place of a page whose data is neither on the network nor saved on this device. */
export function OfflinePage() {
  const t = useT(OFFLINE_NS);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-3 px-4 py-16 text-center">
      <MdWifiOff aria-hidden className="text-5xl text-slate-400" />
      <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
      <p className="text-slate-600">{t('text')}</p>
      <button type="button" onClick={() => window.location.reload()} className="mt-2 rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
        {t('retry')}
      </button>
    </section>
  );
}
