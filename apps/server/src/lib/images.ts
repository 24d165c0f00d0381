import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { IMAGE_WIDTHS } from '@haat/shared/constants';
import { appError } from './errors';
import { keyOfUrl, urlOfKey, type PictureStore } from './storage';

export interface StoreImageOptions {
  /** Folder in the picture store (DATA_DIR/uploads or the bucket), e.g. 'products' or 'avatars'. */
  dir: string;
  /** sharp format names accepted, e.g. ['png', 'jpeg']; any decodable image when omitted. */
  allowedFormats?: readonly string[];
  /** Refuse images with more pixels than this (decompression bombs). */
  maxPixels?: number;
  /** The error when the format is not allowed (IMAGE_FORMAT, naming the formats, when omitted). */
  formatError?: 'AVATAR_FORMAT';
}

export const DEFAULT_MAX_PIXELS = 40_000_000;

export interface PreparedImage {
  /** Content hash: the same picture always gets the same name. */
  name: string;
  encoded: { width: number; data: Buffer }[];
}

/**
 * Decodes an upload with sharp (never trusting its name or MIME type) and
 * re-encodes it to WebP at each of IMAGE_WIDTHS, in memory. Throws 415 for a
 * file that is not an image or is truncated, 413 for too many pixels.
 * Callers with several files prepare them all before writing any, so a bad
 * file stores nothing.
 */
export async function prepareImage(input: Buffer, opts: Omit<StoreImageOptions, 'dir'>): Promise<PreparedImage> {
  const maxPixels = opts.maxPixels ?? DEFAULT_MAX_PIXELS;
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw appError('IMAGE_UNREADABLE');
  }
  if (!meta.format || !meta.width || !meta.height) throw appError('IMAGE_UNREADABLE');
  if (opts.allowedFormats && !opts.allowedFormats.includes(meta.format)) {
    throw opts.formatError ? appError(opts.formatError) : appError('IMAGE_FORMAT', { formats: opts.allowedFormats.join(' or ') });
  }
  if (meta.width * meta.height > maxPixels) {
    throw appError('IMAGE_TOO_MANY_PIXELS');
  }

  const encoded: { width: number; data: Buffer }[] = [];
  try {
    // failOn 'truncated' makes a cut-off file an error instead of a half-grey picture.
    const base = sharp(input, { failOn: 'truncated', limitInputPixels: maxPixels }).rotate();
    for (const width of IMAGE_WIDTHS) {
      const data = await base.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
      encoded.push({ width, data });
    }
  } catch {
    throw appError('IMAGE_DAMAGED');
  }
  return { name: createHash('sha256').update(input).digest('hex').slice(0, 24), encoded };
}

/** The file of one width: the widest has the plain name, narrower ones a .w<width> suffix. */
const fileName = (name: string, width: number) => (width === IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1] ? `${name}.webp` : `${name}.w${width}.webp`);

/** Writes every width of a prepared image to the store under <dir>/ and answers the URL of the widest copy. */
export async function writeImage(store: PictureStore, dir: string, image: PreparedImage): Promise<string> {
  await Promise.all(image.encoded.map(({ width, data }) => store.put(`${dir}/${fileName(image.name, width)}`, data, 'image/webp')));
  return urlOfKey(`${dir}/${image.name}.webp`);
}

/**
 * Decodes, re-encodes and stores one upload (prepareImage + writeImage).
 * Narrower copies sit beside the widest (packages/shared/src/images.ts). Names
 * are content hashes, so the files can be cached forever. Nothing is written
 * unless decoding succeeds.
 */
export async function storeImage(store: PictureStore, input: Buffer, opts: StoreImageOptions): Promise<string> {
  return writeImage(store, opts.dir, await prepareImage(input, opts));
}

/**
 * Deletes a stored image, every width of it, given the URL writeImage
 * answered. URLs that are not ours (empty, external, seeded elsewhere) are
 * left alone; a file already gone is not an error.
 */
export async function removeImage(store: PictureStore, url: string): Promise<void> {
  const m = /^\/uploads\/([a-z-]+)\/([0-9a-f]{24})\.webp$/.exec(url);
  if (!m) return;
  const [, dir, name] = m;
  await store.remove(IMAGE_WIDTHS.map((width) => `${dir!}/${fileName(name!, width)}`));
}

/** Whether a URL names a picture in the store (`/uploads/…`, any folder, seeded ones too). */
export async function imageExists(store: PictureStore, url: string): Promise<boolean> {
  const key = keyOfUrl(url);
  return key !== null && store.exists(key);
}
