import { useRef, useState } from 'react';
import { useT } from '@/i18n';
import type { VariantsPreview } from '@haat/shared/schemas/variants';
import { Dialog } from '@/components/Dialog';
import { formatCount } from '@/i18n/format';
import { ADMIN_VARIANTS_NS } from './variants.locales';

/** Asks before an edit removes variants (issue 21): resolves true to save, false to go back to the form. */
export function useVariantRemovalConfirm() {
  const [preview, setPreview] = useState<VariantsPreview | null>(null);
  const answer = useRef<(ok: boolean) => void>(() => {});
  const close = (ok: boolean) => {
    setPreview(null);
    answer.current(ok);
  };
  return {
    ask: (p: VariantsPreview) =>
      new Promise<boolean>((resolve) => {
        answer.current = resolve;
        setPreview(p);
      }),
    dialog: { preview, onCancel: () => close(false), onConfirm: () => close(true) },
  };
}

export function VariantRemovalDialog({ preview, onCancel, onConfirm }: { preview: VariantsPreview | null; onCancel: () => void; onConfirm: () => void }) {
  const t = useT(ADMIN_VARIANTS_NS);
  if (!preview) return null;
  const units = preview.removed.reduce((n, r) => n + r.stock, 0);
  return (
    <Dialog open title={t('removeTitle')} onClose={onCancel}>
      <p className="text-slate-700">{t('removeSummary', { n: formatCount(preview.removed.length), units: formatCount(units), carts: formatCount(preview.carts_affected) })}</p>
      {preview.removed.length > 0 && (
        <ul className="mt-2 list-disc pl-5 text-sm text-slate-600">
          {preview.removed.map((r) => (
            <li key={r._id}>{r.label}</li>
          ))}
        </ul>
      )}
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" onClick={onCancel} className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-700 hover:bg-slate-50">
          {t('cancel')}
        </button>
        <button type="button" onClick={onConfirm} className="rounded-lg bg-red-600 px-4 py-2 font-medium text-white hover:bg-red-700">
          {t('saveAnyway')}
        </button>
      </div>
    </Dialog>
  );
}
