import { useT } from '@/i18n';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import type { DeadlineSettings } from '@haat/shared/deadlines';
import { deadlineSettingsSchema } from '@haat/shared/schemas/deadlines';
import { SubmitButton } from '@/components/Button';
import { TextField } from '@/components/FormField';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api';
import { formResolver } from '@/lib/forms';
import { translateMessage } from '@/i18n/messages';
import { useDeadlineSettings, useSaveDeadlineSettings } from '../api/deadlines';
import { ADMIN_ORDERS_NS } from '../locales';

type Values = Record<keyof DeadlineSettings, string | number>;

/**
 * The deadlines (issue 27, decision 0076) on the delivery settings page: the
 * hours to hand a paid order to the courier and the days to deliver it inside
 * and outside Dhaka, the guidelines' 48 / 5 / 10 until the owner saves. The
 * shared schema checks the form, and the server again (a 400 says why).
 */
export function DeadlineSettingsSection() {
  const t = useT(ADMIN_ORDERS_NS);
  const { data } = useDeadlineSettings();
  return (
    <section aria-labelledby="deadlines-title" className="mt-8 grid max-w-md gap-3">
      <h2 id="deadlines-title" className="text-lg font-semibold text-slate-800">{t('deadlines.title')}</h2>
      <p className="text-sm text-slate-600">{t('deadlines.intro')}</p>
      {data ? <DeadlineSettingsForm current={data} /> : <Spinner className="h-8 w-8" label={t('shipping.loading')} />}
    </section>
  );
}

function DeadlineSettingsForm({ current }: { current: DeadlineSettings }) {
  const t = useT(ADMIN_ORDERS_NS);
  const save = useSaveDeadlineSettings();
  const { register, handleSubmit, formState } = useForm<Values>({ resolver: formResolver<Values>(deadlineSettingsSchema), defaultValues: current });
  const { errors, isSubmitting } = formState;
  const onValid = async (values: Values) => {
    try {
      const res = await save.mutateAsync(values);
      toast.success(translateMessage(res.message));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="grid gap-4">
      <TextField label={t('deadlines.handoverHours')} id="handoverHours" digits error={errors.handoverHours?.message} {...register('handoverHours')} />
      <TextField label={t('deadlines.insideDays')} id="deliveryDaysInsideDhaka" digits error={errors.deliveryDaysInsideDhaka?.message} {...register('deliveryDaysInsideDhaka')} />
      <TextField label={t('deadlines.outsideDays')} id="deliveryDaysOutsideDhaka" digits error={errors.deliveryDaysOutsideDhaka?.message} {...register('deliveryDaysOutsideDhaka')} />
      <SubmitButton loading={isSubmitting}>{t('deadlines.save')}</SubmitButton>
    </form>
  );
}
