import { useState } from 'react';
import toast from 'react-hot-toast';
import { MdDelete, MdEdit } from 'react-icons/md';
import { AddAddressTile } from '@/components/AddAddressTile';
import { AddressDialog } from '@/components/AddressDialog';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { errorMessage } from '@/lib/api';
import type { AddressView } from '@haat/shared/schemas/address';
import { useAddressMutations, useAddresses } from '@/state/addresses';
import { useT } from '@/i18n';
import { localDigits } from '@/i18n/format';
import { ADDRESSES_NS } from '../locales';

/** /dashboard/address: saved addresses (server or guest), add, edit, delete (spec §2). */
export function AddressPage() {
  const t = useT(ADDRESSES_NS);
  const { addresses, isLoading } = useAddresses();
  const { remove } = useAddressMutations();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<AddressView | null>(null);
  const [deleting, setDeleting] = useState<AddressView | null>(null);
  const [busy, setBusy] = useState(false);

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await remove(deleting._id);
      setDeleting(null);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="p-4">
      <h1 className="mb-4 text-lg font-semibold text-slate-800">{t('title')}</h1>
      <div className="grid gap-3">
        {isLoading &&
          Array.from({ length: 2 }, (_, i) => <div key={i} className="h-24 animate-pulse rounded-lg bg-slate-200" aria-hidden />)}
        {addresses.map((a) => (
          <article key={a._id} data-testid="address-card" className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 bg-white p-4">
            <div className="text-slate-700">
              {a.name && <p className="font-semibold">{a.name}</p>}
              <p className="font-medium">{a.address_line}</p>
              <p>{a.city}</p>
              <p>{localDigits(a.mobile)}</p>
            </div>
            <div className="flex gap-2">
              <button type="button" onClick={() => setEditing(a)} aria-label={t('edit', { address: a.address_line })} className="rounded-full bg-green-100 p-2 text-green-700 hover:bg-green-200">
                <MdEdit />
              </button>
              <button type="button" onClick={() => setDeleting(a)} aria-label={t('delete', { address: a.address_line })} className="rounded-full bg-red-100 p-2 text-red-700 hover:bg-red-200">
                <MdDelete />
              </button>
            </div>
          </article>
        ))}
        <AddAddressTile onClick={() => setAdding(true)} />
      </div>
      <AddressDialog open={adding} onClose={() => setAdding(false)} />
      <AddressDialog open={editing !== null} address={editing ?? undefined} onClose={() => setEditing(null)} />
      <ConfirmDialog open={deleting !== null} busy={busy} onCancel={() => setDeleting(null)} onConfirm={confirmDelete} />
    </section>
  );
}
