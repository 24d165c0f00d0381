import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config, S3Settings } from '../config';

/**
 * Where pictures are kept (decision 0071): the folder DATA_DIR/uploads/ (the
 * embedded default) or an S3-compatible bucket when S3_* is set. A key is the
 * path under /uploads/, e.g. `products/<hash>.webp`; the URL the database
 * keeps is `/uploads/<key>` in both, so switching stores changes no row.
 */
export interface PictureStore {
  readonly kind: 'local' | 's3';
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** A key already gone is not an error. */
  remove(keys: readonly string[]): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The object to send, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
}

export interface StoredObject {
  body: Readable;
  contentType: string;
  length: number | undefined;
  etag: string | undefined;
}

/** Names are content hashes: an object never changes, so it may be cached for a year. */
export const PICTURE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const URL_PREFIX = '/uploads/';
/** Path segments of letters, digits, '.', '_' and '-', none starting with a dot: no '..', no absolute path. */
const KEY = /^(?:[A-Za-z0-9_-][A-Za-z0-9._-]*\/)*[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** The key of a stored URL (`/uploads/<key>`), or null for a URL that is not one of ours. */
export function keyOfUrl(url: string): string | null {
  if (!url.startsWith(URL_PREFIX)) return null;
  const key = url.slice(URL_PREFIX.length);
  return KEY.test(key) ? key : null;
}

export const urlOfKey = (key: string): string => `${URL_PREFIX}${key}`;

const CONTENT_TYPES: Record<string, string> = { '.webp': 'image/webp', '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg' };

/**
 * The keys the picture store writes (lib/images.ts writeImage): a folder of ours, a 24-hex content hash, a width.
 * Only these are read from the bucket, which may hold other objects (a dump, an HTML page) (issue 41).
 */
const PICTURE_KEY = /^(?:products|categories|subcategories|avatars|returns|reviews)\/[0-9a-f]{24}(?:\.w\d+)?\.webp$/;
const isPictureKey = (key: string): boolean => PICTURE_KEY.test(key);

/** The folder store: files under `root`, as the shop has always kept them. */
export function localStore(root: string): PictureStore {
  const fileOf = (key: string) => {
    if (!KEY.test(key)) throw new Error(`bad storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    kind: 'local',
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, data);
    },
    async remove(keys) {
      await Promise.all(keys.map((key) => rm(fileOf(key), { force: true })));
    },
    async exists(key) {
      return (await fileStat(fileOf(key))) !== null;
    },
    async get(key) {
      const file = fileOf(key);
      const s = await fileStat(file);
      if (!s) return null;
      return { body: createReadStream(file), contentType: CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream', length: s.size, etag: `W/"${s.size.toString(16)}-${s.mtimeMs.toString(16)}"` };
    },
  };
}

async function fileStat(file: string) {
  try {
    const s = await stat(file);
    return s.isFile() ? s : null;
  } catch {
    return null;
  }
}

const isNotFound = (err: unknown) => err instanceof S3ServiceException && (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

/** An S3-compatible bucket (AWS, MinIO, Cloudflare R2, Backblaze B2, DigitalOcean Spaces…). */
export function s3Store(s: S3Settings): PictureStore {
  const client = new S3Client({
    region: s.region,
    endpoint: s.endpoint,
    forcePathStyle: s.forcePathStyle,
    credentials: { accessKeyId: s.accessKeyId, secretAccessKey: s.secretAccessKey },
    // Checksums only where S3 requires them: several S3-compatible stores refuse the SDK's default extra ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = s.bucket;
  return {
    kind: 's3',
    async put(Key, Body, ContentType) {
      await client.send(new PutObjectCommand({ Bucket, Key, Body, ContentType, CacheControl: PICTURE_CACHE_CONTROL }));
    },
    async remove(keys) {
      // DeleteObjects takes up to 1,000 keys; a key that is not there counts as deleted.
      for (let i = 0; i < keys.length; i += 1000) {
        const Objects = keys.slice(i, i + 1000).map((Key) => ({ Key }));
        const out = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
        if (out.Errors?.length) throw new Error(`S3 delete failed: ${out.Errors.map((e) => `${e.Key}: ${e.Code}`).join(', ')}`);
      }
    },
    async exists(Key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key }));
        return true;
      } catch (err) {
        if (isNotFound(err)) return false;
        throw err;
      }
    },
    async get(Key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket, Key }));
        return { body: out.Body as Readable, contentType: out.ContentType ?? 'application/octet-stream', length: out.ContentLength, etag: out.ETag };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
  };
}

/**
 * With a bucket configured, pictures still on the local folder (the demo's
 * seeded pictures, uploads from before the bucket) are read from it first;
 * everything written goes to the bucket only.
 */
function bucketWithFolder(bucket: PictureStore, folder: PictureStore): PictureStore {
  return {
    kind: bucket.kind,
    put: (key, data, contentType) => bucket.put(key, data, contentType),
    async remove(keys) {
      await Promise.all([bucket.remove(keys), folder.remove(keys)]);
    },
    async exists(key) {
      return (await folder.exists(key)) || bucket.exists(key);
    },
    async get(key) {
      return (await folder.get(key)) ?? bucket.get(key);
    },
  };
}

const uploadsFolder = (config: Pick<Config, 'DATA_DIR'>) => path.resolve(config.DATA_DIR, 'uploads');

/** The store the configuration names: the bucket when S3_* is set, else the folder. */
export function createPictureStore(config: Pick<Config, 'DATA_DIR' | 's3'>): PictureStore {
  const folder = localStore(uploadsFolder(config));
  return config.s3 ? bucketWithFolder(s3Store(config.s3), folder) : folder;
}

/**
 * GET /uploads/*. The folder store is served as static files, as always. With a
 * bucket the server streams the object (its content type, a year's cache), or,
 * when S3_PUBLIC_URL names a public address (a CDN), redirects there, so the
 * URLs kept in the database work either way.
 */
export async function servePictures(app: FastifyInstance, config: Pick<Config, 'DATA_DIR' | 's3'>, store: PictureStore): Promise<void> {
  if (!config.s3) {
    await mkdir(uploadsFolder(config), { recursive: true });
    await app.register(fastifyStatic, { root: uploadsFolder(config), prefix: URL_PREFIX, decorateReply: false, immutable: true, maxAge: '365d', index: false });
    return;
  }
  const publicUrl = config.s3.publicUrl;
  const folder = localStore(uploadsFolder(config));
  app.get(`${URL_PREFIX}*`, { schema: { hide: true } }, async (req, reply) => {
    const key = keyOfUrl(req.url.split('?')[0] ?? '');
    // Always sent as an image, whatever type the object was stored with: a key without an image's name is none of ours.
    const type = key && CONTENT_TYPES[path.extname(key)];
    if (!key || !type) return reply.callNotFound();
    // The bucket only for the keys the store writes; anything else only from the folder (the seed, older uploads).
    const object = publicUrl || !isPictureKey(key) ? await folder.get(key) : await store.get(key);
    if (!object) {
      if (publicUrl && isPictureKey(key)) return reply.header('cache-control', 'public, max-age=86400').redirect(`${publicUrl}/${key}`, 302);
      return reply.callNotFound();
    }
    reply.header('content-type', type).header('cache-control', PICTURE_CACHE_CONTROL);
    if (object.etag) {
      reply.header('etag', object.etag);
      if (req.headers['if-none-match'] === object.etag) {
        object.body.destroy();
        return reply.code(304).send();
      }
    }
    if (object.length !== undefined) reply.header('content-length', object.length);
    return reply.send(object.body);
  });
}
