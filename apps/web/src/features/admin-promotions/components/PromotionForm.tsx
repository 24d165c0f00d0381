import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useLang, useT } from '@/i18n';
import toast from 'react-hot-toast';
import { SEARCH_DEBOUNCE_MS } from '@haat/shared/constants';
import { discountedPrice } from '@haat/shared/pricing';
import type { Product } from '@haat/shared/schemas/catalogue';
import { variantValues, type AdminVariants } from '@haat/shared/schemas/variants';
import {
  PROMOTION_KINDS,
  PROMOTION_SCOPES,
  promotionInputSchema,
  type PromotionInput,
  type PromotionKind,
  type PromotionScopeKind,
  type PromotionView,
} from '@haat/shared/schemas/promotion';
import { SubmitButton } from '@/components/Button';
import { inputClass } from '@/components/FormField';
import { usePriceText } from '@/components/priceText';
import { ApiError, errorMessage } from '@/lib/api';
import { useAdminProducts, useAdminVariants } from '@/lib/adminProducts';
import { useCategories, useSubCategories } from '@/lib/catalogue';
import { translateMessage } from '@/i18n/messages';
import { formatCount } from '@/i18n/format';
import { useLocalName, useLocalUnit } from '@/i18n/localName';
import '@/i18n/adminMessages.locales';
import { useSavePromotion } from '../api/promotions';
import { fromDhakaInput, toDhakaInput } from '@/lib/dhakaTime';
import { ADMIN_PROMOTIONS_NS } from '../locales';

/** The form's values as typed: numbers and limits as text (Bengali digits too), times as Dhaka datetime-local. */
interface Values {
  name: string;
  name_bn: string;
  code: string;
  kind: PromotionKind;
  value: string;
  buy_qty: string;
  get_qty: string;
  scopeKind: PromotionScopeKind;
  ids: string[];
  min_subtotal: string;
  starts_at: string;
  ends_at: string;
  usage_limit: string;
  per_customer_limit: string;
  combines: boolean;
  active: boolean;
}

/** The fields an error can name; a nested name ('scope.ids.0') is its first part. */
type Field = keyof PromotionInput;
type Errors = Partial<Record<Field | 'form', string>>;

const text = (n: number | null | undefined) => (n === null || n === undefined ? '' : String(n));

function valuesOf(p: PromotionView | null): Values {
  const now = new Date().toISOString();
  return {
    name: p?.name ?? '',
    name_bn: p?.name_bn ?? '',
    code: p?.code ?? '',
    kind: p?.kind ?? 'percent',
    value: p ? text(p.value) : '',
    buy_qty: p?.kind === 'bxgy' ? text(p.buy_qty) : '',
    get_qty: p?.kind === 'bxgy' ? text(p.get_qty) : '',
    scopeKind: p?.scope.kind ?? 'order',
    ids: p?.scope.ids ?? [],
    min_subtotal: p ? text(p.min_subtotal) : '0',
    starts_at: toDhakaInput(p?.starts_at ?? now),
    ends_at: p ? toDhakaInput(p.ends_at) : '',
    usage_limit: text(p?.usage_limit),
    per_customer_limit: text(p?.per_customer_limit),
    combines: p?.combines ?? false,
    active: p?.active ?? true,
  };
}

/** The API's input from the form: only what the kind and scope use is sent. */
function inputOf(v: Values): PromotionInput {
  return {
    name: v.name,
    name_bn: v.name_bn,
    code: v.code.trim() || null,
    kind: v.kind,
    value: v.kind === 'free_delivery' ? 0 : v.value,
    buy_qty: v.kind === 'bxgy' ? v.buy_qty : 0,
    get_qty: v.kind === 'bxgy' ? v.get_qty : 0,
    scope: { kind: v.scopeKind, ids: v.scopeKind === 'order' ? [] : v.ids },
    min_subtotal: v.min_subtotal,
    starts_at: fromDhakaInput(v.starts_at),
    ends_at: fromDhakaInput(v.ends_at),
    usage_limit: v.usage_limit.trim() || null,
    per_customer_limit: v.per_customer_limit.trim() || null,
    combines: v.combines,
    active: v.active,
  } as PromotionInput;
}

const fieldOf = (path: string | number | undefined): Field | 'form' => {
  const first = String(path ?? '').split('.')[0];
  return first && first in promotionInputSchema.shape ? (first as Field) : 'form';
};

/**
 * Create or edit a promotion (issue 22). The shared schema is checked first, so
 * a mistake is named at its field before anything is sent; the server's 400
 * names its field too (params.field), shown there by its code in the page's language.
 */
export function PromotionForm({ promotion, onDone }: { promotion: PromotionView | null; onDone: () => void }) {
  const t = useT(ADMIN_PROMOTIONS_NS, 'form');
  const tPage = useT(ADMIN_PROMOTIONS_NS);
  const save = useSavePromotion();
  const [v, setV] = useState<Values>(() => valuesOf(promotion));
  const [errors, setErrors] = useState<Errors>({});
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setV((old) => ({ ...old, [key]: value }));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const input = inputOf(v);
    const parsed = promotionInputSchema.safeParse(input);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = fieldOf(issue.path[0] as string | undefined);
        found[field] ??= translateMessage(issue.message);
      }
      // An empty date box: say so, rather than the API's format.
      if (!v.starts_at) found.starts_at = t('chooseTime');
      if (!v.ends_at) found.ends_at = t('chooseTime');
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ id: promotion?._id ?? null, input });
      toast.success(tPage('saved'));
      onDone();
    } catch (err) {
      const field = err instanceof ApiError ? fieldOf(err.params.field) : 'form';
      setErrors({ [field]: errorMessage(err) });
    }
  };

  const err = (field: Field) => errors[field];
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby="promotion-form-title">
      <h2 id="promotion-form-title" className="font-semibold text-slate-800">
        {promotion ? t('editTitle') : t('newTitle')}
      </h2>
      <Field id="promo_name" label={t('name')} error={err('name')}>
        <input id="promo_name" className={inputClass} value={v.name} onChange={(e) => set('name', e.target.value)} {...described('promo_name', err('name'))} />
      </Field>
      <Field id="promo_name_bn" label={t('nameBn')} error={err('name_bn')}>
        <input id="promo_name_bn" lang="bn" className={inputClass} value={v.name_bn} onChange={(e) => set('name_bn', e.target.value)} {...described('promo_name_bn', err('name_bn'))} />
      </Field>
      <Field id="promo_code" label={t('code')} error={err('code')}>
        <input id="promo_code" className={`${inputClass} uppercase`} autoComplete="off" spellCheck={false} value={v.code} onChange={(e) => set('code', e.target.value)} {...described('promo_code', err('code'))} />
      </Field>
      <div className="grid grid-cols-2 gap-3">
        <Field id="promo_kind" label={t('kind')} error={err('kind')}>
          <select id="promo_kind" className={inputClass} value={v.kind} onChange={(e) => set('kind', e.target.value as PromotionKind)}>
            {PROMOTION_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </select>
        </Field>
        {v.kind !== 'free_delivery' && (
          <Field id="promo_value" label={t('value')} error={err('value')} hint={t(`valueHint.${v.kind}`)}>
            <input id="promo_value" inputMode="numeric" className={inputClass} value={v.value} onChange={(e) => set('value', e.target.value)} {...described('promo_value', err('value'))} />
          </Field>
        )}
      </div>
      {v.kind === 'bxgy' && (
        <div className="grid grid-cols-2 gap-3">
          <Field id="promo_buy" label={t('buyQty')} error={err('buy_qty')}>
            <input id="promo_buy" inputMode="numeric" className={inputClass} value={v.buy_qty} onChange={(e) => set('buy_qty', e.target.value)} {...described('promo_buy', err('buy_qty'))} />
          </Field>
          <Field id="promo_get" label={t('getQty')} error={err('get_qty')}>
            <input id="promo_get" inputMode="numeric" className={inputClass} value={v.get_qty} onChange={(e) => set('get_qty', e.target.value)} {...described('promo_get', err('get_qty'))} />
          </Field>
        </div>
      )}
      <Field id="promo_scope" label={t('scope')} error={err('scope')}>
        <select id="promo_scope" className={inputClass} value={v.scopeKind} onChange={(e) => setV((old) => ({ ...old, scopeKind: e.target.value as PromotionScopeKind, ids: [] }))}>
          {PROMOTION_SCOPES.map((s) => (
            <option key={s} value={s}>
              {t(`scopes.${s}`)}
            </option>
          ))}
        </select>
      </Field>
      {v.scopeKind !== 'order' && <ScopePicker kind={v.scopeKind} ids={v.ids} onChange={(ids) => set('ids', ids)} />}
      <Field id="promo_min" label={t('minSubtotal')} error={err('min_subtotal')}>
        <input id="promo_min" inputMode="numeric" className={inputClass} value={v.min_subtotal} onChange={(e) => set('min_subtotal', e.target.value)} {...described('promo_min', err('min_subtotal'))} />
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="promo_starts" label={t('startsAt')} error={err('starts_at')}>
          <input id="promo_starts" type="datetime-local" className={inputClass} value={v.starts_at} onChange={(e) => set('starts_at', e.target.value)} {...described('promo_starts', err('starts_at'))} />
        </Field>
        <Field id="promo_ends" label={t('endsAt')} error={err('ends_at')}>
          <input id="promo_ends" type="datetime-local" className={inputClass} value={v.ends_at} onChange={(e) => set('ends_at', e.target.value)} {...described('promo_ends', err('ends_at'))} />
        </Field>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="promo_usage" label={t('usageLimit')} error={err('usage_limit')}>
          <input id="promo_usage" inputMode="numeric" className={inputClass} value={v.usage_limit} onChange={(e) => set('usage_limit', e.target.value)} {...described('promo_usage', err('usage_limit'))} />
        </Field>
        <Field id="promo_per_customer" label={t('perCustomerLimit')} error={err('per_customer_limit')}>
          <input id="promo_per_customer" inputMode="numeric" className={inputClass} value={v.per_customer_limit} onChange={(e) => set('per_customer_limit', e.target.value)} {...described('promo_per_customer', err('per_customer_limit'))} />
        </Field>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={v.combines} onChange={(e) => set('combines', e.target.checked)} /> {t('combines')}
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" checked={v.active} onChange={(e) => set('active', e.target.checked)} /> {t('active')}
      </label>
      {errors.form && (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
        </p>
      )}
      <div className="flex gap-2">
        <SubmitButton loading={save.isPending} className="px-5">
          {t('save')}
        </SubmitButton>
        <button type="button" onClick={onDone} className="rounded-lg border border-slate-300 px-4 font-semibold text-slate-700 hover:bg-slate-50">
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}

const described = (id: string, error: string | undefined) => (error ? { 'aria-invalid': true, 'aria-describedby': `${id}_error` } : {});

function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className="grid content-start gap-1 text-sm">
      <label htmlFor={id} className="font-medium text-slate-700">
        {label}
      </label>
      {children}
      {hint && <p className="text-xs text-slate-500">{hint}</p>}
      {error && (
        <p id={`${id}_error`} role="alert" className="text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The categories, sub-categories or products a promotion holds: tick boxes, products found by search. */
function ScopePicker({ kind, ids, onChange }: { kind: Exclude<PromotionScopeKind, 'order'>; ids: string[]; onChange: (ids: string[]) => void }) {
  const t = useT(ADMIN_PROMOTIONS_NS, 'form');
  const nameOf = useLocalName();
  const categories = useCategories().data ?? [];
  const subCategories = useSubCategories().data ?? [];
  const [search, setSearch] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setTerm(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const products = useAdminProducts(1, term).data?.products ?? [];
  const variants = useAdminVariants(kind === 'products' ? products.map((p) => p._id) : []).data ?? [];
  const toggle = (id: string, on: boolean) => onChange(on ? [...ids, id] : ids.filter((x) => x !== id));
  const shown: { _id: string; name: string; name_bn?: string }[] = kind === 'categories' ? categories : kind === 'sub_categories' ? subCategories : products;
  return (
    <fieldset className="grid gap-1 rounded border border-slate-200 p-2 text-sm">
      <legend className="px-1 font-medium text-slate-700">{t(`scopes.${kind}`)}</legend>
      {kind === 'products' && (
        <input type="search" aria-label={t('findProduct')} placeholder={t('findProduct')} className={inputClass} value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
      )}
      {kind === 'products' && ids.filter((id) => !shown.some((p) => p._id === id)).length > 0 && (
        <p className="text-xs text-slate-500">{ids.filter((id) => !shown.some((p) => p._id === id)).join(', ')}</p>
      )}
      <ul className="grid max-h-56 gap-0.5 overflow-y-auto">
        {shown.map((item) => (
          <li key={item._id}>
            <label className="flex items-start gap-2">
              <input type="checkbox" className="mt-1" checked={ids.includes(item._id)} onChange={(e) => toggle(item._id, e.target.checked)} />
              {/* One run of text, so a phone wraps the facts under the name. */}
              <span>
                {nameOf(item)}
                {kind === 'products' && <ProductFacts product={item as Product} variants={variants.find((v) => v._id === item._id)} />}
              </span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * What tells two products of one name apart in the picker (issue 42): the unit, the price
 * ("from" when the variants' differ) and the SKUs, or the variants where they have none.
 */
function ProductFacts({ product, variants }: { product: Product; variants: AdminVariants[number] | undefined }) {
  const t = useT(ADMIN_PROMOTIONS_NS, 'form');
  const lang = useLang();
  const priceText = usePriceText();
  const unitOf = useLocalUnit();
  const firstFew = (items: string[]) => [items.slice(0, 3).join(', '), items.length > 3 ? t('more', { n: formatCount(items.length - 3) }) : ''].filter(Boolean).join(' ');
  const skus = variants?.variants.flatMap((v) => v.sku || []) ?? [];
  // The SKUs, else the variants' values ("L / Red"), else nothing (a product without options is not in the answer).
  const named = variants?.variants.map((v) => variantValues(variants.options, v.values, lang)) ?? [];
  const codes = skus.length ? t('skus', { skus: firstFew(skus) }) : named.length ? t('variants', { variants: firstFew(named) }) : '';
  const facts = [product.unit && unitOf(product.unit), priceText(discountedPrice(product.price, product.discount), product.price_varies), codes];
  return <span className="text-slate-500">{facts.filter(Boolean).map((fact) => ` · ${fact}`).join('')}</span>;
}
