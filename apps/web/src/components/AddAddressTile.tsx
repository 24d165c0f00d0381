import { FaPlus } from 'react-icons/fa6';
import { useT } from '@/i18n';
import { COMPONENTS_NS } from './locales';

/** The dashed 'Add Address' tile after an address list (address page and checkout); it opens the add dialog. */
export function AddAddressTile({ onClick, className }: { onClick: () => void; className?: string }) {
  const t = useT(COMPONENTS_NS);
  return (
    <button
      type="button"
      onClick={onClick}
      className={`flex h-16 items-center justify-center gap-2 rounded-lg border-2 border-dashed border-slate-300 bg-slate-50 font-medium text-slate-600 hover:border-brand-600 hover:text-brand-700 ${className ?? ''}`}
    >
      <FaPlus aria-hidden /> {t('addAddress')}
    </button>
  );
}
