import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { deliverySettingsSchema } from '@haat/shared/schemas/delivery';
import { SubmitButton } from '@/components/Button';
import { TextField } from '@/components/FormField';
import { Spinner } from '@/components/Spinner';
import { useDeliverySettings } from '@/state/delivery';
import { formResolver } from '@/lib/forms';
import { shippingToast, useUpdateDeliverySettings, type ShippingToast } from '../api/updateDeliverySettings';

interface Values {
  insideDhaka: number | string;
  outsideDhaka: number | string;
  freeDelivery: boolean;
}

function show(t: ShippingToast) {
  if (t.kind === 'success') toast.success(t.message);
  else if (t.kind === 'error') toast.error(t.message);
  else toast(t.message);
}

/** /dashboard/delivery-setting 'Update Shipping Costs': both fees numeric and required (spec §5), toasts of §8. */
export function ShippingCostPage() {
  const { data: current, isLoading } = useDeliverySettings();
  return (
    <section className="p-4">
      <h1 className="mb-4 text-lg font-semibold text-slate-800">Update Shipping Costs</h1>
      {/* The form mounts with the current settings as its first values: it never shows empty fees while they load. */}
      {isLoading ? <Spinner className="h-8 w-8" label="Loading" /> : <ShippingCostForm current={current} />}
    </section>
  );
}

function ShippingCostForm({ current }: { current: Values | undefined }) {
  const save = useUpdateDeliverySettings();
  const { register, handleSubmit, formState } = useForm<Values>({
    resolver: formResolver<Values>(deliverySettingsSchema),
    defaultValues: current
      ? { insideDhaka: current.insideDhaka, outsideDhaka: current.outsideDhaka, freeDelivery: current.freeDelivery }
      : { insideDhaka: '', outsideDhaka: '', freeDelivery: false },
  });
  const { errors, isSubmitting } = formState;

  const onValid = async (values: Values) => {
    try {
      const outcome = await save.mutateAsync({
        insideDhaka: Number(values.insideDhaka),
        outsideDhaka: Number(values.outsideDhaka),
        freeDelivery: values.freeDelivery,
      });
      show(shippingToast({ outcome }));
    } catch (error) {
      console.error(error);
      show(shippingToast({ error }));
    }
  };

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="grid max-w-md gap-4">
      <TextField label="Inside Dhaka" id="insideDhaka" type="number" min={0} step={1} inputMode="numeric" error={errors.insideDhaka?.message} {...register('insideDhaka')} />
      <TextField label="Outside Dhaka" id="outsideDhaka" type="number" min={0} step={1} inputMode="numeric" error={errors.outsideDhaka?.message} {...register('outsideDhaka')} />
      <label className="flex items-center gap-2 font-medium text-slate-700">
        <input type="checkbox" className="h-4 w-4 accent-brand-600" {...register('freeDelivery')} />
        Enable Free Delivery
      </label>
      <SubmitButton loading={isSubmitting}>
        Update
      </SubmitButton>
    </form>
  );
}
