import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, jpeg, multipart, png, seedCatalogue, tmpDir, useTestApp } from './support';

/**
 * Pictures in an S3-compatible bucket (decision 0071), against s3rver, a local
 * S3 server from the npm registry, on a free loopback port. Nothing of ours is
 * mocked: the admin uploads through the API, the shop serves /uploads/… from
 * the bucket, and the bucket is read back with the AWS client.
 */
const BUCKET = 'haat-pictures';
/** s3rver checks signatures against its one built-in key pair. */
const KEYS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

let s3rver: S3rver;
let client: S3Client;
/** Filled in once s3rver listens: useTestApp reads it when it builds the app, after beforeAll. */
const settings: Record<string, string> = {};

beforeAll(async () => {
  s3rver = new S3rver({ address: '127.0.0.1', port: 0, directory: tmpDir('haat-s3rver-'), silent: true });
  const { port } = await s3rver.run();
  const endpoint = `http://127.0.0.1:${port}`;
  Object.assign(settings, { S3_BUCKET: BUCKET, S3_REGION: 'us-east-1', S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: '1', ...KEYS });
  client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: { accessKeyId: KEYS.S3_ACCESS_KEY_ID, secretAccessKey: KEYS.S3_SECRET_ACCESS_KEY } });
  await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
});

afterAll(async () => {
  client?.destroy();
  await s3rver?.close();
});

const keysInBucket = async (prefix: string) =>
  ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }))).Contents ?? []).map((o) => o.Key!).sort();
const widths = (url: string) => {
  const base = url.replace(/^\/uploads\//, '').replace(/\.webp$/, '');
  return [`${base}.w200.webp`, `${base}.w400.webp`, `${base}.webp`].sort();
};

describe('pictures in an S3 bucket', () => {
  const t = useTestApp(settings);
  const api = t.api();
  const onDisk = (dir: string) => {
    const folder = path.join(t.config.DATA_DIR, 'uploads', dir);
    return existsSync(folder) ? readdirSync(folder) : [];
  };

  it('an uploaded product picture is stored in the bucket at every width, not on disk, and served from the bucket at the same URL', async () => {
    expect(t.config.s3).toMatchObject({ bucket: BUCKET, forcePathStyle: true, publicUrl: undefined });
    const admin = await adminToken(t.database.db, t.config);
    const { cat, sub } = await seedCatalogue(t.database.db);
    const picture = await png(900, 600, { r: 20, g: 120, b: 200 });
    const added = await api.as(admin).post(
      'product/add-product',
      multipart({ name: 'Walton Fan', description: 'Quiet', unit: '1 pc', stock: '5', price: '3200', category: cat.electronics, subCategory: sub.phones, image: picture }),
    );
    expect(added.statusCode, added.body).toBe(200);
    const [url] = added.json().data.image as string[];
    // The URL the database keeps is the one the folder store answers.
    expect(url).toMatch(/^\/uploads\/products\/[0-9a-f]{24}\.webp$/);
    expect(await keysInBucket('products/')).toEqual(widths(url!));
    expect(onDisk('products')).toEqual([]);

    for (const key of widths(url!)) {
      const served = await api.get(`/uploads/${key}`);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(served.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(Number(/\.w(\d+)\.webp$/.exec(key)?.[1] ?? 800));
      // A browser that has it is told so.
      const again = await api.get(`/uploads/${key}`, { headers: { 'if-none-match': served.headers.etag as string } });
      expect(again.statusCode).toBe(304);
      const head = await api.request({ method: 'HEAD', url: `/uploads/${key}` });
      expect([head.statusCode, head.headers['content-type'], head.headers['content-length'], head.rawPayload.length]).toEqual([200, 'image/webp', String(served.rawPayload.length), 0]);
    }
    // The same bytes as the bucket holds, and a picture that is not there is the shop's 404.
    const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: url!.slice('/uploads/'.length) }));
    expect(Buffer.from(await object.Body!.transformToByteArray()).equals((await api.get(url!)).rawPayload)).toBe(true);
    const missing = await api.get('/uploads/products/000000000000000000000000.webp');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('NOT_FOUND');
    expect((await api.get('/uploads/products/..%2f..%2fconfig.json')).statusCode).toBe(404);

    // The CSV import accepts a picture that is in the bucket and names one that is not.
    const csv = [
      'name,description,unit,price,stock,category,subCategory,image,publish',
      `Walton Fan 2,Quiet,1 pc,3300,4,Electronics and Gadgets,Mobile Phones,${url},true`,
      'Lamp,Bright,1 pc,900,2,Electronics and Gadgets,Mobile Phones,/uploads/products/111111111111111111111111.webp,true',
    ].join('\n');
    const report = await api.as(admin).post('product/import', multipart({ file: { data: Buffer.from(csv), filename: 'p.csv', contentType: 'text/csv' } }), { query: { dryRun: '1' } });
    expect(report.json().data.errors).toEqual([expect.objectContaining({ row: 3, code: 'CSV_IMAGE_NOT_UPLOADED' })]);
  });

  it('a replaced avatar leaves the bucket, every width of it', async () => {
    const s = await api.signUp();
    const upload = async (data: Buffer, filename: string) => {
      const res = await api.as(s.access).put('user/upload-avatar', multipart({ avatar: { data, filename } }));
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.avatar as string;
    };
    const first = await upload(await png(), 'me.png');
    expect(await keysInBucket('avatars/')).toEqual(widths(first));
    const second = await upload(await jpeg(), 'me.jpg');
    expect(await keysInBucket('avatars/')).toEqual(widths(second));
    expect((await api.get(first)).statusCode).toBe(404);
    expect((await api.get(second)).statusCode).toBe(200);
    expect(onDisk('avatars')).toEqual([]);
  });

  it('pictures still in the local folder (the demo seed, uploads from before the bucket) are served from it', async () => {
    const seeded = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#8b4513' } }).webp().toBuffer();
    mkdirSync(path.join(t.config.DATA_DIR, 'uploads', 'seed', 'belt'), { recursive: true });
    writeFileSync(path.join(t.config.DATA_DIR, 'uploads', 'seed', 'belt', '8b4513.webp'), seeded);
    const served = await api.get('/uploads/seed/belt/8b4513.webp');
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.rawPayload.equals(seeded)).toBe(true);
  });

  it('serves from the bucket only the keys the picture store writes, always as an image; anything else answers 404 (issue 41)', async () => {
    const put = (Key: string, Body: string, ContentType: string) => client.send(new PutObjectCommand({ Bucket: BUCKET, Key, Body, ContentType }));
    const others = [
      ['backup/haat.sql', '-- PostgreSQL database dump', 'application/sql'],
      ['page.html', '<script>alert(1)</script>', 'text/html'],
      ['products/page.html', '<script>alert(1)</script>', 'text/html'],
      ['products/notahash.webp', '<script>alert(1)</script>', 'text/html'],
      ['elsewhere/0123456789abcdef01234567.webp', '<script>alert(1)</script>', 'text/html'],
      ['products/0123456789abcdef01234567.webp.html', '<script>alert(1)</script>', 'text/html'],
    ];
    for (const [key, body, type] of others) await put(key!, body!, type!);
    for (const [key] of others) {
      const res = await api.get(`/uploads/${key}`);
      expect({ key, status: res.statusCode }).toEqual({ key, status: 404 });
      expect(res.body).not.toContain('alert');
    }
    // A key of the store's shape whose object was stored with another type still goes out as an image.
    const shaped = 'products/0123456789abcdef01234567.w200.webp';
    await put(shaped, '<script>alert(1)</script>', 'text/html');
    const res = await api.get(`/uploads/${shaped}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // A review's photo (issue 47) is one of the store's folders too.
    const review = 'reviews/0123456789abcdef01234567.webp';
    await put(review, 'RIFF....WEBP', 'image/webp');
    expect((await api.get(`/uploads/${review}`)).statusCode).toBe(200);
  });
});

describe('pictures in an S3 bucket behind a public address (a CDN)', () => {
  const publicSettings: Record<string, string> = {};
  beforeAll(() => {
    Object.assign(publicSettings, settings, { S3_PUBLIC_URL: 'https://cdn.example.com/pics/' });
  });
  const t = useTestApp(publicSettings);
  const api = t.api();

  it('/uploads/… sends the browser to the public address, keeping the URLs in the database as they are', async () => {
    const admin = await adminToken(t.database.db, t.config);
    const { cat } = await seedCatalogue(t.database.db);
    const res = await api.as(admin).put('category/update-category', multipart({ categoryId: cat.electronics, name: 'Electronics', image: await png() }));
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().data.image as string;
    expect(url).toMatch(/^\/uploads\/categories\/[0-9a-f]{24}\.webp$/);
    expect(await keysInBucket('categories/')).toEqual(widths(url));
    const sent = await api.get(url);
    expect(sent.statusCode).toBe(302);
    expect(sent.headers.location).toBe(`https://cdn.example.com/pics/${url.slice('/uploads/'.length)}`);
    // Pages let the browser show pictures from there.
    expect(String((await api.get('/api/health')).headers['content-security-policy'])).toMatch(/img-src 'self' data: blob: https:\/\/cdn\.example\.com;/);
  });

  it('sends only the keys the picture store writes there: any other answers 404 (issue 41)', async () => {
    for (const key of ['backup/haat.sql', 'page.html', 'elsewhere/0123456789abcdef01234567.webp']) {
      expect((await api.get(`/uploads/${key}`)).statusCode).toBe(404);
    }
  });
});
