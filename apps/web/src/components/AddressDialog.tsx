import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { addressSchema, type AddressInput } from '@haat/shared/schemas/address';
import { errorMessage } from '../lib/api';
import type { AddressView } from '@haat/shared/schemas/address';
import { useAddressMutations } from '../state/addresses';
import { Dialog } from './Dialog';
import { FormField, inputClass } from './FormField';
import { Spinner } from './Spinner';

const empty: AddressInput = { address_line: '', city: '', mobile: '' };

/** Add (no `address`) or edit an address, for guests and signed-in users alike. */
export function AddressDialog({ open, onClose, address, onSaved }: { open: boolean; onClose: () => void; address?: AddressView; onSaved?: (a: AddressView) => void }) {
  const { add, edit } = useAddressMutations();
  const { register, handleSubmit, reset, formState } = useForm<AddressInput>({ resolver: zodResolver(addressSchema), defaultValues: empty });
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (open) reset(address ? { address_line: address.address_line, city: address.city, mobile: address.mobile } : empty);
  }, [open, address, reset]);

  const onSubmit = async (values: AddressInput) => {
    try {
      let saved: AddressView;
      if (address) {
        await edit(address._id, values);
        saved = { ...values, _id: address._id };
        toast.success('Address updated successfully');
      } else {
        saved = await add(values);
        toast.success('Address added successfully');
      }
      onSaved?.(saved);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <Dialog open={open} title={address ? 'Edit Address' : 'Add Address'} onClose={onClose}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4">
        <FormField label="Address Line" htmlFor="address_line" error={errors.address_line?.message}>
          <input id="address_line" className={inputClass} {...register('address_line')} />
        </FormField>
        <FormField label="City" htmlFor="city" error={errors.city?.message}>
          <input id="city" className={inputClass} {...register('city')} />
        </FormField>
        <FormField label="Mobile" htmlFor="mobile" error={errors.mobile?.message}>
          <input id="mobile" inputMode="numeric" maxLength={11} className={inputClass} {...register('mobile')} />
        </FormField>
        <button type="submit" disabled={isSubmitting} className="flex items-center justify-center gap-2 rounded-lg bg-brand-600 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:opacity-60">
          {isSubmitting && <Spinner />}
          Submit
        </button>
      </form>
    </Dialog>
  );
}
