import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { useLang } from '@/i18n';
import { normalizeDigitsInput } from '@haat/shared/phone';
import { translateMessage, useServerMessages } from '@/i18n/messages';
import { normalizeOnBlur } from '@/lib/forms';

import { inputClass } from './inputClass';

export { inputClass };

/** A label, its control and the field's validation message. */
export function FormField({ label, htmlFor, error, children }: { label: string; htmlFor: string; error?: string; children: ReactNode }) {
  useServerMessages();
  useLang(); // re-render in the new language: the message is translated below
  return (
    <div className="grid gap-1">
      <label htmlFor={htmlFor} className="font-medium text-slate-700">{label}</label>
      {children}
      {error && <p role="alert" className="text-sm text-red-600">{translateMessage(error)}</p>}
    </div>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  id: string;
  error?: string;
  ref?: Ref<HTMLInputElement>;
  /**
   * A whole number (fees, stock, price): a text box with the numeric keypad, so
   * that Bengali digits can be typed (a type=number box refuses them); they
   * become ASCII when the field is left, before react-hook-form reads it.
   */
  digits?: boolean;
};

/**
 * A labelled text input with its validation message. Spread react-hook-form's
 * registration into it: `<TextField label="City" id="city" error={errors.city?.message} {...register('city')} />`.
 */
export function TextField({ label, id, error, className = inputClass, digits, ...input }: TextFieldProps) {
  const digitProps = digits ? { type: 'text', inputMode: 'numeric' as const, ...normalizeOnBlur({ onBlur: input.onBlur }, normalizeDigitsInput) } : {};
  return (
    <FormField label={label} htmlFor={id} error={error}>
      <input id={id} className={className} {...input} {...digitProps} />
    </FormField>
  );
}
