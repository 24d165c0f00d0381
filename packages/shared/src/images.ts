import { IMAGE_WIDTHS } from './constants';

/**
 * Stored images are `/uploads/<dir>/<name>.webp` (the largest, ≤800 px) with
 * narrower copies `<name>.w200.webp` and `<name>.w400.webp` beside it.
 * This builds the srcset the web uses to pick a width.
 */
export function imageVariant(url: string, width: number): string {
  if (!url.startsWith('/uploads/') || !url.endsWith('.webp')) return url;
  if (width >= IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!) return url;
  return url.replace(/\.webp$/, `.w${width}.webp`);
}

export function imageSrcSet(url: string): string | undefined {
  if (!url.startsWith('/uploads/') || !url.endsWith('.webp')) return undefined;
  return IMAGE_WIDTHS.map((w) => `${imageVariant(url, w)} ${w}w`).join(', ');
}
