import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useT } from '@/i18n';
import { complaintInputSchema, type ComplaintInput } from '@haat/shared/schemas/complaint';
import { normalizePhoneInput } from '@haat/shared/phone';
import { DNCRP_URL } from '@haat/shared/shop-terms';
import { SubmitButton } from '@/components/Button';
import { FormField, inputClass, TextField } from '@/components/FormField';
import { errorMessage } from '@/lib/api';
import { formResolver, normalizeOnBlur } from '@/lib/forms';
import { formatCount, useFormatDate } from '@/i18n/format';
import { useShopTerms } from '@/state/shopTerms';
import { useFileComplaint } from '../api/fileComplaint';
import { POLICIES_NS } from '../locales';
import { usePageTitle } from '@/i18n/pageTitle';

type Values = { name: string; mobile: string; order_id: string; text: string };

/** /complaint (issue 27): the shopper's complaint, acted on within the shop's complaint hours (72). */
export function ComplaintPage() {
  const t = useT(POLICIES_NS, 'complaint');
  usePageTitle(t('title'));
  const formatDate = useFormatDate();
  const terms = useShopTerms();
  const file = useFileComplaint();
  const [due, setDue] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<Values>({
    resolver: formResolver<Values>(complaintInputSchema),
    defaultValues: { name: '', mobile: '', order_id: '', text: '' },
  });
  const { errors, isSubmitting } = formState;
  const onValid = async (values: Values) => {
    const filed = await file.mutateAsync(values satisfies ComplaintInput).catch(() => null);
    if (!filed) return;
    setDue(filed.dueAt);
    reset();
  };
  return (
    <section className="mx-auto my-6 grid max-w-lg gap-4 p-4">
      <h1 className="text-xl font-semibold text-slate-800">{t('title')}</h1>
      <p className="text-sm text-slate-600">{t('intro', { hours: formatCount(terms.complaintHours) })}</p>
      {due && (
        <p role="status" className="rounded bg-brand-50 p-3 text-brand-800">
          {t('sent', { due: formatDate(due) })}
        </p>
      )}
      <form onSubmit={handleSubmit(onValid)} noValidate className="grid gap-3 rounded-lg bg-white p-4 shadow-sm">
        <TextField label={t('name')} id="complaint-name" autoComplete="name" error={errors.name?.message} {...register('name')} />
        <TextField label={t('mobile')} id="complaint-mobile" inputMode="tel" autoComplete="tel" error={errors.mobile?.message} {...normalizeOnBlur(register('mobile'), normalizePhoneInput)} />
        <TextField label={t('orderId')} id="complaint-order" autoComplete="off" error={errors.order_id?.message} {...register('order_id')} />
        <FormField label={t('text')} htmlFor="complaint-text" error={errors.text?.message}>
          <textarea id="complaint-text" rows={5} maxLength={2000} className={inputClass} {...register('text')} />
        </FormField>
        {file.isError && (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(file.error)}
          </p>
        )}
        <SubmitButton loading={isSubmitting}>{isSubmitting ? t('sending') : t('send')}</SubmitButton>
      </form>
      <p className="text-sm text-slate-600">
        {t('government')}{' '}
        <a href={DNCRP_URL} target="_blank" rel="noreferrer" className="font-medium text-brand-700 underline">
          dncrp.gov.bd
        </a>
      </p>
    </section>
  );
}
