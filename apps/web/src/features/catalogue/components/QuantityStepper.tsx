import { FaMinus, FaPlus } from 'react-icons/fa6';
import { formatCount } from '@haat/shared/money';

/** Product page quantity (spec §4): from 1 up to the product's `quantity`. */
export function QuantityStepper({ value, max, onChange }: { value: number; max: number; onChange: (n: number) => void }) {
  const limit = Math.max(1, max);
  return (
    <div className="inline-flex items-center rounded-lg border border-slate-300" role="group" aria-label="Quantity">
      <button type="button" aria-label="Decrease quantity" disabled={value <= 1} onClick={() => onChange(Math.max(1, value - 1))} className="p-3 text-slate-700 disabled:opacity-40">
        <FaMinus />
      </button>
      <output aria-live="polite" aria-label="Selected quantity" className="min-w-10 text-center font-semibold">{formatCount(value)}</output>
      <button type="button" aria-label="Increase quantity" disabled={value >= limit} onClick={() => onChange(Math.min(limit, value + 1))} className="p-3 text-slate-700 disabled:opacity-40">
        <FaPlus />
      </button>
    </div>
  );
}
