import { useT } from '@/i18n';
import { COMPONENTS_NS } from './locales';
/** A small spinning ring; inherits the text colour. */
export function Spinner({ className = 'h-5 w-5', label }: { className?: string; label?: string }) {
  return (
    <span role={label ? 'status' : undefined} aria-label={label} className="inline-flex items-center justify-center">
      <span aria-hidden className={`${className} animate-spin rounded-full border-2 border-current border-t-transparent`} />
    </span>
  );
}

/** A page-sized loading indicator: a page's code loading, or the session being checked. */
export function PageLoading() {
  const t = useT(COMPONENTS_NS);
  return (
    <div className="flex justify-center py-16 text-brand-600">
      <Spinner className="h-8 w-8" label={t('loading')} />
    </div>
  );
}
