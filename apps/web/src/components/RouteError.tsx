import { isRouteErrorResponse, useRouteError } from 'react-router';
import { paths } from '@haat/shared/paths';
import { isOnline } from '@/lib/online';
import { OfflinePage } from './OfflineNotice';
import { useT } from '@/i18n';
import { COMPONENTS_NS } from './locales';

/** Router failures: a generic screen with status and text or message (spec §8). */
export function RouteError() {
  const t = useT(COMPONENTS_NS);
  const error = useRouteError();
  // Offline, a page whose code was never saved on this device fails to load: that is no application error.
  if (!isOnline()) return <OfflinePage />;
  let detail: string;
  if (isRouteErrorResponse(error)) detail = `${error.status} ${error.statusText}`;
  else if (error instanceof Error) detail = error.message;
  else detail = t('unknownError');
  return (
    <section className="mx-auto max-w-xl px-4 py-16">
      <h1 className="text-2xl font-bold text-red-700">{t('unexpectedError')}</h1>
      <p className="mt-4 rounded bg-red-50 p-4 font-mono text-sm text-red-800">{detail}</p>
      <a href={paths.home()} className="mt-6 inline-block text-brand-700 underline">{t('backHome')}</a>
    </section>
  );
}
