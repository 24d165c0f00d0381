import { useRef, useState } from 'react';
import { FaAngleLeft, FaAngleRight } from 'react-icons/fa6';
import { THUMBNAIL_SCROLL_PX } from '@haat/shared/constants';
import { ProductImage } from '@/components/ProductImage';
import { useT } from '@/i18n';
import { useHydrated } from '@/lib/hydrated';
import { CATALOGUE_NS } from '../locales';

/** Product gallery (spec §2): a large image, dot selectors, a thumbnail strip moving 50 px a click. */
export function Gallery({ images, name }: { images: string[]; name: string }) {
  const t = useT(CATALOGUE_NS, 'gallery');
  const [index, setIndex] = useState(0);
  // Dots, thumbnails and arrows need the scripts: disabled in the server's markup, so a tap before them is not lost silently.
  const live = useHydrated();
  const stripRef = useRef<HTMLDivElement>(null);
  const scroll = (dx: number) => stripRef.current?.scrollBy({ left: dx, behavior: 'smooth' });
  const current = images[index] ?? images[0];
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white">
        <ProductImage
          key={current}
          src={current}
          alt={name}
          eager
          size={800}
          sizes="(min-width: 1024px) 50vw, 100vw"
          className="aspect-square max-h-[min(70vh,32rem)] w-full"
        />
      </div>
      {images.length > 1 && (
        <>
          <div className="flex justify-center gap-2" role="group" aria-label={t('chooseImage')}>
            {images.map((url, i) => (
              <button
                key={url}
                type="button"
                aria-label={t('showImage', { n: i + 1 })}
                aria-pressed={i === index}
                onClick={() => setIndex(i)}
                disabled={!live}
                className={`h-3 w-3 rounded-full ${i === index ? 'bg-brand-600' : 'bg-slate-300 hover:bg-slate-400'}`}
              />
            ))}
          </div>
          <div className="relative flex items-center gap-1">
            <button type="button" aria-label={t('scrollLeft')} onClick={() => scroll(-THUMBNAIL_SCROLL_PX)} disabled={!live} className="rounded-full border border-slate-200 bg-white p-1.5 shadow-sm hover:bg-slate-50">
              <FaAngleLeft />
            </button>
            <div ref={stripRef} className="scrollbar-none flex flex-1 gap-2 overflow-x-auto scroll-smooth" data-testid="thumbnail-strip">
              {images.map((url, i) => (
                <button
                  key={url}
                  type="button"
                  aria-label={t('image', { n: i + 1 })}
                  onClick={() => setIndex(i)}
                  disabled={!live}
                  className={`shrink-0 rounded-lg border-2 ${i === index ? 'border-brand-600' : 'border-transparent'}`}
                >
                  <ProductImage src={url} alt="" size={200} sizes="64px" className="h-16 w-16 rounded-md bg-white" />
                </button>
              ))}
            </div>
            <button type="button" aria-label={t('scrollRight')} onClick={() => scroll(THUMBNAIL_SCROLL_PX)} disabled={!live} className="rounded-full border border-slate-200 bg-white p-1.5 shadow-sm hover:bg-slate-50">
              <FaAngleRight />
            </button>
          </div>
        </>
      )}
    </div>
  );
}
