import { useState } from 'react';
import { MdDelete } from 'react-icons/md';
import type { AddressFormInput, AddressView } from '@haat/shared/schemas/address';
import { AddAddressTile } from '@/components/AddAddressTile';
import { AddressDialog } from '@/components/AddressDialog';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { useAddressMutations } from '@/state/addresses';
import { useT } from '@/i18n';
import { localDigits } from '@/i18n/format';
import { CHECKOUT_NS } from '../locales';

/**
 * 'Choose Your Address' (spec §2): a radio list of the saved addresses, each
 * with a delete icon, and an 'Add Address' tile; a new address is chosen at once.
 * An address saved before names were asked offers to add the recipient's
 * name (issue 19): the order cannot be placed to it until it has one.
 */
export function AddressPicker({
  addresses,
  loading,
  selectedId,
  onSelect,
  onTyped,
}: {
  addresses: AddressView[];
  loading: boolean;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  /** The address being typed in the dialog, once its mobile is valid (issues 26, 42: the incomplete-order report). */
  onTyped: (typed: AddressFormInput) => void;
}) {
  const t = useT(CHECKOUT_NS);
  const { remove } = useAddressMutations();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<AddressView | null>(null);
  const [naming, setNaming] = useState<AddressView | null>(null);
  const selected = addresses.find((a) => a._id === selectedId);

  return (
    <>
      <h1 className="text-lg font-semibold">{t('chooseAddress')}</h1>
      {loading ? (
        <div className="h-24 animate-pulse rounded-lg bg-slate-200" aria-busy="true" />
      ) : (
        <div className="space-y-3" role="radiogroup" aria-label={t('deliveryAddress')}>
          {addresses.map((a) => (
            <label
              key={a._id}
              className={`flex cursor-pointer items-start gap-3 rounded-lg border bg-white p-3 ${a._id === selectedId ? 'border-brand-600 ring-1 ring-brand-600' : 'border-slate-200'}`}
            >
              <input type="radio" name="address" value={a._id} checked={a._id === selectedId} onChange={() => onSelect(a._id)} className="mt-1 accent-brand-600" />
              <span className="flex-1 text-sm">
                {a.name && <span className="block font-semibold" data-testid="recipient-name">{a.name}</span>}
                <span className="block font-medium">{a.address_line}</span>
                <span className="block">{a.city}</span>
                <span className="block">{localDigits(a.mobile)}</span>
                {!a.name && (
                  <button
                    type="button"
                    onClick={(e) => {
                      e.preventDefault();
                      setNaming(a);
                    }}
                    className="mt-1 font-semibold text-brand-700 underline"
                  >
                    {t('addName')}
                  </button>
                )}
              </span>
              <button
                type="button"
                aria-label={t('deleteAddress', { address: a.address_line })}
                onClick={(e) => {
                  e.preventDefault();
                  setDeleting(a);
                }}
                className="rounded p-1 text-xl text-red-600 hover:bg-red-50"
              >
                <MdDelete />
              </button>
            </label>
          ))}
          {selected && !selected.name && (
            <p role="alert" className="text-sm text-red-700">
              {t('needsName')}
            </p>
          )}
          <AddAddressTile onClick={() => setAdding(true)} className="w-full" />
          <p className="text-xs text-slate-600" data-testid="mobile-kept">
            {t('mobileKept')}
          </p>
        </div>
      )}

      {naming && <AddressDialog open address={naming} onClose={() => setNaming(null)} onSaved={(a?: AddressView) => a && onSelect(a._id)} mobileNote={t('mobileKept')} onTyped={onTyped} />}

      {adding && <AddressDialog open onClose={() => setAdding(false)} onSaved={(a?: AddressView) => a && onSelect(a._id)} mobileNote={t('mobileKept')} onTyped={onTyped} />}
      {deleting && (
        <ConfirmDialog
          open
          onCancel={() => setDeleting(null)}
          onConfirm={async () => {
            const id = deleting._id;
            setDeleting(null);
            if (id === selectedId) onSelect(null);
            await remove(id);
          }}
        />
      )}
    </>
  );
}
