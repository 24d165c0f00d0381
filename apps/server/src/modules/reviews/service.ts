import { eq, sql } from 'drizzle-orm';
import { REVIEW_EDIT_DAYS, REVIEW_MAX_PHOTOS, REVIEW_PHOTO_BYTES, type ReviewEdit, type ReviewInput, type ReviewSettings, type AdminReview, type OwnReview } from '@haat/shared/schemas/reviews';
import type { Db, Tx } from '../../db/client';
import { products, reviews, reviewVotes } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import type { Actor } from '../../lib/auth';
import { appError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { prepareImage, writeImage } from '../../lib/images';
import type { UploadedFile } from '../../lib/multipart';
import type { PictureStore } from '../../lib/storage';
import { record } from '../audit/index';
import { adminReviewById, editableUntil, lineForReview, ownReview, reviewById, reviewRules, variantText, type ReviewLine, type ReviewRow, type ReviewRules } from './queries';

/**
 * Reviews (issue 47, decision 0124): written by a buyer whose order line was delivered (their account's order, or
 * one placed with the mobile they proved), one per line, editable for 30 days; published by the owner's rule or by
 * hand. The product's counts per star move in the same transaction as the review's status, by one statement on the
 * product's row, so concurrent writers queue on its lock and the counts stay exact.
 */

export interface ReviewsDeps {
  db: Db;
  pictures: PictureStore;
}

/** The buyer: the signed-in account and/or the mobile a proof vouches for. */
export interface Reviewer {
  userId?: string;
  mobile?: string;
}

/** One file more than allowed is read, so that a sixth photo gets its own message rather than the reader's. */
export const REVIEW_PHOTO_LIMITS = { maxFileBytes: REVIEW_PHOTO_BYTES, maxFiles: REVIEW_MAX_PHOTOS + 1 };

/** Adds d to the product's count of `rating` stars (published reviews only). */
async function countStar(tx: Tx, productId: string, rating: number, d: 1 | -1): Promise<void> {
  const column = sql.raw(`"rating_${rating}"`);
  await tx.update(products).set({ [`rating${rating}`]: sql`${column} + ${d}` }).where(eq(products.id, productId));
}

const words = (list: string) =>
  list
    .split(/[\n,]+/)
    .map((w) => w.trim().toLocaleLowerCase())
    .filter(Boolean);

/** Where a review goes by the owner's rule: held for a blocked word, held below the stars (or all), else published. */
export function moderate(rules: ReviewRules, rating: number, body: string): { status: 'pending' | 'published'; heldFor: '' | 'rule' | 'words' } {
  const text = body.toLocaleLowerCase();
  if (words(rules.blockedWords).some((w) => text.includes(w))) return { status: 'pending', heldFor: 'words' };
  if (rules.autoPublishFrom === null || rating < rules.autoPublishFrom) return { status: 'pending', heldFor: 'rule' };
  return { status: 'published', heldFor: '' };
}

const isBuyer = (line: ReviewLine, who: Reviewer) => (!!who.userId && line.userId === who.userId) || (!!who.mobile && line.mobile === who.mobile);

/** The line's rules: the caller's, delivered, of a product still there. */
function checkLine(line: ReviewLine | null, who: Reviewer): ReviewLine {
  if (!line || !line.productId || !isBuyer(line, who)) throw appError('REVIEW_NOT_A_BUYER');
  if (line.status !== 'Delivered') throw appError('REVIEW_NOT_DELIVERED', { status: line.status });
  return line;
}

const firstName = (name: string) => name.trim().split(/\s+/)[0]?.slice(0, 40) ?? '';

/**
 * A new review. Refused with nothing written for a line that is not the caller's (403), not delivered (409) or
 * already reviewed (409); photos are decoded and re-encoded (EXIF gone) before anything is stored, and a bad one
 * refuses the whole review.
 */
export async function writeReview(deps: ReviewsDeps, who: Reviewer, input: ReviewInput, photos: UploadedFile[], now = new Date()): Promise<OwnReview> {
  if (photos.length > REVIEW_MAX_PHOTOS) throw appError('REVIEW_TOO_MANY_PHOTOS', { n: REVIEW_MAX_PHOTOS });
  const line = checkLine(await lineForReview(deps.db, input.order_item_id), who);
  if (await existingReview(deps.db, line.itemId)) throw appError('REVIEW_EXISTS');
  const prepared = await Promise.all(photos.map((f) => prepareImage(f.data, { maxPixels: 25_000_000 })));
  const rules = await reviewRules.read(deps.db);
  const { status, heldFor } = moderate(rules, input.rating, input.body);
  const variant = variantText(line.options);
  const id = newId();
  try {
    await deps.db.transaction(async (tx) => {
      const urls = await Promise.all(prepared.map((p) => writeImage(deps.pictures, 'reviews', p)));
      await tx.insert(reviews).values({
        id,
        productId: line.productId!,
        orderId: line.orderId,
        orderItemId: line.itemId,
        userId: line.userId,
        author: firstName(line.customerName),
        rating: input.rating,
        body: input.body,
        photos: urls,
        variant: variant.en,
        variantBn: variant.bn,
        status,
        heldFor,
        createdAt: now,
        updatedAt: now,
      });
      if (status === 'published') await countStar(tx, line.productId!, input.rating, 1);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw appError('REVIEW_EXISTS');
    throw err;
  }
  return ownReview((await reviewById(deps.db, id))!);
}

async function existingReview(db: Db, itemId: string): Promise<boolean> {
  const [row] = await db.select({ id: reviews.id }).from(reviews).where(eq(reviews.orderItemId, itemId));
  return !!row;
}

/** Locks a review for a change; 404 when there is none. */
async function lockReview(tx: Tx, id: string): Promise<ReviewRow> {
  const [row] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update');
  if (!row) throw appError('REVIEW_NOT_FOUND');
  return row;
}

/** Moves a review to a status, keeping the product's counts: out of the old star, into the new one. */
async function moveCounts(tx: Tx, before: ReviewRow, after: { status: string; rating: number }): Promise<void> {
  if (before.status === 'published' && (after.status !== 'published' || after.rating !== before.rating)) await countStar(tx, before.productId, before.rating, -1);
  if (after.status === 'published' && (before.status !== 'published' || after.rating !== before.rating)) await countStar(tx, before.productId, after.rating, 1);
}

/** The buyer edits their review's stars, text and kept photos within 30 days; it goes through the owner's rule again (a hidden one stays hidden). */
export async function editReview(deps: ReviewsDeps, who: Reviewer, id: string, input: ReviewEdit, now = new Date()): Promise<OwnReview> {
  const rules = await reviewRules.read(deps.db);
  await deps.db.transaction(async (tx) => {
    const before = await lockReview(tx, id);
    const line = await lineForReview(tx, before.orderItemId);
    if (!line || !isBuyer(line, who)) throw appError('REVIEW_NOT_FOUND');
    if (now > editableUntil(before.createdAt)) throw appError('REVIEW_EDIT_CLOSED', { days: REVIEW_EDIT_DAYS });
    // Photos can only be removed here: a kept list naming anything else is refused (new files go through the pipeline on writing).
    const photos = input.photos ?? before.photos;
    if (photos.some((url) => !before.photos.includes(url))) throw appError('REVIEW_PHOTO_UNKNOWN');
    const next = before.status === 'hidden' ? { status: 'hidden' as const, heldFor: before.heldFor } : moderate(rules, input.rating, input.body);
    await moveCounts(tx, before, { status: next.status, rating: input.rating });
    await tx.update(reviews).set({ rating: input.rating, body: input.body, photos: [...new Set(photos)], status: next.status, heldFor: next.heldFor, updatedAt: now }).where(eq(reviews.id, id));
  });
  return ownReview((await reviewById(deps.db, id))!);
}

type Moderation = { action: 'publish' } | { action: 'hide'; reason: string } | { action: 'reply'; reply: string };

/** The owner (or a role with reviews.manage) publishes, hides with a reason, or replies; each in the audit log. */
export async function moderateReview(db: Db, id: string, change: Moderation, actor: Actor, now = new Date()): Promise<AdminReview> {
  await db.transaction(async (tx) => {
    const before = await lockReview(tx, id);
    const set = changeOf(before, change, now);
    await moveCounts(tx, before, { status: set.status ?? before.status, rating: before.rating });
    await tx.update(reviews).set(set).where(eq(reviews.id, id));
    await record(tx, actor, {
      kind: 'review',
      action: change.action,
      targetId: id,
      label: `${before.rating}★ ${before.body.slice(0, 60)}`,
      before: { status: before.status, hide_reason: before.hideReason, reply: before.reply },
      after: { status: set.status ?? before.status, hide_reason: set.hideReason ?? before.hideReason, reply: set.reply ?? before.reply },
    });
  });
  return (await adminReviewById(db, id))!;
}

function changeOf(before: ReviewRow, change: Moderation, now: Date): Partial<ReviewRow> {
  if (change.action === 'publish') return { status: 'published', hideReason: '', updatedAt: now };
  if (change.action === 'hide') return { status: 'hidden', hideReason: change.reason, updatedAt: now };
  return { reply: change.reply, repliedAt: change.reply ? now : null, updatedAt: before.updatedAt };
}

/** One "helpful" per shopper: a second is a no-op; one's own review cannot be voted. */
export async function voteHelpful(db: Db, id: string, voter: string): Promise<{ helpful: number; voted: boolean }> {
  return db.transaction(async (tx) => {
    const [review] = await tx.select({ status: reviews.status, userId: reviews.userId }).from(reviews).where(eq(reviews.id, id));
    if (!review || review.status !== 'published') throw appError('REVIEW_NOT_FOUND');
    if (review.userId === voter) throw appError('REVIEW_OWN_VOTE');
    const added = await tx.insert(reviewVotes).values({ reviewId: id, voter }).onConflictDoNothing().returning({ voter: reviewVotes.voter });
    const [row] = added.length
      ? await tx.update(reviews).set({ helpful: sql`${reviews.helpful} + 1` }).where(eq(reviews.id, id)).returning({ helpful: reviews.helpful })
      : await tx.select({ helpful: reviews.helpful }).from(reviews).where(eq(reviews.id, id));
    return { helpful: row!.helpful, voted: true };
  });
}

export const settingsView = (r: ReviewRules): ReviewSettings => ({ auto_publish_from: r.autoPublishFrom, blocked_words: r.blockedWords, request_days: r.requestDays });

export async function saveReviewSettings(db: Db, input: ReviewSettings, actor: Actor): Promise<ReviewSettings> {
  return settingsView(await reviewRules.save(db, { autoPublishFrom: input.auto_publish_from, blockedWords: input.blocked_words, requestDays: input.request_days }, actor));
}
