import { useEffect, useId, type ReactNode } from 'react';
import { IoClose } from 'react-icons/io5';
import { useT } from '@/i18n';
import { COMPONENTS_NS } from './locales';

/** A modal dialog: backdrop, title, close icon, Escape closes. */
export function Dialog({ open, title, onClose, children, wide = false }: { open: boolean; title: string; onClose: () => void; children: ReactNode; wide?: boolean }) {
  const t = useT(COMPONENTS_NS);
  const titleId = useId();
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  if (!open) return null;
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/60 p-4" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} className={`max-h-[95vh] w-full overflow-y-auto rounded-xl bg-white p-5 shadow-xl ${wide ? 'max-w-3xl' : 'max-w-md'}`}>
        <div className="mb-4 flex items-center justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold text-slate-800">{title}</h2>
          <button type="button" onClick={onClose} aria-label={t('close')} className="rounded p-1 text-2xl text-slate-500 hover:bg-slate-100 hover:text-slate-800">
            <IoClose />
          </button>
        </div>
        {children}
      </div>
    </div>
  );
}
