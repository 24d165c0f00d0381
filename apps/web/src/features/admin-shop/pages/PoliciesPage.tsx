import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { useT } from '@/i18n';
import { policyPageInputSchema, type PolicyPage, type PolicyPageInput } from '@haat/shared/policies';
import { paths } from '@haat/shared/paths';
import { SubmitButton } from '@/components/Button';
import { FormField, inputClass, TextField } from '@/components/FormField';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api';
import { formResolver } from '@/lib/forms';
import { formatCount } from '@/i18n/format';
import { translateMessage } from '@/i18n/messages';
import { usePolicyPages, useSavePolicyPage } from '../api/shopAdmin';
import { ADMIN_SHOP_NS } from '../locales';

/** /dashboard/policies (settings.manage): the four policy pages, each edited in both languages (issue 27). */
export function PoliciesPage() {
  const t = useT(ADMIN_SHOP_NS, 'pages');
  const { data, isLoading, error } = usePolicyPages();
  return (
    <section className="grid gap-4 p-4">
      <h1 className="text-lg font-semibold text-slate-800">{t('title')}</h1>
      <p className="max-w-3xl text-sm text-slate-600">{t('intro')}</p>
      {error ? <p role="alert" className="text-red-700">{errorMessage(error)}</p> : isLoading || !data ? <Spinner className="h-8 w-8" /> : data.map((page) => <PageForm key={`${page.slug}-${page.version}`} page={page} />)}
    </section>
  );
}

function PageForm({ page }: { page: PolicyPage }) {
  const t = useT(ADMIN_SHOP_NS);
  const save = useSavePolicyPage();
  const { register, handleSubmit, formState } = useForm<PolicyPageInput>({
    resolver: formResolver<PolicyPageInput>(policyPageInputSchema),
    defaultValues: { title_en: page.title_en, title_bn: page.title_bn, body_en: page.body_en, body_bn: page.body_bn },
  });
  const { errors, isSubmitting } = formState;
  const onValid = async (input: PolicyPageInput) => {
    try {
      toast.success(translateMessage((await save.mutateAsync({ slug: page.slug, input })).message));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  const id = (field: string) => `${page.slug}-${field}`;
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate aria-label={page.title_en} className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold text-slate-800">
          {page.title_en} · {page.title_bn}
        </h2>
        <p className="text-sm text-slate-500">
          {page.version > 0 ? t('pages.version', { n: formatCount(page.version) }) : t('pages.defaultText')} ·{' '}
          <Link to={paths.policy(page.slug)} className="text-brand-700 underline">
            {t('pages.view')}
          </Link>
        </p>
      </div>
      <div className="grid gap-3 lg:grid-cols-2">
        <TextField label={t('pages.titleEn')} id={id('title-en')} error={errors.title_en?.message} {...register('title_en')} />
        <TextField label={t('pages.titleBn')} id={id('title-bn')} lang="bn" error={errors.title_bn?.message} {...register('title_bn')} />
        <FormField label={t('pages.bodyEn')} htmlFor={id('body-en')} error={errors.body_en?.message}>
          <textarea id={id('body-en')} rows={12} className={inputClass} {...register('body_en')} />
        </FormField>
        <FormField label={t('pages.bodyBn')} htmlFor={id('body-bn')} error={errors.body_bn?.message}>
          <textarea id={id('body-bn')} lang="bn" rows={12} className={inputClass} {...register('body_bn')} />
        </FormField>
      </div>
      <SubmitButton loading={isSubmitting} className="justify-self-start px-6">
        {t('save')}
      </SubmitButton>
    </form>
  );
}
