import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import { ADMIN_REVIEWS_PAGE_SIZE, REVIEW_EDIT_DAYS, REVIEWS_PAGE_SIZE, type AdminReview, type AdminReviewList, type OwnReview, type RatingSummary, type ReviewableLine, type ReviewPage, type ReviewSort, type ReviewView } from '@haat/shared/schemas/reviews';
import type { ChosenOption } from '@haat/shared/schemas/variants';
import type { DbOrTx } from '../../db/client';
import { orderItems, orders, products, reviews } from '../../db/schema';
import { settingsSection } from '../shop/index';

/** Reviews' reads (issue 47, decision 0124): rows to the API's shapes; no rule, no HTTP error. */

export type ReviewRow = typeof reviews.$inferSelect;

export interface ReviewRules {
  autoPublishFrom: number | null;
  blockedWords: string;
  requestDays: number | null;
}

export const reviewRules = settingsSection<ReviewRules>({
  fields: { autoPublishFrom: 'reviewAutoPublishFrom', blockedWords: 'reviewBlockedWords', requestDays: 'reviewRequestDays' },
  defaults: { autoPublishFrom: 4, blockedWords: '', requestDays: null },
});

const DAY_MS = 24 * 60 * 60 * 1000;
export const editableUntil = (createdAt: Date) => new Date(createdAt.getTime() + REVIEW_EDIT_DAYS * DAY_MS);

/** "Size: L, Colour: Red" in English and in Bangla (a Bangla name or value falls back to the English). */
export function variantText(options: ChosenOption[]): { en: string; bn: string } {
  return {
    en: options.map((o) => `${o.name}: ${o.value}`).join(', '),
    bn: options.some((o) => o.name_bn || o.value_bn) ? options.map((o) => `${o.name_bn || o.name}: ${o.value_bn || o.value}`).join(', ') : '',
  };
}

export function reviewView(r: ReviewRow): ReviewView {
  return {
    _id: r.id,
    product_id: r.productId,
    rating: r.rating,
    body: r.body,
    photos: r.photos,
    variant: r.variant,
    variant_bn: r.variantBn,
    author: r.author,
    verified: true,
    helpful: r.helpful,
    reply: r.reply,
    replied_at: r.repliedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

export const ownReview = (r: ReviewRow): OwnReview => ({ ...reviewView(r), status: r.status, editable_until: editableUntil(r.createdAt).toISOString() });

/** An order line as a review needs it: the order's buyer, status and number. */
export async function lineForReview(db: DbOrTx, itemId: string) {
  const [row] = await db
    .select({
      itemId: orderItems.id,
      productId: orderItems.productId,
      options: orderItems.options,
      orderId: orders.id,
      orderNumber: orders.orderId,
      status: orders.status,
      userId: orders.userId,
      mobile: orders.mobile,
      customerName: orders.customerName,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orderItems.id, itemId));
  return row ?? null;
}
export type ReviewLine = NonNullable<Awaited<ReturnType<typeof lineForReview>>>;

export async function reviewById(db: DbOrTx, id: string): Promise<ReviewRow | null> {
  const [row] = await db.select().from(reviews).where(eq(reviews.id, id));
  return row ?? null;
}

/** The counts per star kept on the product (migration 0056); the average is computed from them, exactly. */
export async function ratingSummary(db: DbOrTx, productId: string): Promise<RatingSummary | null> {
  const [row] = await db
    .select({ r1: products.rating1, r2: products.rating2, r3: products.rating3, r4: products.rating4, r5: products.rating5, publish: products.publish })
    .from(products)
    .where(eq(products.id, productId));
  if (!row || !row.publish) return null;
  return summaryOf([row.r1, row.r2, row.r3, row.r4, row.r5]);
}

export function summaryOf(stars: number[]): RatingSummary {
  const count = stars.reduce((s, n) => s + n, 0);
  const sum = stars.reduce((s, n, i) => s + n * (i + 1), 0);
  return { average: count ? Math.round((sum * 100) / count) / 100 : 0, count, stars };
}

const ORDERS: Record<ReviewSort, SQL[]> = {
  newest: [desc(reviews.createdAt), asc(reviews.id)],
  helpful: [desc(reviews.helpful), desc(reviews.createdAt), asc(reviews.id)],
  lowest: [asc(reviews.rating), desc(reviews.createdAt), asc(reviews.id)],
};

/** A page of a product's published reviews, with its summary and the newest photos; null for no such product. */
export async function productReviewPage(db: DbOrTx, productId: string, sort: ReviewSort, page: number): Promise<ReviewPage | null> {
  const summary = await ratingSummary(db, productId);
  if (!summary) return null;
  const published = and(eq(reviews.productId, productId), eq(reviews.status, 'published'));
  const rows = await db.select().from(reviews).where(published).orderBy(...ORDERS[sort]).limit(REVIEWS_PAGE_SIZE).offset((page - 1) * REVIEWS_PAGE_SIZE);
  const withPhotos = await db
    .select({ id: reviews.id, photos: reviews.photos })
    .from(reviews)
    .where(and(published, sql`cardinality(${reviews.photos}) > 0`))
    .orderBy(desc(reviews.createdAt), asc(reviews.id))
    .limit(8);
  return {
    summary,
    photos: withPhotos.flatMap((r) => r.photos.map((url) => ({ review_id: r.id, url }))).slice(0, 12),
    items: rows.map(reviewView),
    page,
    pages: Math.max(1, Math.ceil(summary.count / REVIEWS_PAGE_SIZE)),
  };
}

/** The delivered lines of the buyer's orders (by account or by the order's mobile), with any review of each. */
export async function reviewableLines(db: DbOrTx, who: { userId?: string; mobile?: string }): Promise<ReviewableLine[]> {
  const whose = [who.userId ? eq(orders.userId, who.userId) : undefined, who.mobile ? eq(orders.mobile, who.mobile) : undefined].filter((c) => c !== undefined);
  if (!whose.length) return [];
  const rows = await db
    .select({ item: orderItems, number: orders.orderId, review: reviews })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(reviews, eq(reviews.orderItemId, orderItems.id))
    .where(and(or(...whose), eq(orders.status, 'Delivered'), sql`${orderItems.productId} is not null`))
    .orderBy(desc(orders.deliveredAt), asc(orderItems.id))
    .limit(100);
  return rows.map(({ item, number, review }) => {
    const v = variantText(item.options);
    return { order_item_id: item.id, order_number: number, product_id: item.productId!, name: item.name, name_bn: item.nameBn, image: item.images[0] ?? '', variant: v.en, variant_bn: v.bn, review: review ? ownReview(review) : null };
  });
}

/** The owner's list: new (pending) first by default, then by state; newest first, in numbered pages of 20. */
export async function adminReviewPage(db: DbOrTx, q: { status?: 'pending' | 'published' | 'hidden'; page: number }): Promise<AdminReviewList> {
  const state = q.status ?? 'pending';
  const counts = await db.select({ status: reviews.status, n: sql<number>`count(*)::int` }).from(reviews).groupBy(reviews.status);
  const countOf = (s: string) => counts.find((c) => c.status === s)?.n ?? 0;
  const pages = Math.max(1, Math.ceil(countOf(state) / ADMIN_REVIEWS_PAGE_SIZE));
  const page = Math.min(q.page, pages);
  const rows = await db
    .select({ review: reviews, productName: products.name, productNameBn: products.nameBn, orderNumber: orders.orderId })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .where(eq(reviews.status, state))
    .orderBy(desc(reviews.createdAt), asc(reviews.id))
    .limit(ADMIN_REVIEWS_PAGE_SIZE)
    .offset((page - 1) * ADMIN_REVIEWS_PAGE_SIZE);
  return { items: rows.map((r) => adminView(r.review, r.productName, r.orderNumber, r.productNameBn)), pending: countOf('pending'), page, pages };
}

export const adminView = (r: ReviewRow, productName: string, orderNumber: string, productNameBn = ''): AdminReview => ({
  ...ownReview(r),
  held_for: r.heldFor,
  hide_reason: r.hideReason,
  product_name: productName,
  product_name_bn: productNameBn,
  order_number: orderNumber,
});

export async function adminReviewById(db: DbOrTx, id: string): Promise<AdminReview | null> {
  const [row] = await db
    .select({ review: reviews, productName: products.name, productNameBn: products.nameBn, orderNumber: orders.orderId })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .where(eq(reviews.id, id));
  return row ? adminView(row.review, row.productName, row.orderNumber, row.productNameBn) : null;
}

/** The dashboard's tiles: the lowest-rated products (with reviews) and the newest unanswered low reviews. */
export async function reviewAttention(db: DbOrTx) {
  const count = sql<number>`(${products.rating1} + ${products.rating2} + ${products.rating3} + ${products.rating4} + ${products.rating5})`;
  const sum = sql`(${products.rating1} + 2 * ${products.rating2} + 3 * ${products.rating3} + 4 * ${products.rating4} + 5 * ${products.rating5})`;
  const lowest = await db
    .select({ id: products.id, name: products.name, name_bn: products.nameBn, r1: products.rating1, r2: products.rating2, r3: products.rating3, r4: products.rating4, r5: products.rating5 })
    .from(products)
    .where(sql`${count} > 0`)
    .orderBy(sql`${sum}::numeric / ${count}`, asc(products.id))
    .limit(5);
  const low = await db
    .select({ review: reviews, productName: products.name, productNameBn: products.nameBn, orderNumber: orders.orderId })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .where(and(sql`${reviews.rating} <= 2`, eq(reviews.reply, ''), inArray(reviews.status, ['pending', 'published']), isNull(reviews.repliedAt)))
    .orderBy(desc(reviews.createdAt), asc(reviews.id))
    .limit(5);
  return {
    lowest: lowest.map((p) => ({ product_id: p.id, name: p.name, name_bn: p.name_bn, ...summaryOf([p.r1, p.r2, p.r3, p.r4, p.r5]) })),
    unanswered: low.map((r) => adminView(r.review, r.productName, r.orderNumber, r.productNameBn)),
  };
}

export interface LdReview {
  rating: number;
  author: string;
  body: string;
  createdAt: Date;
}

/** The newest published reviews of a product, for its page's JSON-LD. */
export async function reviewsForLd(db: DbOrTx, productId: string, limit = 5): Promise<LdReview[]> {
  return db
    .select({ rating: reviews.rating, author: reviews.author, body: reviews.body, createdAt: reviews.createdAt })
    .from(reviews)
    .where(and(eq(reviews.productId, productId), eq(reviews.status, 'published')))
    .orderBy(desc(reviews.createdAt), asc(reviews.id))
    .limit(limit);
}
