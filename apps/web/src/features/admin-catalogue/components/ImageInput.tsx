import { useT } from '@/i18n';
import { IoClose } from 'react-icons/io5';
import { FaCloudUploadAlt } from 'react-icons/fa';
import { imageSrcSet } from '@haat/shared/images';
import { ADMIN_CATALOGUE_NS } from '../locales';

/**
 * Object URLs for picked files, made once per File. They are not revoked: an
 * admin session picks a handful of files, and revoking on unmount breaks the
 * preview when React remounts (StrictMode, dialogs reopening).
 */
const previews = new WeakMap<File, string>();
function previewUrl(file: File): string {
  let url = previews.get(file);
  if (!url) {
    url = URL.createObjectURL(file);
    previews.set(file, url);
  }
  return url;
}

/** A stored image (URL, with its srcset) or a picked file (object URL). */
export function ImagePreview({ image, alt, className = 'h-20 w-20' }: { image: File | string; alt: string; className?: string }) {
  const src = typeof image === 'string' ? image : previewUrl(image);
  const srcSet = typeof image === 'string' ? imageSrcSet(image) : undefined;
  return <img src={src} srcSet={srcSet} sizes="96px" alt={alt} className={`${className} rounded border border-slate-200 bg-white object-contain`} />;
}

/** A file picker for images, shown as an upload tile; `accept` lets any image type through (spec §5). */
export function ImagePicker({
  id,
  label,
  multiple = false,
  disabled = false,
  onPick,
}: {
  id: string;
  label: string;
  multiple?: boolean;
  disabled?: boolean;
  onPick: (files: File[]) => void;
}) {
  return (
    <label
      htmlFor={id}
      aria-disabled={disabled}
      className={`flex h-24 flex-col items-center justify-center gap-1 rounded-lg border-2 border-dashed text-sm ${
        disabled ? 'cursor-not-allowed border-slate-200 bg-slate-100 text-slate-400' : 'cursor-pointer border-slate-300 bg-slate-50 text-slate-600 hover:border-brand-600 hover:text-brand-700'
      }`}
    >
      <FaCloudUploadAlt aria-hidden className="text-3xl" />
      <span>{label}</span>
      <input
        id={id}
        type="file"
        accept="image/*"
        multiple={multiple}
        disabled={disabled}
        className="sr-only"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = ''; // picking the same file again still fires a change
          if (files.length) onPick(files);
        }}
      />
    </label>
  );
}

/** Previews of the chosen images, each with a remove button. */
export function ImageList({ images, name, onRemove }: { images: (File | string)[]; name: string; onRemove: (index: number) => void }) {
  const t = useT(ADMIN_CATALOGUE_NS);
  if (images.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2">
      {images.map((img, i) => (
        <li key={typeof img === 'string' ? img : `${img.name}-${i}`} className="relative">
          <ImagePreview image={img} alt={t('image.numbered', { name: name || t('image.title'), n: i + 1 })} />
          <button
            type="button"
            onClick={() => onRemove(i)}
            aria-label={t('image.remove', { n: i + 1 })}
            className="absolute -right-2 -top-2 rounded-full bg-red-600 p-0.5 text-white shadow hover:bg-red-700"
          >
            <IoClose />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** One picture for a category or sub-category: the chosen (or current) image beside the picker. */
export function SingleImageField({
  id,
  image,
  alt,
  label,
  disabled = false,
  onPick,
}: {
  id: string;
  image: File | string | undefined;
  alt: string;
  label?: string;
  disabled?: boolean;
  onPick: (file: File) => void;
}) {
  const t = useT(ADMIN_CATALOGUE_NS);
  return (
    <div className="grid gap-2">
      <p className="font-medium text-slate-700">{t('image.title')}</p>
      <div className="flex items-center gap-3">
        {image ? (
          <ImagePreview image={image} alt={alt} className="h-24 w-24" />
        ) : (
          <div className="grid h-24 w-24 place-items-center rounded border border-slate-200 bg-slate-50 text-xs text-slate-400">{t('image.none')}</div>
        )}
        <div className="flex-1">
          <ImagePicker id={id} label={label ?? t('image.upload')} disabled={disabled} onPick={([file]) => file && onPick(file)} />
        </div>
      </div>
    </div>
  );
}
