import { useT } from '@/i18n';
import { IoClose } from 'react-icons/io5';
import { inputClass } from '@/components/FormField';
import { useLocalName } from '@/i18n/localName';
import { ADMIN_CATALOGUE_NS } from '../locales';

export interface Option {
  _id: string;
  name: string;
  name_bn?: string;
}

/**
 * Spec §4: choosing an option adds a chip (a second choice of the same one is
 * ignored); the chip's remove icon takes it out again.
 */
export function ChipSelect({
  id,
  label,
  options,
  value,
  onChange,
}: {
  id: string;
  label: string;
  options: readonly Option[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
}) {
  const t = useT(ADMIN_CATALOGUE_NS);
  // The Bangla names on a Bangla page, as the shop shows them (issue 42).
  const nameOf = useLocalName();
  const byId = new Map(options.map((o) => [o._id, nameOf(o)]));
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="font-medium text-slate-700">{label}</label>
      <select
        id={id}
        value=""
        className={inputClass}
        onChange={(e) => {
          const picked = e.target.value;
          if (picked && !value.includes(picked)) onChange([...value, picked]);
        }}
      >
        <option value="">{t('chips.select', { label })}</option>
        {options.map((o) => (
          <option key={o._id} value={o._id}>{nameOf(o)}</option>
        ))}
      </select>
      {value.length > 0 && (
        <ul aria-label={t('chips.chosen', { label })} className="flex flex-wrap gap-2">
          {value.map((chosen) => {
            const name = byId.get(chosen) ?? chosen;
            return (
              <li key={chosen} className="flex items-center gap-1 rounded-full bg-brand-50 py-1 pl-3 pr-1 text-sm text-brand-700">
                {name}
                <button type="button" onClick={() => onChange(value.filter((v) => v !== chosen))} aria-label={t('chips.remove', { name })} className="rounded-full p-0.5 hover:bg-brand-100">
                  <IoClose />
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
