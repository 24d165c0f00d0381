import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useT } from '@/i18n';
import { businessSettingsSchema, type BusinessSettings } from '@haat/shared/schemas/business';
import { normalizeDigitsInput } from '@haat/shared/phone';
import { SubmitButton } from '@/components/Button';
import { TextField } from '@/components/FormField';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api';
import { formResolver, normalizeOnBlur } from '@/lib/forms';
import { translateMessage } from '@/i18n/messages';
import { useBusiness, useSaveBusiness } from '../api/shopAdmin';
import { ADMIN_SHOP_NS } from '../locales';
import { AdSettingsSection } from './AdSettingsForm';
import { ChatLinkSettingsSection } from './ChatLinkSettingsForm';

type Values = Omit<BusinessSettings, 'vatRate'> & { vatRate: string | number };

/** /dashboard/business (settings.manage): trade licence, DBID, BIN, address and VAT rate (issue 27, decision 0077). */
export function BusinessPage() {
  const t = useT(ADMIN_SHOP_NS, 'business');
  const { data, isLoading, error } = useBusiness();
  return (
    <section className="grid gap-4 p-4">
      <h1 className="text-lg font-semibold text-slate-800">{t('title')}</h1>
      <p className="max-w-2xl text-sm text-slate-600">{t('intro')}</p>
      {error ? <p role="alert" className="text-red-700">{errorMessage(error)}</p> : isLoading || !data ? <Spinner className="h-8 w-8" /> : <BusinessForm current={data} />}
      <ChatLinkSettingsSection />
      <AdSettingsSection />
    </section>
  );
}

function BusinessForm({ current }: { current: BusinessSettings }) {
  const t = useT(ADMIN_SHOP_NS, 'business');
  const tAll = useT(ADMIN_SHOP_NS);
  const save = useSaveBusiness();
  const { register, handleSubmit, formState, reset } = useForm<Values>({ resolver: formResolver<Values>(businessSettingsSchema), defaultValues: current });
  const { errors, isSubmitting } = formState;
  const onValid = async (values: Values) => {
    try {
      const res = await save.mutateAsync(values);
      reset(res.data);
      toast.success(translateMessage(res.message));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate className="grid max-w-xl gap-4">
      <TextField label={t('tradeLicence')} id="tradeLicence" error={errors.tradeLicence?.message} {...normalizeOnBlur(register('tradeLicence'), normalizeDigitsInput)} />
      <TextField label={t('dbid')} id="dbid" error={errors.dbid?.message} {...normalizeOnBlur(register('dbid'), normalizeDigitsInput)} />
      <TextField label={t('bin')} id="bin" inputMode="numeric" error={errors.bin?.message} {...normalizeOnBlur(register('bin'), normalizeDigitsInput)} />
      <TextField label={t('address')} id="address" error={errors.address?.message} {...register('address')} />
      <TextField label={t('addressBn')} id="addressBn" lang="bn" error={errors.addressBn?.message} {...register('addressBn')} />
      <TextField label={t('vatRate')} id="vatRate" inputMode="decimal" error={errors.vatRate?.message} {...normalizeOnBlur(register('vatRate'), normalizeDigitsInput)} />
      <SubmitButton loading={isSubmitting}>{tAll('save')}</SubmitButton>
    </form>
  );
}
