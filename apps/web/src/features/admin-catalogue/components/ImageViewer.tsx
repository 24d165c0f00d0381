import { useEffect } from 'react';
import { useT } from '@/i18n';
import { IoClose } from 'react-icons/io5';
import { imageSrcSet } from '@haat/shared/images';
import { ADMIN_CATALOGUE_NS } from '../locales';

/** The full-screen image viewer of the sub-category table: the picture at full width, Escape or the close icon shuts it. */
export function ImageViewer({ url, alt, onClose }: { url: string; alt: string; onClose: () => void }) {
  const t = useT(ADMIN_CATALOGUE_NS);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div role="dialog" aria-modal="true" aria-label={t('image.of', { name: alt })} className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/80 p-4" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="relative max-h-[80vh] w-full max-w-3xl rounded-lg bg-white p-2">
        <button type="button" onClick={onClose} aria-label={t('action.close')} className="absolute right-2 top-2 rounded-full bg-white/90 p-1 text-2xl text-slate-600 hover:text-slate-900">
          <IoClose />
        </button>
        <img src={url} srcSet={imageSrcSet(url)} sizes="(min-width: 768px) 768px, 100vw" alt={alt} className="mx-auto max-h-[76vh] w-full object-contain" />
      </div>
    </div>
  );
}
