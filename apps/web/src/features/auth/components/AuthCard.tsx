import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { IoArrowBack } from 'react-icons/io5';
import { paths } from '@haat/shared/paths';
import { useT } from '@/i18n';
import { LanguageToggle } from '@/i18n/LanguageToggle';
import { AUTH_NS } from '../locales';
import { usePageTitle } from '@/i18n/pageTitle';

/**
 * The frame of the auth pages, outside the main layout: back button, the header's বাংলা / English toggle
 * (a shopper reaches sign-in in the wrong language too, issue 42), title, content.
 */
export function AuthCard({ title, back = paths.home(), children }: { title: string; back?: string; children: ReactNode }) {
  const t = useT(AUTH_NS);
  // Every sign-in page's heading is its tab's title too (issue 42).
  usePageTitle(title);
  return (
    <main className="flex min-h-screen items-start justify-center bg-slate-50 px-4 py-10 md:items-center">
      <section className="w-full max-w-md rounded-xl bg-white p-6 shadow-md">
        <div className="mb-4 flex items-center justify-between gap-2">
          <Link to={back} aria-label={t('back')} className="inline-flex items-center gap-1 text-slate-600 hover:text-brand-700">
            <IoArrowBack aria-hidden className="text-xl" /> {t('back')}
          </Link>
          <LanguageToggle />
        </div>
        <h1 className="mb-5 text-2xl font-semibold text-slate-800">{title}</h1>
        {children}
      </section>
    </main>
  );
}

