import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { AdSettingsInput, AdSettingsView } from '@haat/shared/schemas/ads';
import { useT } from '@/i18n';
import { translateMessage } from '@/i18n/messages';
import { SubmitButton } from '@/components/Button';
import { FormField, inputClass } from '@/components/FormField';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api';
import { authRequest } from '@/lib/session';
import { ADMIN_SHOP_NS } from '../locales';

const KEY = ['ads', 'settings'];

/** The owner's ad and analytics settings (issue 45, decision 0119): ids, tokens (only ever sent, never shown) and when a COD Purchase goes. */
export function AdSettingsSection() {
  const t = useT(ADMIN_SHOP_NS, 'ads');
  const { data, error } = useQuery({ queryKey: KEY, queryFn: async () => (await authRequest<AdSettingsView>('ads/settings')).data });
  return (
    <section className="grid gap-3" aria-labelledby="ads-title">
      <h2 id="ads-title" className="text-lg font-semibold text-slate-800">{t('title')}</h2>
      <p className="max-w-2xl text-sm text-slate-600">{t('intro')}</p>
      {error ? <p role="alert" className="text-red-700">{errorMessage(error)}</p> : !data ? <Spinner className="h-8 w-8" /> : <AdSettingsForm current={data} />}
    </section>
  );
}

function AdSettingsForm({ current }: { current: AdSettingsView }) {
  const t = useT(ADMIN_SHOP_NS, 'ads');
  const tAll = useT(ADMIN_SHOP_NS);
  const queryClient = useQueryClient();
  const [form, setForm] = useState({ meta_pixel_id: current.meta_pixel_id, meta_capi_token: '', meta_purchase_at: current.meta_purchase_at, ga_measurement_id: current.ga_measurement_id, ga_api_secret: '' });
  const save = useMutation({
    mutationFn: (body: AdSettingsInput) => authRequest<AdSettingsView>('ads/settings', { method: 'PUT', body }),
    onSuccess: (res) => queryClient.setQueryData(KEY, res.data),
  });
  const set = (name: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [name]: e.target.value }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const res = await save.mutateAsync(form);
      setForm((f) => ({ ...f, meta_capi_token: '', ga_api_secret: '' }));
      toast.success(translateMessage(res.message));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <form onSubmit={submit} noValidate className="grid max-w-xl gap-4">
      <FormField label={t('pixelId')} htmlFor="ads-pixel">
        <input id="ads-pixel" className={inputClass} inputMode="numeric" value={form.meta_pixel_id} onChange={set('meta_pixel_id')} />
      </FormField>
      <FormField label={t('capiToken')} htmlFor="ads-token">
        <input id="ads-token" type="password" autoComplete="off" className={inputClass} value={form.meta_capi_token} onChange={set('meta_capi_token')} placeholder={current.meta_capi_token_set ? t('tokenSet') : ''} />
      </FormField>
      <fieldset className="grid gap-1 text-sm">
        <legend className="font-medium text-slate-700">{t('purchaseAt')}</legend>
        {(['order', 'delivery'] as const).map((at) => (
          <label key={at} className="flex items-center gap-2">
            <input type="radio" name="purchase-at" checked={form.meta_purchase_at === at} onChange={() => setForm((f) => ({ ...f, meta_purchase_at: at }))} />
            {t(at === 'order' ? 'atOrder' : 'atDelivery')}
          </label>
        ))}
      </fieldset>
      <FormField label={t('gaId')} htmlFor="ads-ga">
        <input id="ads-ga" className={inputClass} value={form.ga_measurement_id} onChange={set('ga_measurement_id')} />
      </FormField>
      <FormField label={t('gaSecret')} htmlFor="ads-ga-secret">
        <input id="ads-ga-secret" type="password" autoComplete="off" className={inputClass} value={form.ga_api_secret} onChange={set('ga_api_secret')} placeholder={current.ga_api_secret_set ? t('tokenSet') : ''} />
      </FormField>
      <SubmitButton loading={save.isPending}>{tAll('save')}</SubmitButton>
    </form>
  );
}
