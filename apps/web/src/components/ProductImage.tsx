import { imageSrcSet } from '@haat/shared/images';

/**
 * A catalogue picture: lazy by default, with width and height so the layout
 * does not shift, and a srcset so phones fetch the 200/400 px copies.
 */
export function ProductImage({
  src,
  alt,
  sizes,
  className = '',
  eager = false,
  size = 400,
}: {
  src: string | undefined;
  alt: string;
  sizes: string;
  className?: string;
  eager?: boolean;
  size?: number;
}) {
  if (!src) return <div className={`bg-slate-100 ${className}`} role="img" aria-label={alt} />;
  return (
    <img
      src={src}
      srcSet={imageSrcSet(src)}
      sizes={sizes}
      alt={alt}
      width={size}
      height={size}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={`object-contain ${className}`}
    />
  );
}
