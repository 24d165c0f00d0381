import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './Spinner';

/** The shop's primary button: brand green, white text, a spinner while `loading`. */
export const primaryButtonClass =
  'flex items-center justify-center gap-2 rounded-lg bg-brand-600 py-2.5 font-semibold text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** Disables the button and shows a spinner before the label. */
  loading?: boolean;
  /** Names the spinner for screen readers ('Logging in'); unnamed, it is hidden from them. */
  loadingLabel?: string;
};

/** A primary button; `className` adds to the shared look (width, padding), it does not replace it. */
export function Button({ loading = false, loadingLabel, disabled, className, type = 'button', children, ...rest }: ButtonProps) {
  return (
    <button type={type} disabled={disabled || loading} className={className ? `${primaryButtonClass} ${className}` : primaryButtonClass} {...rest}>
      {loading && <Spinner label={loadingLabel} />}
      {children}
    </button>
  );
}

/** A form's submit button: the primary button with type="submit". */
export function SubmitButton(props: Omit<ButtonProps, 'type'>) {
  return <Button {...props} type="submit" />;
}
