import type { ChosenOption } from '@haat/shared/schemas/variants';
import { isInsideDhaka } from '@haat/shared/dhaka';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Role } from '@haat/shared/constants';
import type { Config } from '../../src/config';
import type { Db } from '../../src/db/client';
import {
  addresses,
  categories,
  orderItems,
  orders,
  productCategories,
  products,
  productSubCategories,
  refreshSessions,
  shipments,
  subCategories,
  subCategoryCategories,
  users,
} from '../../src/db/schema';
import { signAccessToken } from '../../src/lib/auth';
import { newId } from '../../src/lib/ids';
import { hashToken, REFRESH_TOKEN_TTL_MS } from '../../src/modules/users/tokens';

/**
 * Rows made straight in the database, for tests whose subject is not the
 * route that would make them. Every factory takes the database first.
 */

let counter = 0;
/** A fresh e-mail per call, so the per-e-mail rate limits never meet. */
export const uniqueEmail = (name = 'user') => `${name}.${++counter}.${Date.now()}@example.com`;
/** A fresh client IP per call, so the per-IP rate limits (counted per app) do not leak between tests. */
export const uniqueIp = () => {
  const n = ++counter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

/**
 * An access token for a user made straight in the database: opens a real
 * refresh session (as login does) and signs the token with its id, since the
 * guards refuse a token whose session is missing, revoked or expired.
 */
export async function accessTokenFor(db: Db, config: Config, userId: string): Promise<string> {
  const sessionId = newId();
  await db.insert(refreshSessions).values({
    id: sessionId,
    userId,
    tokenHash: hashToken(randomBytes(32).toString('base64url')),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_MS),
  });
  return signAccessToken(config, userId, sessionId);
}

export interface TestUser {
  id: string;
  email: string;
  token: string;
  /** The bearer header, for a raw `inject`. */
  auth: { authorization: string };
}

/** A signed-in user (or admin) made in the database; pass it to `api.as(user)`. */
export async function makeUser(db: Db, config: Config, role: Role = 'USER'): Promise<TestUser> {
  const id = newId();
  const email = `${id}@test.haat`;
  await db.insert(users).values({ id, name: `${role} ${id}`, email, passwordHash: 'not-a-real-hash', role });
  const token = await accessTokenFor(db, config, id);
  return { id, email, token, auth: { authorization: `Bearer ${token}` } };
}

/** An admin's access token. */
export async function adminToken(db: Db, config: Config): Promise<string> {
  return (await makeUser(db, config, 'ADMIN')).token;
}

export async function makeProduct(db: Db, values: Partial<typeof products.$inferInsert> = {}) {
  const id = newId();
  const [row] = await db
    .insert(products)
    .values({ id, name: `Product ${id}`, unit: '1 pc', price: 1000, discount: 0, stock: 10, quantity: 10, images: [`/uploads/p/${id}.webp`], ...values })
    .returning();
  return row!;
}

export async function makeCategory(db: Db, values: Partial<typeof categories.$inferInsert> = {}) {
  const id = newId();
  const [row] = await db.insert(categories).values({ id, name: `Category ${id}`, image: `/uploads/c/${id}.webp`, ...values }).returning();
  return row!;
}

/** A sub-category listed under the given categories. */
export async function makeSubCategory(db: Db, categoryIds: string[], values: Partial<typeof subCategories.$inferInsert> = {}) {
  const id = newId();
  const [row] = await db.insert(subCategories).values({ id, name: `Sub-category ${id}`, image: `/uploads/s/${id}.webp`, ...values }).returning();
  if (categoryIds.length) await db.insert(subCategoryCategories).values(categoryIds.map((categoryId) => ({ subCategoryId: id, categoryId })));
  return row!;
}

export async function makeAddress(db: Db, userId: string, values: { address_line?: string; city?: string; mobile?: string } = {}) {
  const id = newId();
  await db.insert(addresses).values({
    id,
    userId,
    addressLine: values.address_line ?? 'House 1, Road 2, Dhanmondi',
    city: values.city ?? 'Dhaka',
    mobile: values.mobile ?? '01711111111',
  });
  return id;
}

export async function stockOf(db: Db, productId: string): Promise<number> {
  const [row] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, productId));
  return row!.stock;
}

export const dhakaGuest = { address_line: 'Road 5, Mirpur', city: 'Dhaka', mobile: '01712345678' };
export const sylhetGuest = { address_line: 'Zindabazar', city: 'Sylhet', mobile: '01812345678' };

export interface CatalogueProduct {
  name: string;
  description?: string;
  name_bn?: string;
  description_bn?: string;
  product_details_bn?: string;
  price?: number;
  discount?: number;
  stock?: number;
  publish?: boolean;
  createdAt?: Date;
}

/** A small catalogue: two categories, three sub-categories, and `addProducts` to fill them. */
export async function seedCatalogue(db: Db) {
  const electronics = await makeCategory(db, { name: 'Electronics and Gadgets', image: '/uploads/c/e.webp', createdAt: new Date(1000) });
  const fashion = await makeCategory(db, { name: 'Fashion and Lifestyle', image: '/uploads/c/f.webp', createdAt: new Date(2000) });
  const cat = { electronics: electronics.id, fashion: fashion.id };
  const phones = await makeSubCategory(db, [cat.electronics], { name: 'Mobile Phones', image: '/uploads/s/p.webp', createdAt: new Date(1000) });
  const tv = await makeSubCategory(db, [cat.electronics], { name: 'Televisions', image: '/uploads/s/t.webp', createdAt: new Date(2000) });
  const shirts = await makeSubCategory(db, [cat.fashion], { name: 'Shirts & Tops', image: '/uploads/s/s.webp', createdAt: new Date(3000) });
  const sub = { phones: phones.id, tv: tv.id, shirts: shirts.id };
  let clock = Date.UTC(2025, 0, 1);
  const addProducts = async (categoryId: string, subCategoryId: string, list: CatalogueProduct[]) => {
    const rows = list.map((p) => ({
      id: newId(),
      name: p.name,
      description: p.description ?? '',
      nameBn: p.name_bn ?? '',
      descriptionBn: p.description_bn ?? '',
      productDetailsBn: p.product_details_bn ?? '',
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

export interface OrderLineSeed {
  product: { id: string; name: string };
  quantity: number;
  unitPrice: number;
  /** A variant's line (issue 21): its id, SKU and chosen options. */
  variantId?: string;
  sku?: string;
  options?: ChosenOption[];
}

/**
 * An order row with its lines, as placed at `createdAt` (the dashboard's
 * figures by day and status); no stock is taken. Placing through the API is
 * for tests of placing.
 */
export async function makeOrder(
  db: Db,
  values: {
    lines: OrderLineSeed[];
    createdAt?: Date;
    status?: typeof orders.$inferInsert.status;
    paymentStatus?: string;
    paymentState?: typeof orders.$inferInsert.paymentState;
    deliveryFee?: number;
    paidAt?: Date;
    address?: { address_line: string; city: string };
  },
) {
  const address = { ...(values.address ?? { address_line: 'Road 5, Mirpur', city: 'Dhaka' }), mobile: '01712345678' };
  const id = newId();
  const subTotal = values.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const deliveryFee = values.deliveryFee ?? 50;
  const [row] = await db
    .insert(orders)
    .values({
      id,
      orderId: `HT-T-${id}`,
      status: values.status ?? 'Pending',
      paymentStatus: values.paymentStatus ?? 'CASH-ON-DELIVERY',
      paymentState: values.paymentState ?? null,
      mobile: '01712345678',
      subTotalAmount: subTotal,
      deliveryFee,
      totalAmount: subTotal + deliveryFee,
      guestDeliveryAddress: address,
      // As placeOrder keeps it (decision 0076).
      insideDhaka: isInsideDhaka(address),
      paidAt: values.paidAt ?? null,
      ...(values.createdAt && { createdAt: values.createdAt, updatedAt: values.createdAt }),
    })
    .returning();
  await db.insert(orderItems).values(
    values.lines.map((l) => ({ id: newId(), orderId: id, productId: l.product.id, name: l.product.name, price: l.unitPrice, discount: 0, unitPrice: l.unitPrice, quantity: l.quantity, variantId: l.variantId ?? null, sku: l.sku ?? '', options: l.options ?? [] })),
  );
  return row!;
}

/** A courier booking of an order, at a stage (a webhook's work in the courier tests). */
export async function makeShipment(db: Db, orderId: string, stage: string, createdAt?: Date) {
  await db.insert(shipments).values({ orderId, provider: 'sandbox', consignmentId: newId(), status: stage, stage, final: ['delivered', 'partial', 'returned', 'cancelled'].includes(stage), ...(createdAt && { createdAt }) });
}
