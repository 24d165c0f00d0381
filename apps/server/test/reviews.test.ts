import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { auditLog, orders, products, reviewRequests, reviews, reviewVotes, shipments } from '../src/db/schema';
import { createSmsSender } from '../src/lib/sms';
import { LINK_PROOF_MS, makeProof, mobileOfProof } from '../src/modules/reviews/proof';
import { outsideQuietHours, requestTime, sendReviewRequest } from '../src/modules/reviews/requests';
import { createApi, jobRows, makeOrder, makeProduct, makeUser, multipart, outboxSms, pixelBombPng, png, tmpDir, useTestApp, type TestContext, type TestUser } from './support';

/**
 * Issue 47 (decision 0124): reviews through the API on a real database — who may review (an account's delivered
 * order, or the order's mobile proved by a texted code), photos through the picture pipeline, moderation in the
 * audit log, helpful votes, and the counts per star exact under 50 concurrent writers.
 */

const DAY = 24 * 60 * 60 * 1000;
let ip = 0;

function helpers(t: TestContext) {
  const db = () => t.database.db;
  const from = () => t.api().from(`10.47.${Math.floor(++ip / 250)}.${ip % 250}`);
  /** A delivered order line of a new product (or `product`), the order placed by `buyer` (a new shopper) with `mobile`. */
  const delivered = async (opts: { buyer?: TestUser | null; product?: { id: string; name: string }; status?: 'Delivered' | 'Pending'; mobile?: string } = {}) => {
    const buyer = opts.buyer === null ? null : (opts.buyer ?? (await makeUser(db(), t.config)));
    const product = opts.product ?? (await makeProduct(db(), { name: 'Jamdani saree', price: 3000, stock: 10, options: [] }));
    const order = await makeOrder(db(), { lines: [{ product, quantity: 1, unitPrice: 3000, options: [{ name: 'Size', name_bn: 'সাইজ', value: 'L', value_bn: 'এল' }, { name: 'Colour', name_bn: 'রং', value: 'Red', value_bn: 'লাল' }] }], status: opts.status ?? 'Delivered' });
    await db().update(orders).set({ userId: buyer?.id ?? null, mobile: opts.mobile ?? '01712345678', customerName: 'Rahima Khatun', deliveredAt: new Date() }).where(eq(orders.id, order.id));
    const [item] = await db().query.orderItems.findMany({ where: (i, { eq: e }) => e(i.orderId, order.id) });
    return { buyer, product, order, itemId: item!.id };
  };
  const write = (who: TestUser | null, review: object, photos: Buffer[] = [], proof?: string) =>
    from()
      .as(who)
      .post('reviews', multipart({ review: JSON.stringify(review), ...(photos.length && { photos }), ...(proof && { proof }) }));
  const admin = async () => from().as(await makeUser(db(), t.config, 'ADMIN'));
  const reviewCount = async () => (await db().select({ n: count() }).from(reviews))[0]!.n;
  const stars = async (productId: string) => {
    const [p] = await db().select().from(products).where(eq(products.id, productId));
    return [p!.rating1, p!.rating2, p!.rating3, p!.rating4, p!.rating5];
  };
  const outbox = () => outboxSms(t.config.DATA_DIR);
  return { db, from, delivered, write, admin, reviewCount, stars, outbox };
}

describe('who may review', () => {
  const t = useTestApp();
  const h = helpers(t);

  it('takes a signed-in buyer’s review of a delivered line, once, with the variant bought and verified purchase', async () => {
    const { buyer, product, itemId } = await h.delivered();
    const res = await h.write(buyer, { order_item_id: itemId, rating: 5, body: 'খুব সুন্দর শাড়ি, রং একদম ছবির মতো।' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ rating: 5, status: 'published', variant: 'Size: L, Colour: Red', variant_bn: 'সাইজ: এল, রং: লাল', author: 'Rahima', verified: true });
    const page = (await h.from().get(`reviews/product/${product.id}`)).json().data;
    expect(page.summary).toEqual({ average: 5, count: 1, stars: [0, 0, 0, 0, 1] });
    expect(page.items.map((r: { body: string }) => r.body)).toEqual(['খুব সুন্দর শাড়ি, রং একদম ছবির মতো।']);
    // One review per delivered line.
    const again = await h.write(buyer, { order_item_id: itemId, rating: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'REVIEW_EXISTS' });
    expect(await h.reviewCount()).toBe(1);
  });

  it('refuses a shopper without a delivered order of it, and changes nothing', async () => {
    const { itemId, product } = await h.delivered();
    const stranger = await makeUser(h.db(), t.config);
    const res = await h.write(stranger, { order_item_id: itemId, rating: 1, body: 'Never bought it' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'REVIEW_NOT_A_BUYER', message: 'Only a buyer whose order of this product was delivered can review it.' });
    const pending = await h.delivered({ status: 'Pending' });
    const early = await h.write(pending.buyer, { order_item_id: pending.itemId, rating: 4 });
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'REVIEW_NOT_DELIVERED' });
    const guest = await h.write(null, { order_item_id: itemId, rating: 5 });
    expect(guest.statusCode).toBe(401);
    expect(await h.reviewCount()).toBe(0);
    expect(await h.stars(product.id)).toEqual([0, 0, 0, 0, 0]);
  });

  it('bad input gets the rule’s message and writes nothing', async () => {
    const { buyer, itemId } = await h.delivered();
    const res = await h.write(buyer, { order_item_id: itemId, rating: 6 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', message: 'Choose 1 to 5 stars.' });
    const long = await h.write(buyer, { order_item_id: itemId, rating: 3, body: 'x'.repeat(2001) });
    expect(long.json()).toMatchObject({ code: 'VALIDATION', message: 'The review is too long (at most 2000 characters).' });
    expect(await h.reviewCount()).toBe(0);
  });

  it('lets a guest prove the order’s mobile with a texted code, then review', async () => {
    const { itemId } = await h.delivered({ buyer: null, mobile: '01812345678' });
    expect((await h.from().post('reviews/code', { mobile: '01812345678' })).statusCode).toBe(200);
    const sms = h.outbox().filter((m) => m.to.endsWith('1812345678')).pop()!;
    expect(sms.text).toContain('রিভিউ দেওয়ার কোড');
    const code = /\d{6}/.exec(sms.text.replace(/[০-৯]/g, (d) => String('০১২৩৪৫৬৭৮৯'.indexOf(d))))![0];
    const verified = await h.from().post('reviews/verify', { mobile: '01812345678', otp: code });
    expect(verified.statusCode, verified.body).toBe(200);
    const proof = verified.json().data.proof as string;
    const mine = await h.from().get(`reviews/mine?proof=${encodeURIComponent(proof)}`);
    expect(mine.json().data).toMatchObject([{ order_item_id: itemId, variant: 'Size: L, Colour: Red', review: null }]);
    const res = await h.write(null, { order_item_id: itemId, rating: 4, body: 'Good' }, [], proof);
    expect(res.statusCode, res.body).toBe(201);
    // Another number's proof, or a forged one, does not open it.
    const other = await h.delivered({ buyer: null, mobile: '01912345678' });
    expect((await h.write(null, { order_item_id: other.itemId, rating: 4 }, [], proof)).statusCode).toBe(403);
    const forged = proof.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await h.write(null, { order_item_id: other.itemId, rating: 4 }, [], forged)).json()).toMatchObject({ code: 'REVIEW_PROOF_INVALID' });
  });

  it('edits within 30 days, not after; the counts follow the new stars', async () => {
    const { buyer, product, itemId } = await h.delivered();
    const id = (await h.write(buyer, { order_item_id: itemId, rating: 5 })).json().data._id;
    await h.db().update(reviews).set({ createdAt: new Date(Date.now() - 29 * DAY) }).where(eq(reviews.id, id));
    const edited = await h.from().as(buyer).patch(`reviews/${id}`, { rating: 4, body: 'Colour faded a little after washing' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await h.stars(product.id)).toEqual([0, 0, 0, 1, 0]);
    await h.db().update(reviews).set({ createdAt: new Date(Date.now() - 31 * DAY) }).where(eq(reviews.id, id));
    const late = await h.from().as(buyer).patch(`reviews/${id}`, { rating: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'REVIEW_EDIT_CLOSED', message: 'A review can be edited for 30 days; this one can no longer be changed.' });
    expect(await h.stars(product.id)).toEqual([0, 0, 0, 1, 0]);
    // Another shopper cannot edit it.
    expect((await h.from().as(await makeUser(h.db(), t.config)).patch(`reviews/${id}`, { rating: 1 })).statusCode).toBe(404);
  });
});

describe('editing a review', () => {
  const t = useTestApp();
  const h = helpers(t);

  it('goes through the owner’s rule again: a published review edited to hold a blocked word is held, and leaves the counts', async () => {
    const owner = await h.admin();
    await owner.put('review-settings', { auto_publish_from: 4, blocked_words: 'scam', request_days: null });
    const { buyer, product, itemId } = await h.delivered();
    const id = (await h.write(buyer, { order_item_id: itemId, rating: 5, body: 'Lovely' })).json().data._id;
    expect(await h.stars(product.id)).toEqual([0, 0, 0, 0, 1]);
    const edited = await h.from().as(buyer).patch(`reviews/${id}`, { rating: 5, body: 'Turned out a SCAM' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ status: 'pending', body: 'Turned out a SCAM' });
    expect(await h.stars(product.id)).toEqual([0, 0, 0, 0, 0]);
    expect((await owner.get('reviews')).json().data.items).toMatchObject([{ _id: id, held_for: 'words' }]);
    expect((await h.from().get(`reviews/product/${product.id}`)).json().data.items).toEqual([]);
    // Edited back to a clean text with enough stars, the rule publishes it again.
    expect((await h.from().as(buyer).patch(`reviews/${id}`, { rating: 4, body: 'Fine after all' })).json().data).toMatchObject({ status: 'published' });
    expect(await h.stars(product.id)).toEqual([0, 0, 0, 1, 0]);
  });

  it('drops photos the buyer no longer wants, refuses any other picture, and a guest edits with the proof', async () => {
    const { product, itemId } = await h.delivered({ buyer: null, mobile: '01612345678' });
    const proof = makeProof(t.config.JWT_SECRET, '01612345678', new Date(), LINK_PROOF_MS).proof;
    const made = (await h.write(null, { order_item_id: itemId, rating: 5 }, [await png(20, 20), await png(30, 30)], proof)).json().data;
    expect(made.photos).toHaveLength(2);
    const foreign = await h.from().patch(`reviews/${made._id}`, { rating: 5, photos: ['/uploads/products/someone-else.webp'], proof });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({ code: 'REVIEW_PHOTO_UNKNOWN', message: 'An edit can only keep or remove the review’s own photos.' });
    const [unchanged] = await h.db().select().from(reviews).where(eq(reviews.id, made._id));
    expect(unchanged!.photos).toEqual(made.photos);
    const kept = await h.from().patch(`reviews/${made._id}`, { rating: 3, body: 'Smaller than it looked', photos: [made.photos[1]], proof });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data).toMatchObject({ rating: 3, photos: [made.photos[1]] });
    expect((await h.from().get(`reviews/product/${product.id}`)).json().data.photos.map((p: { url: string }) => p.url)).toEqual([]);
    // Without the proof, a guest cannot edit it.
    expect((await h.from().patch(`reviews/${made._id}`, { rating: 1 })).statusCode).toBe(401);
  });
});

describe('photos and scripts', () => {
  const t = useTestApp();
  const h = helpers(t);

  it('re-encodes photos through the picture pipeline without EXIF, and refuses bad files whole', async () => {
    const { buyer, itemId } = await h.delivered();
    const withExif = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#aa3344' } })
      .jpeg()
      .withExif({ IFD0: { Copyright: 'GPS home of the buyer', Artist: 'Secret Name' } })
      .toBuffer();
    expect((await sharp(withExif).metadata()).exif).toBeDefined();
    const bomb = await h.write(buyer, { order_item_id: itemId, rating: 5 }, [withExif, pixelBombPng()]);
    expect(bomb.statusCode).toBe(413);
    const junk = await h.write(buyer, { order_item_id: itemId, rating: 5 }, [Buffer.from('<script>alert(1)</script>')]);
    expect(junk.statusCode).toBe(415);
    expect(junk.json()).toMatchObject({ code: 'IMAGE_UNREADABLE' });
    const six = await h.write(buyer, { order_item_id: itemId, rating: 5 }, await Promise.all([1, 2, 3, 4, 5, 6].map((n) => png(10 + n, 10))));
    expect(six.statusCode).toBe(400);
    expect(six.json()).toMatchObject({ code: 'REVIEW_TOO_MANY_PHOTOS', message: 'A review can have at most 5 photos.' });
    expect(await h.reviewCount()).toBe(0);
    const res = await h.write(buyer, { order_item_id: itemId, rating: 5 }, [withExif, await png()]);
    expect(res.statusCode, res.body).toBe(201);
    const photos = res.json().data.photos as string[];
    expect(photos).toHaveLength(2);
    for (const url of photos) {
      expect(url).toMatch(/^\/uploads\/reviews\/[0-9a-f]{24}\.webp$/);
      const file = await h.from().get(url);
      expect(file.statusCode).toBe(200);
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
    }
  });

  it('keeps a script in the text as typed: it is data, never markup', async () => {
    const { buyer, product, itemId } = await h.delivered();
    const body = '</script><script>alert("x")</script><img src=x onerror=alert(1)>';
    expect((await h.write(buyer, { order_item_id: itemId, rating: 4, body })).statusCode).toBe(201);
    const res = await h.from().get(`reviews/product/${product.id}`);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().data.items[0].body).toBe(body);
  });
});

describe('moderation', () => {
  const t = useTestApp();
  const h = helpers(t);

  it('holds by the owner’s rule and blocked words; publishes, hides with a reason and replies, each in the audit log', async () => {
    const owner = await h.admin();
    const saved = await owner.put('review-settings', { auto_publish_from: null, blocked_words: 'fake, scam', request_days: null });
    expect(saved.statusCode, saved.body).toBe(200);
    const a = await h.delivered();
    const held = (await h.write(a.buyer, { order_item_id: a.itemId, rating: 5, body: 'Great' })).json().data;
    expect(held.status).toBe('pending');
    expect((await h.from().get(`reviews/product/${a.product.id}`)).json().data).toMatchObject({ summary: { count: 0 }, items: [] });
    const queue = (await owner.get('reviews')).json().data;
    expect(queue).toMatchObject({ pending: 1, items: [{ _id: held._id, held_for: 'rule', status: 'pending' }] });

    expect((await owner.post(`reviews/${held._id}/publish`)).statusCode).toBe(200);
    expect(await h.stars(a.product.id)).toEqual([0, 0, 0, 0, 1]);
    const reply = await owner.post(`reviews/${held._id}/reply`, { reply: 'ধন্যবাদ! আবার আসবেন।' });
    expect(reply.statusCode).toBe(200);
    expect((await h.from().get(`reviews/product/${a.product.id}`)).json().data.items[0]).toMatchObject({ reply: 'ধন্যবাদ! আবার আসবেন।' });
    const noReason = await owner.post(`reviews/${held._id}/hide`, { reason: ' ' });
    expect(noReason.json()).toMatchObject({ code: 'VALIDATION', message: 'Say why the review is hidden.' });
    expect((await owner.post(`reviews/${held._id}/hide`, { reason: 'Shares a phone number' })).json().data).toMatchObject({ status: 'hidden', hide_reason: 'Shares a phone number' });
    expect(await h.stars(a.product.id)).toEqual([0, 0, 0, 0, 0]);

    await owner.put('review-settings', { auto_publish_from: 4, blocked_words: 'fake, scam', request_days: null });
    const b = await h.delivered({ product: a.product });
    expect((await h.write(b.buyer, { order_item_id: b.itemId, rating: 5, body: 'Total SCAM seller' })).json().data).toMatchObject({ status: 'pending' });
    const c = await h.delivered({ product: a.product });
    expect((await h.write(c.buyer, { order_item_id: c.itemId, rating: 5, body: 'Lovely' })).json().data).toMatchObject({ status: 'published' });
    const d = await h.delivered({ product: a.product });
    expect((await h.write(d.buyer, { order_item_id: d.itemId, rating: 2, body: 'Torn' })).json().data).toMatchObject({ status: 'pending' });

    const log = await h.db().select().from(auditLog).where(eq(auditLog.kind, 'review'));
    expect(log.map((e) => e.action).sort()).toEqual(['hide', 'publish', 'reply']);
    expect(log.find((e) => e.action === 'hide')!.after).toMatchObject({ status: 'hidden', hide_reason: 'Shares a phone number' });
    // A shopper or a packer cannot moderate.
    expect((await h.from().as(b.buyer).post(`reviews/${held._id}/publish`)).statusCode).toBe(403);
    expect((await h.from().as(await makeUser(h.db(), t.config, 'PACKER')).get('reviews')).statusCode).toBe(403);
  });

  it('shows the dashboard the lowest-rated products and the newest unanswered low reviews', async () => {
    const owner = await h.admin();
    await owner.put('review-settings', { auto_publish_from: 1, blocked_words: '', request_days: null });
    const good = await h.delivered();
    await h.write(good.buyer, { order_item_id: good.itemId, rating: 5 });
    const bad = await h.delivered();
    const low = (await h.write(bad.buyer, { order_item_id: bad.itemId, rating: 1, body: 'Leaks' })).json().data;
    const tiles = (await owner.get('reviews/attention')).json().data;
    expect(tiles.lowest.map((p: { product_id: string; average: number }) => [p.product_id, p.average])).toEqual([
      [bad.product.id, 1],
      [good.product.id, 5],
    ]);
    expect(tiles.unanswered.map((r: { _id: string }) => r._id)).toEqual([low._id]);
    await owner.post(`reviews/${low._id}/reply`, { reply: 'Sorry! We will replace it.' });
    expect((await owner.get('reviews/attention')).json().data.unanswered).toEqual([]);
  });

  it('lists reviews to moderate in numbered pages of 20, newest first', async () => {
    const owner = await h.admin();
    await owner.put('review-settings', { auto_publish_from: null, blocked_words: '', request_days: null });
    const product = await makeProduct(h.db(), { name: 'Kantha quilt', price: 2500, stock: 50 });
    const ids: string[] = [];
    for (let i = 0; i < 23; i++) {
      const line = await h.delivered({ product });
      const id = (await h.write(line.buyer, { order_item_id: line.itemId, rating: 3 })).json().data._id as string;
      await h.db().update(reviews).set({ createdAt: new Date(Date.UTC(2026, 10, 1, i)) }).where(eq(reviews.id, id));
      ids.push(id);
    }
    const first = (await owner.get('reviews?status=pending')).json().data;
    expect(first).toMatchObject({ pending: 23, page: 1, pages: 2 });
    expect(first.items.map((r: { _id: string }) => r._id)).toEqual(ids.slice(3).reverse());
    const second = (await owner.get('reviews?status=pending&page=2')).json().data;
    expect(second).toMatchObject({ page: 2, pages: 2 });
    expect(second.items.map((r: { _id: string }) => r._id)).toEqual(ids.slice(0, 3).reverse());
    // Past the last page answers the last page; nonsense answers the first.
    expect((await owner.get('reviews?page=9')).json().data).toMatchObject({ page: 2 });
    expect((await owner.get('reviews?page=abc')).json().data).toMatchObject({ page: 1 });
    expect((await owner.get('reviews?status=hidden')).json().data).toMatchObject({ items: [], page: 1, pages: 1 });
  });

  it('lets the Catalogue role moderate', async () => {
    const cat = h.from().as(await makeUser(h.db(), t.config, 'CATALOGUE'));
    expect((await cat.get('reviews')).statusCode).toBe(200);
  });
});

describe('the product’s list and votes', () => {
  const t = useTestApp();
  const h = helpers(t);

  it('pages 10 at a time, sorts by newest, most helpful and lowest, one helpful vote per shopper', async () => {
    const product = await makeProduct(h.db(), { name: 'Panjabi', price: 1500, stock: 5 });
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const line = await h.delivered({ product });
      const res = await h.write(line.buyer, { order_item_id: line.itemId, rating: (i % 5) + 1 >= 4 ? (i % 5) + 1 : 5 });
      ids.push(res.json().data._id);
      await h.db().update(reviews).set({ createdAt: new Date(Date.UTC(2026, 10, 1 + i)), rating: (i % 5) + 1 }).where(eq(reviews.id, res.json().data._id));
    }
    const first = (await h.from().get(`reviews/product/${product.id}`)).json().data;
    expect(first.items).toHaveLength(10);
    expect(first.pages).toBe(2);
    expect(first.items[0]._id).toBe(ids[11]);
    expect((await h.from().get(`reviews/product/${product.id}?page=2`)).json().data.items).toHaveLength(2);
    const lowest = (await h.from().get(`reviews/product/${product.id}?sort=lowest`)).json().data.items;
    expect(lowest[0].rating).toBe(1);

    const voter = await makeUser(h.db(), t.config);
    const vote = await h.from().as(voter).post(`reviews/${ids[3]}/helpful`);
    expect(vote.json().data).toEqual({ helpful: 1, voted: true });
    expect((await h.from().as(voter).post(`reviews/${ids[3]}/helpful`)).json().data).toEqual({ helpful: 1, voted: true });
    const helpful = (await h.from().get(`reviews/product/${product.id}?sort=helpful`)).json().data.items;
    expect(helpful[0]).toMatchObject({ _id: ids[3], helpful: 1 });
  });

  it('counts a guest’s vote once by its signed cookie, and caps cookie-less votes per address', async () => {
    const product = await makeProduct(h.db(), { name: 'Lungi', price: 600, stock: 5 });
    const line = await h.delivered({ product });
    const id = (await h.write(line.buyer, { order_item_id: line.itemId, rating: 5 })).json().data._id;
    const guest = h.from();
    const first = await guest.post(`reviews/${id}/helpful`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toEqual({ helpful: 1, voted: true });
    const cookie = String(first.headers['set-cookie']).split(';')[0]!;
    expect(cookie).toMatch(/^haat_voter=/);
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly/);
    // The same browser again, even from another address: still one vote.
    const again = await h.from().post(`reviews/${id}/helpful`, undefined, { headers: { cookie } });
    expect(again.json().data).toEqual({ helpful: 1, voted: true });
    expect(again.headers['set-cookie']).toBeUndefined();
    // A forged cookie is no identity: it counts as a new guest's, against the address's cap.
    const forged = cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const script = h.from();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await script.post(`reviews/${id}/helpful`, undefined, { headers: { cookie: forged } })).statusCode);
    expect(answers).toEqual([200, 200, 200, 429]);
    const [row] = await h.db().select().from(reviews).where(eq(reviews.id, id));
    expect(row!.helpful).toBe(4);
    expect((await h.db().select({ n: count() }).from(reviewVotes).where(eq(reviewVotes.reviewId, id)))[0]!.n).toBe(4);
  });

  it('keeps the helpful count exact under 50 guests voting at once, each twice', async () => {
    const product = await makeProduct(h.db(), { name: 'Gamchha', price: 200, stock: 5 });
    const line = await h.delivered({ product });
    const id = (await h.write(line.buyer, { order_item_id: line.itemId, rating: 4 })).json().data._id;
    const cookies = await Promise.all(Array.from({ length: 50 }, async () => String((await h.from().post(`reviews/${id}/helpful`)).headers['set-cookie']).split(';')[0]!));
    const repeats = await Promise.all(cookies.map((cookie) => h.from().post(`reviews/${id}/helpful`, undefined, { headers: { cookie } })));
    expect(repeats.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);
    const [row] = await h.db().select().from(reviews).where(eq(reviews.id, id));
    expect(row!.helpful).toBe(50);
    expect((await h.db().select({ n: count() }).from(reviewVotes).where(eq(reviewVotes.reviewId, id)))[0]!.n).toBe(50);
  });

  it('keeps the counts and the average exact under 50 concurrent reviews and votes', async () => {
    const product = await makeProduct(h.db(), { name: 'Hilsa', price: 900, stock: 500 });
    await (await h.admin()).put('review-settings', { auto_publish_from: 1, blocked_words: '', request_days: null });
    const lines = await Promise.all(Array.from({ length: 50 }, () => h.delivered({ product })));
    const ratings = lines.map((_, i) => (i % 5) + 1);
    const seed = await h.delivered({ product });
    const target = (await h.write(seed.buyer, { order_item_id: seed.itemId, rating: 5 })).json().data._id;
    const voters = await Promise.all(Array.from({ length: 50 }, () => makeUser(h.db(), t.config)));
    const results = await Promise.all([
      ...lines.map((l, i) => h.write(l.buyer, { order_item_id: l.itemId, rating: ratings[i] })),
      ...voters.map((v) => h.from().as(v).post(`reviews/${target}/helpful`)),
    ]);
    expect(results.map((r) => r.statusCode).filter((s) => s >= 300)).toEqual([]);
    const want = [10, 10, 10, 10, 11];
    expect(await h.stars(product.id)).toEqual(want);
    const summary = (await h.from().get(`reviews/product/${product.id}`)).json().data.summary;
    expect(summary).toEqual({ average: Math.round(((10 + 20 + 30 + 40 + 55) / 51) * 100) / 100, count: 51, stars: want });
    const [row] = await h.db().select().from(reviews).where(eq(reviews.id, target));
    expect(row!.helpful).toBe(50);
  });
});

describe('asking for reviews by SMS', () => {
  const t = useTestApp();
  const h = helpers(t);
  const deps = () => ({ db: h.db(), sms: createSmsSender(t.config, t.app.log), config: t.config });

  it('waits out the Dhaka night', () => {
    // 22:30 Dhaka (16:30 UTC) → 10:00 Dhaka next day (04:00 UTC); 08:00 Dhaka (02:00 UTC) → 10:00 the same day.
    expect(outsideQuietHours(new Date('2026-12-01T16:30:00Z')).toISOString()).toBe('2026-12-02T04:00:00.000Z');
    expect(outsideQuietHours(new Date('2026-12-01T02:00:00Z')).toISOString()).toBe('2026-12-01T04:00:00.000Z');
    expect(outsideQuietHours(new Date('2026-12-01T08:00:00Z')).toISOString()).toBe('2026-12-01T08:00:00.000Z');
    expect(requestTime(new Date('2026-12-01T08:00:00Z'), 3).toISOString()).toBe('2026-12-04T08:00:00.000Z');
  });

  it('texts the order’s mobile once, by day, with a link that opens the form verified', async () => {
    const { itemId, order } = await h.delivered({ buyer: null, mobile: '01612345678' });
    const day = new Date('2026-12-01T06:00:00Z');
    expect(await sendReviewRequest(deps(), order.id, new Date('2026-12-01T18:00:00Z'))).toEqual({ state: 'later', at: new Date('2026-12-02T04:00:00Z') });
    expect(h.outbox()).toEqual([]);
    expect(await sendReviewRequest(deps(), order.id, day)).toEqual({ state: 'sent' });
    expect(await sendReviewRequest(deps(), order.id, day)).toEqual({ state: 'skipped' });
    const sent = h.outbox();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toMatch(/রিভিউ দিন: http:\/\/\S+\/review\?proof=/);
    expect((await h.db().select().from(reviewRequests)).map((r) => r.orderId)).toEqual([order.id]);
    const proof = decodeURIComponent(/proof=(\S+)/.exec(sent[0]!.text)![1]!);
    // The link's proof vouches for the order's mobile for 30 days after the SMS, not after.
    expect(mobileOfProof(t.config.JWT_SECRET, proof, new Date(day.getTime() + 29 * DAY))).toBe('01612345678');
    expect(mobileOfProof(t.config.JWT_SECRET, proof, new Date(day.getTime() + 31 * DAY))).toBeNull();
    // A link made now opens the form on the order's line.
    const fresh = makeProof(t.config.JWT_SECRET, '01612345678', new Date(), LINK_PROOF_MS).proof;
    expect((await h.from().get(`reviews/mine?proof=${encodeURIComponent(fresh)}`)).json().data).toMatchObject([{ order_item_id: itemId }]);
  });
});

/** The Rich Results rules for a product with reviews (Google's review snippet and Product docs), checked on the schema.org shape. */
function expectRichResultsProduct(ld: Record<string, unknown>) {
  expect(['Product', 'ProductGroup']).toContain(ld['@type']);
  expect(typeof ld.name).toBe('string');
  const agg = ld.aggregateRating as Record<string, unknown>;
  expect(agg['@type']).toBe('AggregateRating');
  expect(typeof agg.ratingValue).toBe('number');
  expect(agg.ratingValue as number).toBeGreaterThanOrEqual(1);
  expect(agg.ratingValue as number).toBeLessThanOrEqual(5);
  expect(Number.isInteger(agg.reviewCount) && (agg.reviewCount as number) > 0).toBe(true);
  expect(agg).toMatchObject({ bestRating: 5, worstRating: 1 });
  for (const review of ld.review as Record<string, unknown>[]) {
    expect(review['@type']).toBe('Review');
    expect(review.reviewRating).toMatchObject({ '@type': 'Rating', bestRating: 5, worstRating: 1 });
    const value = (review.reviewRating as { ratingValue: number }).ratingValue;
    expect(value >= 1 && value <= 5).toBe(true);
    expect(review.author).toMatchObject({ '@type': 'Person', name: expect.stringMatching(/\S/) });
    expect(review.datePublished).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  }
}

describe('the product page’s JSON-LD', () => {
  const INDEX = '<!doctype html><html lang="en"><head><title>x</title></head><body><div id="root"></div></body></html>';
  const web = tmpDir('haat-web-');
  mkdirSync(path.join(web, 'assets'));
  writeFileSync(path.join(web, 'index.html'), INDEX);
  const t = useTestApp({ PUBLIC_URL: 'https://shop.example.com' });
  const h = helpers(t);

  it('carries aggregateRating and the reviews as Google documents them, a script in a review staying inside the JSON', async () => {
    const app = await buildApp({ config: t.config, database: t.database, webDist: web });
    try {
      const a = await h.delivered();
      const b = await h.delivered({ product: a.product });
      await h.write(a.buyer, { order_item_id: a.itemId, rating: 5, body: 'Lovely </script><script>alert(1)</script>' });
      await h.write(b.buyer, { order_item_id: b.itemId, rating: 4, body: '' });
      const html = (await createApi(app).get(`/product/jamdani-saree-${a.product.id}`)).body;
      expect(html).not.toContain('<script>alert(1)</script>');
      const lds = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
      expect(lds).toHaveLength(1);
      const ld = lds[0]!;
      expectRichResultsProduct(ld);
      expect(ld.aggregateRating).toMatchObject({ ratingValue: 4.5, reviewCount: 2 });
      expect((ld.review as { reviewBody?: string }[]).map((r) => r.reviewBody)).toContain('Lovely </script><script>alert(1)</script>');
      // The listing's answer carries the stars for the cards.
      const details = (await h.from().get(`product/get-product-details?productId=${a.product.id}`)).json().data;
      expect(details.rating).toEqual({ average: 4.5, count: 2 });
    } finally {
      await app.close();
    }
  });
});

describe('a delivered parcel and the asking SMS', () => {
  const t = useTestApp({ STEADFAST_WEBHOOK_TOKEN: 'reviews-hook-token' });
  const h = helpers(t);
  let consignment = 7000;
  const deliver = async () => {
    const product = await makeProduct(h.db(), { price: 400, stock: 10 });
    const order = (await h.from().post('order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: product.id, quantity: 1 }], guest_user_delivery_address: { address_line: 'Road 5, Mirpur', city: 'Dhaka', mobile: '01712345678' } })).json().data;
    await h.db().insert(shipments).values({ orderId: order._id, provider: 'steadfast', consignmentId: String(++consignment), status: 'in_review', stage: 'booked' });
    const res = await h.from().post('/api/courier/steadfast/webhook', { notification_type: 'delivery_status', consignment_id: consignment, status: 'delivered', updated_at: '2026-11-20 10:01:00' }, { headers: { authorization: 'Bearer reviews-hook-token' } });
    expect(res.statusCode, res.body).toBe(200);
    return order._id as string;
  };
  const requestJobs = async () => (await jobRows(t.database, t.config.JOBS_QUEUE)).filter((j) => j.name === 'sms.review-request').map((j) => j.data);

  it('queues nothing while the owner has not turned it on (the default), and one job per delivery once set', async () => {
    await deliver();
    expect(await requestJobs()).toEqual([]);
    await (await h.admin()).put('review-settings', { auto_publish_from: 4, blocked_words: '', request_days: 3 });
    const orderId = await deliver();
    expect(await requestJobs()).toEqual([{ orderId }]);
  });

  it('asks too when staff mark the order Delivered by hand, with no courier', async () => {
    const admin = await h.admin();
    await admin.put('review-settings', { auto_publish_from: 4, blocked_words: '', request_days: 3 });
    const product = await makeProduct(h.db(), { price: 400, stock: 10 });
    const order = (await h.from().post('order', { method: 'CASH-ON-DELIVERY', list_items: [{ product_id: product.id, quantity: 1 }], guest_user_delivery_address: { address_line: 'Road 5, Mirpur', city: 'Dhaka', mobile: '01712345678' } })).json().data;
    const before = (await requestJobs()).length;
    const res = await admin.patch(`order/update-status/${order._id}`, { status: 'Delivered' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await requestJobs()).slice(before)).toEqual([{ orderId: order._id }]);
  });
});
