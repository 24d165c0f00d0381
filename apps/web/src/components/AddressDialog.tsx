import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { addressFormSchema, type AddressFormInput } from '@haat/shared/schemas/address';
import { errorMessage } from '@/lib/api';
import { formResolver, normalizeOnBlur } from '@/lib/forms';
import type { AddressView } from '@haat/shared/schemas/address';
import { useAddressMutations } from '@/state/addresses';
import { useCurrentUser } from '@/state/user';
import { SubmitButton } from './Button';
import { Dialog } from './Dialog';
import { TextField } from './FormField';
import { useT } from '@/i18n';
import { COMPONENTS_NS } from './locales';
import { normalizePhone, normalizePhoneInput } from '@haat/shared/phone';
import { TEXT_LIMITS } from '@haat/shared/schemas/limits';

const empty: AddressFormInput = { name: '', address_line: '', city: '', mobile: '' };

/**
 * Add (no `address`) or edit an address, for guests and signed-in users alike; the recipient's name is required here (issue 19).
 * A new address of an account with a verified mobile (a phone account's, decision 0061) starts with that mobile (issue 42).
 * The form mounts when the dialog opens, with the address (or nothing) as its values: no reset after
 * opening, which could land after the first keystrokes and empty a field already typed (issue 22's e2e run).
 */
export function AddressDialog({
  open,
  onClose,
  address,
  onSaved,
  mobileNote,
  onTyped,
}: {
  open: boolean;
  onClose: () => void;
  address?: AddressView;
  onSaved?: (a: AddressView) => void;
  /** A line under the mobile field (the checkout's notice that it keeps the number, issue 26). */
  mobileNote?: string;
  /** Told the address as typed so far, its mobile as 01XXXXXXXXX, when a field is left and the mobile is valid (the checkout's incomplete-order report). */
  onTyped?: (typed: AddressFormInput) => void;
}) {
  const t = useT(COMPONENTS_NS);
  return (
    <Dialog open={open} title={address ? t('editAddress') : t('addAddress')} onClose={onClose}>
      <AddressForm key={address?._id ?? 'new'} address={address} onClose={onClose} onSaved={onSaved} mobileNote={mobileNote} onTyped={onTyped} />
    </Dialog>
  );
}

function AddressForm({
  onClose,
  address,
  onSaved,
  mobileNote,
  onTyped,
}: {
  onClose: () => void;
  address?: AddressView;
  onSaved?: (a: AddressView) => void;
  mobileNote?: string;
  onTyped?: (typed: AddressFormInput) => void;
}) {
  const t = useT(COMPONENTS_NS);
  const { add, edit } = useAddressMutations();
  const defaultValues = address ? { name: address.name ?? '', address_line: address.address_line, city: address.city, mobile: address.mobile } : empty;
  const { register, handleSubmit, formState, getValues, setValue } = useForm<AddressFormInput>({ resolver: formResolver(addressFormSchema), defaultValues });
  const { data: user } = useCurrentUser();
  const verifiedMobile = user?.mobile_verified && user.mobile ? user.mobile : '';
  // A new address starts with the account's verified mobile, also when the account arrives after the dialog opened,
  // unless a mobile was typed by then.
  useEffect(() => {
    if (!address && verifiedMobile && !getValues('mobile')) setValue('mobile', verifiedMobile);
  }, [address, verifiedMobile, getValues, setValue]);
  const { errors, isSubmitting } = formState;
  // Each field left tells the checkout what is typed so far, once the mobile is valid (issue 42: name and address too).
  const tell = () => {
    const values = getValues();
    const mobile = normalizePhone(values.mobile);
    if (mobile) onTyped?.({ ...values, mobile });
  };
  const field = (name: 'name' | 'address_line' | 'city') => register(name, { onBlur: tell });
  const mobileField = normalizeOnBlur(register('mobile', { onBlur: tell }), normalizePhoneInput);

  const onSubmit = async (values: AddressFormInput) => {
    try {
      let saved: AddressView;
      if (address) {
        await edit(address._id, values);
        saved = { ...values, _id: address._id };
        toast.success(t('addressUpdated'));
      } else {
        saved = await add(values);
        toast.success(t('addressAdded'));
      }
      onSaved?.(saved);
      onClose();
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="grid gap-4">
      <TextField label={t('recipientName')} id="recipient_name" autoComplete="name" maxLength={TEXT_LIMITS.personName} error={errors.name?.message} {...field('name')} />
      <TextField label={t('addressLine')} id="address_line" error={errors.address_line?.message} {...field('address_line')} />
      <TextField label={t('city')} id="city" error={errors.city?.message} {...field('city')} />
      {/* Bengali digits and +880 are accepted and shown as 01XXXXXXXXX once the field is left (issue 14). */}
      <TextField
        label={t('mobile')}
        id="mobile"
        inputMode="tel"
        maxLength={17}
        error={errors.mobile?.message}
        {...mobileField}
      />
      {/* What the checkout keeps of a typed mobile (issue 26): said where the mobile is typed. */}
      {mobileNote && (
        <p className="-mt-2 text-xs text-slate-600" data-testid="mobile-note">
          {mobileNote}
        </p>
      )}
      <SubmitButton loading={isSubmitting}>
        {t('submit')}
      </SubmitButton>
    </form>
  );
}
