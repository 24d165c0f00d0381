import { useT, currentLang } from '@/i18n';
import type { ProductOption } from '@haat/shared/schemas/variants';
import type { ValueState } from '../hooks/useVariantChoice';
import { CATALOGUE_NS } from '../locales';

/** The id of an option's picker, for the page to bring it into view ("Choose Size"). */
export const optionPickerId = (k: number) => `option-${k}`;

/** An option's name and a value of it in the current language: the Bangla ones in Bangla when the owner gave them. */
export const optionName = (o: Pick<ProductOption, 'name' | 'name_bn'>, bn: boolean) => (bn && o.name_bn) || o.name;
const valueName = (v: ProductOption['values'][number], bn: boolean) => (bn && v.value_bn) || v.value;

/**
 * One option's values as buttons (issue 21): pressed is chosen; a colour with a
 * swatch shows it; a value not in stock with the other choices is struck
 * through and says so to a screen reader, one out of stock everywhere is disabled.
 */
export function OptionPicker({
  option,
  index,
  picked,
  stateOf,
  onPick,
}: {
  option: ProductOption;
  index: number;
  picked: string | undefined;
  stateOf: (value: string) => ValueState;
  onPick: (value: string) => void;
}) {
  const t = useT(CATALOGUE_NS, 'product.option');
  const bn = currentLang() === 'bn';
  const pickedValue = option.values.find((v) => v.value === picked);
  return (
    <fieldset id={optionPickerId(index)} className="flex flex-col gap-2">
      <legend className="mb-2 text-sm font-semibold text-slate-800">
        {optionName(option, bn)}
        {pickedValue && <span className="font-normal text-slate-600">: {valueName(pickedValue, bn)}</span>}
      </legend>
      <div className="flex flex-wrap gap-2">
        {option.values.map((v) => {
          const state = stateOf(v.value);
          const pressed = v.value === picked;
          return (
            <button
              key={v.value}
              type="button"
              aria-pressed={pressed}
              disabled={state === 'soldOut'}
              onClick={() => onPick(v.value)}
              className={`flex min-h-10 items-center gap-2 rounded-lg border px-3 py-1.5 text-sm ${
                pressed ? 'border-brand-600 bg-brand-50 font-semibold text-brand-700 ring-1 ring-brand-600' : 'border-slate-300 text-slate-800 hover:border-brand-500'
              } ${state === 'available' ? '' : 'text-slate-500 line-through decoration-slate-500'} disabled:cursor-not-allowed disabled:opacity-60`}
            >
              {v.swatch && <span aria-hidden className="h-5 w-5 shrink-0 rounded-full border border-slate-300" style={{ backgroundColor: v.swatch }} />}
              {valueName(v, bn)}
              {state !== 'available' && <span className="sr-only"> ({t(state)})</span>}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
