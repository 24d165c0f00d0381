import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage } from '@/lib/api';
import { Dialog } from './Dialog';
import { useT } from '@/i18n';
import { COMPONENTS_NS } from './locales';
import { translateMessage } from '@/i18n/messages';

/** The spec's 'Delete Confirmation' dialog, shared by every delete button. */
export function ConfirmDialog({ open, onCancel, onConfirm, busy = false }: { open: boolean; onCancel: () => void; onConfirm: () => void; busy?: boolean }) {
  const t = useT(COMPONENTS_NS);
  return (
    <Dialog open={open} title={t('deleteConfirmation')} onClose={onCancel}>
      <p className="text-slate-600">{t('deleteQuestion')}</p>
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" onClick={onCancel} className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-700 hover:bg-slate-50">
          {t('cancel')}
        </button>
        <button type="button" onClick={onConfirm} disabled={busy} className="rounded-lg bg-red-600 px-4 py-2 font-medium text-white hover:bg-red-700 disabled:opacity-60">
          {t('delete')}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * The admin lists' delete flow: ask which item, confirm, then a toast with the
 * success text `remove` answers, or the error's message (e.g. a 409 "used by
 * N products"). Spread `dialog` into <ConfirmDialog />.
 */
export function useConfirmedDelete<T>(remove: (item: T) => Promise<string>, busy: boolean) {
  const [target, setTarget] = useState<T | null>(null);
  const confirm = async () => {
    if (target === null) return;
    try {
      toast.success(translateMessage(await remove(target)));
    } catch (err) {
      toast.error(errorMessage(err));
    }
    setTarget(null);
  };
  return { target, ask: setTarget, dialog: { open: target !== null, busy, onCancel: () => setTarget(null), onConfirm: confirm } };
}
