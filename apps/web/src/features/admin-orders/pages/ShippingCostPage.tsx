import type { TextsOf, TFn } from '@/i18n';
import { useT } from '@/i18n';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { deliverySettingsSchema } from '@haat/shared/schemas/delivery';
import { SubmitButton } from '@/components/Button';
import { TextField } from '@/components/FormField';
import { Spinner } from '@/components/Spinner';
import { useDeliverySettings } from '@/state/delivery';
import { formResolver } from '@/lib/forms';
import { shippingToast, useUpdateDeliverySettings, type ShippingToast } from '../api/updateDeliverySettings';
import { ADMIN_ORDERS_NS } from '../locales';
import { DeadlineSettingsSection } from '../components/DeadlineSettingsForm';
import { CourierRulesSection } from '../components/CourierRulesSection';

interface Values {
  insideDhaka: number | string;
  outsideDhaka: number | string;
  freeDelivery: boolean;
}

/** The toast in the current language: its words are chosen by kind (shippingToast's English messages are the same). */
function show(outcome: ShippingToast, t: TFn<TextsOf<typeof ADMIN_ORDERS_NS>>) {
  const message = t(`shipping.${outcome.kind}`);
  if (outcome.kind === 'success') toast.success(message);
  else if (outcome.kind === 'error') toast.error(message);
  else toast(message);
}

/** /dashboard/delivery-setting 'Update Shipping Costs': both fees numeric and required (spec §5), toasts of §8; then the deadlines (issue 27). */
export function ShippingCostPage() {
  const t = useT(ADMIN_ORDERS_NS);
  const { data: current, isLoading } = useDeliverySettings();
  return (
    <section className="p-4">
      <h1 className="mb-4 text-lg font-semibold text-slate-800">{t('shipping.title')}</h1>
      {/* The form mounts with the current settings as its first values: it never shows empty fees while they load. */}
      {isLoading ? <Spinner className="h-8 w-8" label={t('shipping.loading')} /> : <ShippingCostForm current={current} />}
      {/* Issue 27: the deadlines sit with the delivery fees; their own form and route. */}
      <DeadlineSettingsSection />
      {/* Issue 46: which courier carries each district's orders. */}
      <CourierRulesSection />
    </section>
  );
}

function ShippingCostForm({ current }: { current: Values | undefined }) {
  const t = useT(ADMIN_ORDERS_NS);
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
      show(shippingToast({ outcome }), t);
    } catch (error) {
      console.error(error);
      show(shippingToast({ error }), t);
    }
  };

  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="grid max-w-md gap-4">
      <TextField label={t('shipping.inside')} id="insideDhaka" digits error={errors.insideDhaka?.message} {...register('insideDhaka')} />
      <TextField label={t('shipping.outside')} id="outsideDhaka" digits error={errors.outsideDhaka?.message} {...register('outsideDhaka')} />
      <label className="flex items-center gap-2 font-medium text-slate-700">
        <input type="checkbox" className="h-4 w-4 accent-brand-600" {...register('freeDelivery')} />
        {t('shipping.free')}
      </label>
      <SubmitButton loading={isSubmitting}>
        {t('shipping.update')}
      </SubmitButton>
    </form>
  );
}
