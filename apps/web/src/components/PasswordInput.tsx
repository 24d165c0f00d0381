import { forwardRef, useState, type InputHTMLAttributes } from 'react';
import { FaRegEye, FaRegEyeSlash } from 'react-icons/fa6';
import { useT } from '@/i18n';
import { COMPONENTS_NS } from './locales';

/** A password field with a show/hide toggle. */
export const PasswordInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function PasswordInput(props, ref) {
  const t = useT(COMPONENTS_NS);
  const [shown, setShown] = useState(false);
  return (
    <div className="relative">
      <input {...props} ref={ref} type={shown ? 'text' : 'password'} className={`${props.className ?? ''} pr-10`} />
      <button
        type="button"
        onClick={() => setShown((v) => !v)}
        aria-label={shown ? t('hidePassword') : t('showPassword')}
        className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-slate-500 hover:text-slate-800"
      >
        {shown ? <FaRegEyeSlash /> : <FaRegEye />}
      </button>
    </div>
  );
});
