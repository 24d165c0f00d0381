import { FaMinus, FaPlus } from 'react-icons/fa6';
import { formatCount } from '@haat/shared/money';

/** − quantity + ; the cart lets − reach 0 (removes the line), `max` stops +. */
export function QuantityStepper({
  value,
  onChange,
  min = 0,
  max,
  disabled,
  label,
}: {
  value: number;
  onChange: (next: number) => void;
  min?: number;
  max?: number;
  disabled?: boolean;
  label: string;
}) {
  return (
    <div className="flex items-center overflow-hidden rounded-md bg-brand-600 text-white" role="group" aria-label={`Quantity of ${label}`}>
      <button type="button" aria-label={`Decrease ${label}`} disabled={disabled || value <= min} onClick={() => onChange(value - 1)} className="px-2.5 py-1.5 hover:bg-brand-700 disabled:opacity-50">
        <FaMinus aria-hidden />
      </button>
      <span className="min-w-8 text-center font-semibold" aria-live="polite">
        {formatCount(value)}
      </span>
      <button type="button" aria-label={`Increase ${label}`} disabled={disabled || (max !== undefined && value >= max)} onClick={() => onChange(value + 1)} className="px-2.5 py-1.5 hover:bg-brand-700 disabled:opacity-50">
        <FaPlus aria-hidden />
      </button>
    </div>
  );
}
