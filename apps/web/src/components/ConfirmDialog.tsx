import { Dialog } from './Dialog';

/** The spec's 'Delete Confirmation' dialog, shared by every delete button. */
export function ConfirmDialog({ open, onCancel, onConfirm, busy = false }: { open: boolean; onCancel: () => void; onConfirm: () => void; busy?: boolean }) {
  return (
    <Dialog open={open} title="Delete Confirmation" onClose={onCancel}>
      <p className="text-slate-600">Are you sure you want to delete this item?</p>
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" onClick={onCancel} className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-700 hover:bg-slate-50">
          Cancel
        </button>
        <button type="button" onClick={onConfirm} disabled={busy} className="rounded-lg bg-red-600 px-4 py-2 font-medium text-white hover:bg-red-700 disabled:opacity-60">
          Delete
        </button>
      </div>
    </Dialog>
  );
}
