import { memo, useCallback, useState, type Dispatch, type SetStateAction } from 'react';
import { useT, currentLang } from '@/i18n';
import { IoClose } from 'react-icons/io5';
import { allCombinations, MAX_OPTIONS, variantLabel, type ProductOption } from '@haat/shared/schemas/variants';
import { inputClass } from '@/components/FormField';
import { formatCount } from '@/i18n/format';
import { ADMIN_VARIANTS_NS } from './variants.locales';

/** A variant row as the form holds it: numbers as typed, the picture as the form's own image (a File or a kept URL). */
export interface VariantDraft {
  /** A stable React key (the stored id, or one made for a new row). */
  key: string;
  _id?: string;
  values: string[];
  sku: string;
  price: string;
  discount: string;
  stock: string;
  /** The stock the form loaded (a stored variant): the server writes a changed stock only while it still holds this. */
  expectedStock?: number;
  picture: File | string | null;
  publish: boolean;
}

export interface VariantsValue {
  options: ProductOption[];
  variants: VariantDraft[];
}

export const NO_VARIANTS: VariantsValue = { options: [], variants: [] };

let drafts = 0;
const newKey = () => `new-${++drafts}`;
const sameValues = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);

type Field = 'price' | 'discount' | 'stock' | 'sku';
/** A row's typed fields and their input widths, in column order. */
const ROW_FIELDS: [Field, string][] = [
  ['price', 'w-24'],
  ['discount', 'w-16'],
  ['stock', 'w-20'],
  ['sku', 'w-32'],
];

/**
 * The product form's Variants section (issue 21, decision 0069): up to 3
 * options and their values, every combination generated at once (rows that
 * already exist are kept), one table of price, discount, stock, SKU, picture
 * and publish per variant, and a bulk set by option value. Rows are memoised:
 * typing in one of 250 re-renders that row only.
 */
export function VariantsEditor({ value, onChange, images, productPrice }: { value: VariantsValue; onChange: Dispatch<SetStateAction<VariantsValue>>; images: (File | string)[]; productPrice: string }) {
  const t = useT(ADMIN_VARIANTS_NS);
  const { options, variants } = value;
  const lang = currentLang();

  const setOption = (i: number, option: ProductOption) => onChange({ ...value, options: options.map((o, k) => (k === i ? option : o)) });
  const removeOption = (i: number) => onChange({ options: options.filter((_, k) => k !== i), variants: [] });
  const generate = () => {
    const combos = allCombinations(options);
    onChange({
      options,
      variants: combos.map(
        (values) =>
          variants.find((v) => sameValues(v.values, values)) ?? { key: newKey(), values, sku: '', price: variants[0]?.price ?? productPrice, discount: variants[0]?.discount ?? '0', stock: '0', picture: null, publish: true },
      ),
    });
  };
  // A functional update keeps a row's callback stable, so memo skips the other rows.
  const setRow = useCallback((key: string, patch: Partial<VariantDraft>) => onChange((prev) => ({ ...prev, variants: prev.variants.map((v) => (v.key === key ? { ...v, ...patch } : v)) })), [onChange]);

  return (
    <fieldset className="grid gap-3 rounded-lg border border-slate-200 p-3">
      <legend className="px-1 font-medium text-slate-700">{t('title')}</legend>
      <p className="text-sm text-slate-600">{t('hint')}</p>
      {options.map((option, i) => (
        <OptionEditor key={i} index={i} option={option} onChange={(o) => setOption(i, o)} onRemove={() => removeOption(i)} />
      ))}
      <div className="flex flex-wrap gap-2">
        {options.length < MAX_OPTIONS && (
          <button type="button" onClick={() => onChange({ ...value, options: [...options, { name: '', name_bn: '', values: [] }] })} className="rounded border border-brand-600 px-3 py-1 font-medium text-brand-700 hover:bg-brand-50">
            {t('addOption')}
          </button>
        )}
        {options.length > 0 && (
          <button type="button" onClick={generate} disabled={options.some((o) => o.values.length === 0)} className="rounded bg-brand-600 px-3 py-1 font-medium text-white hover:bg-brand-700 disabled:opacity-50">
            {t('generate')}
          </button>
        )}
      </div>
      {variants.length > 0 && (
        <>
          <p className="text-sm text-slate-600">
            {t('generated', { n: formatCount(variants.length) })} · {t('fromVariants')}
          </p>
          <BulkSet options={options} onApply={(match, field, v) => onChange({ ...value, variants: variants.map((d) => (match(d) ? { ...d, [field]: v } : d)) })} />
          <div className="overflow-x-auto">
            <table className="w-full min-w-[40rem] text-sm">
              <thead>
                <tr className="text-left text-slate-600">
                  <th className="py-1 pr-2 font-medium">{t('variant')}</th>
                  <th className="py-1 pr-2 font-medium">{t('price')}</th>
                  <th className="py-1 pr-2 font-medium">{t('discount')}</th>
                  <th className="py-1 pr-2 font-medium">{t('stock')}</th>
                  <th className="py-1 pr-2 font-medium">{t('sku')}</th>
                  <th className="py-1 pr-2 font-medium">{t('picture')}</th>
                  <th className="py-1 font-medium">{t('publish')}</th>
                </tr>
              </thead>
              <tbody>
                {variants.map((v) => (
                  <VariantRow key={v.key} draft={v} label={variantLabel(options, v.values, lang)} images={images} onChange={setRow} />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </fieldset>
  );
}

function OptionEditor({ index, option, onChange, onRemove }: { index: number; option: ProductOption; onChange: (o: ProductOption) => void; onRemove: () => void }) {
  const t = useT(ADMIN_VARIANTS_NS);
  const [draft, setDraft] = useState({ value: '', value_bn: '', swatch: '' });
  const n = formatCount(index + 1);
  // What the buttons' and lists' labels call the option and its values: in Bangla where the owner gave it (issue 42).
  const bn = currentLang() === 'bn';
  const name = (bn && option.name_bn) || option.name || t('option', { n });
  const add = () => {
    if (!draft.value.trim()) return;
    onChange({ ...option, values: [...option.values, { value: draft.value.trim(), value_bn: draft.value_bn.trim(), swatch: draft.swatch }] });
    setDraft({ value: '', value_bn: '', swatch: '' });
  };
  return (
    <div role="group" aria-label={t('option', { n })} className="grid gap-2 rounded border border-slate-100 bg-slate-50 p-2">
      <div className="flex flex-wrap items-end gap-2">
        <label className="grid flex-1 gap-1 text-sm">
          {t('optionName', { n })}
          <input value={option.name} placeholder={t('optionPlaceholder')} onChange={(e) => onChange({ ...option, name: e.target.value })} className={inputClass} />
        </label>
        <label className="grid flex-1 gap-1 text-sm">
          {t('optionNameBn', { n })}
          <input lang="bn" value={option.name_bn} onChange={(e) => onChange({ ...option, name_bn: e.target.value })} className={inputClass} />
        </label>
        <button type="button" aria-label={t('removeOption', { name })} onClick={onRemove} className="rounded p-2 text-slate-500 hover:bg-slate-200 hover:text-red-600">
          <IoClose />
        </button>
      </div>
      <ul className="flex flex-wrap gap-1" aria-label={t('valuesOf', { name })}>
        {option.values.map((v) => (
          <li key={v.value} className="flex items-center gap-1 rounded-full bg-white px-2 py-0.5 text-sm ring-1 ring-slate-200">
            {v.swatch && <span aria-hidden className="inline-block h-3 w-3 rounded-full" style={{ backgroundColor: v.swatch }} />}
            {v.value}
            {v.value_bn && <span lang="bn" className="text-slate-500">({v.value_bn})</span>}
            <button type="button" aria-label={t('removeValue', { value: (bn && v.value_bn) || v.value })} onClick={() => onChange({ ...option, values: option.values.filter((x) => x !== v) })} className="text-slate-500 hover:text-red-600">
              <IoClose />
            </button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-end gap-2">
        <label className="grid gap-1 text-sm">
          {t('value')}
          <input
            value={draft.value}
            onChange={(e) => setDraft({ ...draft, value: e.target.value })}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                add();
              }
            }}
            className={`${inputClass} w-28`}
          />
        </label>
        <label className="grid gap-1 text-sm">
          {t('valueBn')}
          <input lang="bn" value={draft.value_bn} onChange={(e) => setDraft({ ...draft, value_bn: e.target.value })} className={`${inputClass} w-28`} />
        </label>
        <label className="grid gap-1 text-sm">
          {t('swatch')}
          <input type="color" value={draft.swatch || '#ffffff'} onChange={(e) => setDraft({ ...draft, swatch: e.target.value })} className="h-9 w-12 rounded border border-slate-300" />
        </label>
        <button type="button" onClick={add} aria-label={t('addValue', { name })} className="rounded bg-slate-700 px-3 py-2 text-sm font-medium text-white hover:bg-slate-800">
          +
        </button>
      </div>
    </div>
  );
}

/** Sets one field of every variant with a chosen option value (or of all). */
function BulkSet({ options, onApply }: { options: ProductOption[]; onApply: (match: (d: VariantDraft) => boolean, field: Field, value: string) => void }) {
  const t = useT(ADMIN_VARIANTS_NS);
  const [which, setWhich] = useState('');
  const [field, setField] = useState<Field>('price');
  const [v, setV] = useState('');
  const lang = currentLang();
  return (
    <div className="flex flex-wrap items-end gap-2 text-sm" role="group" aria-label={t('bulk')}>
      <label className="grid gap-1">
        {t('bulkWhich')}
        <select value={which} onChange={(e) => setWhich(e.target.value)} className={inputClass}>
          <option value="">{t('bulkAll')}</option>
          {options.flatMap((o, k) =>
            o.values.map((x) => (
              <option key={`${k}:${x.value}`} value={`${k}:${x.value}`}>
                {variantLabel([o], [x.value], lang)}
              </option>
            )),
          )}
        </select>
      </label>
      <label className="grid gap-1">
        {t('bulkField')}
        <select value={field} onChange={(e) => setField(e.target.value as Field)} className={inputClass}>
          <option value="price">{t('price')}</option>
          <option value="discount">{t('discount')}</option>
          <option value="stock">{t('stock')}</option>
        </select>
      </label>
      <label className="grid gap-1">
        {t('bulkValue')}
        <input inputMode="numeric" value={v} onChange={(e) => setV(e.target.value)} className={`${inputClass} w-28`} />
      </label>
      <button
        type="button"
        onClick={() => {
          const [k, value] = which ? [Number(which.slice(0, which.indexOf(':'))), which.slice(which.indexOf(':') + 1)] : [-1, ''];
          onApply((d) => k < 0 || d.values[k] === value, field, v);
        }}
        className="rounded bg-slate-700 px-3 py-2 font-medium text-white hover:bg-slate-800"
      >
        {t('apply')}
      </button>
    </div>
  );
}

const VariantRow = memo(function VariantRow({ draft, label, images, onChange }: { draft: VariantDraft; label: string; images: (File | string)[]; onChange: (key: string, patch: Partial<VariantDraft>) => void }) {
  const t = useT(ADMIN_VARIANTS_NS);
  const cell = (field: Field, width: string) => (
    <td key={field} className="py-1 pr-2">
      <input
        aria-label={t('fieldOf', { field: t(field), variant: label })}
        inputMode={field === 'sku' ? undefined : 'numeric'}
        value={draft[field]}
        onChange={(e) => onChange(draft.key, { [field]: e.target.value })}
        className={`${inputClass} ${width}`}
      />
    </td>
  );
  const picked = draft.picture === null ? -1 : images.indexOf(draft.picture);
  return (
    <tr className="border-t border-slate-100">
      <th scope="row" className="py-1 pr-2 text-left font-normal">{label}</th>
      {ROW_FIELDS.map(([field, width]) => cell(field, width))}
      <td className="py-1 pr-2">
        <select aria-label={t('fieldOf', { field: t('picture'), variant: label })} value={picked} onChange={(e) => onChange(draft.key, { picture: Number(e.target.value) < 0 ? null : (images[Number(e.target.value)] ?? null) })} className={inputClass}>
          <option value={-1}>{t('noPicture')}</option>
          {images.map((_, i) => (
            <option key={i} value={i}>
              {t('pictureN', { n: formatCount(i + 1) })}
            </option>
          ))}
        </select>
      </td>
      <td className="py-1 text-center">
        <input type="checkbox" aria-label={t('fieldOf', { field: t('publish'), variant: label })} checked={draft.publish} onChange={(e) => onChange(draft.key, { publish: e.target.checked })} />
      </td>
    </tr>
  );
});
