import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { newId } from '../src/lib/ids';
import {
  categories,
  productCategories,
  products,
  productSubCategories,
  subCategories,
  subCategoryCategories,
  users,
} from '../src/db/schema';
import { accessTokenFor, type TestContext } from './helpers';

/** A user made directly in the database, with an access token to act as them. */
export async function tokenFor(t: TestContext, role: 'USER' | 'ADMIN'): Promise<string> {
  const id = newId();
  await t.database.db.insert(users).values({ id, name: role, email: `${id}@haat.test`, passwordHash: 'x', role });
  return accessTokenFor(t.database.db, t.config, id);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export function png(width = 40, height = 30, color = { r: 200, g: 30, b: 60 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } }).png().toBuffer();
}

/** A PNG whose header claims 20000 × 20000 pixels but whose data is a few bytes: a decompression bomb. */
export function pixelBombPng(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(20_000, 0);
  ihdr.writeUInt32BE(20_000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Multipart form: strings as fields, arrays repeated, Buffers as files named `image`. */
export function form(fields: Record<string, string | string[] | Buffer | Buffer[]>): FormData {
  const fd = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (Buffer.isBuffer(v)) fd.append(name, new Blob([new Uint8Array(v)], { type: 'image/png' }), `${name}.png`);
      else fd.append(name, v);
    }
  }
  return fd;
}

export interface SeedProduct {
  name: string;
  description?: string;
  price?: number;
  discount?: number;
  stock?: number;
  publish?: boolean;
  createdAt?: Date;
}

/** A small catalogue straight into the database: two categories, three sub-categories. */
export async function seedCatalogue(t: TestContext) {
  const db = t.database.db;
  const cat = { electronics: newId(), fashion: newId() };
  const sub = { phones: newId(), tv: newId(), shirts: newId() };
  await db.insert(categories).values([
    { id: cat.electronics, name: 'Electronics and Gadgets', image: '/uploads/c/e.webp', createdAt: new Date(1000) },
    { id: cat.fashion, name: 'Fashion and Lifestyle', image: '/uploads/c/f.webp', createdAt: new Date(2000) },
  ]);
  await db.insert(subCategories).values([
    { id: sub.phones, name: 'Mobile Phones', image: '/uploads/s/p.webp', createdAt: new Date(1000) },
    { id: sub.tv, name: 'Televisions', image: '/uploads/s/t.webp', createdAt: new Date(2000) },
    { id: sub.shirts, name: 'Shirts & Tops', image: '/uploads/s/s.webp', createdAt: new Date(3000) },
  ]);
  await db.insert(subCategoryCategories).values([
    { subCategoryId: sub.phones, categoryId: cat.electronics },
    { subCategoryId: sub.tv, categoryId: cat.electronics },
    { subCategoryId: sub.shirts, categoryId: cat.fashion },
  ]);
  let clock = Date.UTC(2025, 0, 1);
  const addProducts = async (categoryId: string, subCategoryId: string, list: SeedProduct[]) => {
    const rows = list.map((p) => ({
      id: newId(),
      name: p.name,
      description: p.description ?? '',
      unit: '1 pc',
      price: p.price ?? 100,
      discount: p.discount ?? 0,
      stock: p.stock ?? 10,
      publish: p.publish ?? true,
      images: ['/uploads/products/x.webp'],
      createdAt: p.createdAt ?? new Date((clock += 60_000)),
    }));
    if (rows.length === 0) return [];
    await db.insert(products).values(rows);
    await db.insert(productCategories).values(rows.map((r) => ({ productId: r.id, categoryId })));
    await db.insert(productSubCategories).values(rows.map((r) => ({ productId: r.id, subCategoryId })));
    return rows.map((r) => r.id);
  };
  return { cat, sub, addProducts };
}
