import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

export const inputClass =
  'w-full rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 text-slate-800 outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100';

/** A label, its control and the field's validation message. */
export function FormField({ label, htmlFor, error, children }: { label: string; htmlFor: string; error?: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <label htmlFor={htmlFor} className="font-medium text-slate-700">{label}</label>
      {children}
      {error && <p role="alert" className="text-sm text-red-600">{error}</p>}
    </div>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  id: string;
  error?: string;
  ref?: Ref<HTMLInputElement>;
};

/**
 * A labelled text input with its validation message. Spread react-hook-form's
 * registration into it: `<TextField label="City" id="city" error={errors.city?.message} {...register('city')} />`.
 */
export function TextField({ label, id, error, className = inputClass, ...input }: TextFieldProps) {
  return (
    <FormField label={label} htmlFor={id} error={error}>
      <input id={id} className={className} {...input} />
    </FormField>
  );
}
