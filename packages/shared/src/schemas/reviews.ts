import { z } from 'zod';
import { TEXT_LIMITS } from './limits';
import { envelope } from './reply';

/** Reviews (issue 47, decision 0124): what web and server send each other. */

/** A review holds at most this many photos, each at most REVIEW_PHOTO_BYTES. */
export const REVIEW_MAX_PHOTOS = 5;
export const REVIEW_PHOTO_BYTES = 5 * 1024 * 1024;
export const REVIEW_TEXT_MAX = 2000;
/** A review may be edited this many days after it was written. */
export const REVIEW_EDIT_DAYS = 30;
/** Reviews on a page of the product's list. */
export const REVIEWS_PAGE_SIZE = 10;
export const REVIEW_SORTS = ['newest', 'helpful', 'lowest'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

const stars = z.coerce
  .number({ error: 'Choose 1 to 5 stars.' })
  .int('Choose 1 to 5 stars.')
  .min(1, 'Choose 1 to 5 stars.')
  .max(5, 'Choose 1 to 5 stars.');
const body = z
  .string()
  .max(REVIEW_TEXT_MAX, `The review is too long (at most ${REVIEW_TEXT_MAX} characters).`)
  .optional()
  .transform((v) => (v ?? '').trim());

/** A new review (the `review` field of the multipart form; photos beside it). */
export const reviewInputSchema = z.object({
  order_item_id: z.string({ error: 'Choose the item you are reviewing.' }).trim().min(1, 'Choose the item you are reviewing.').max(TEXT_LIMITS.id, 'Choose the item you are reviewing.'),
  rating: stars,
  body,
});
export type ReviewInput = z.infer<typeof reviewInputSchema>;

/** An edit, within REVIEW_EDIT_DAYS: stars, text, and which of its photos to keep (omitted = all stay). */
export const reviewEditSchema = z.object({
  rating: stars,
  body,
  photos: z.array(z.string().max(500)).max(REVIEW_MAX_PHOTOS, `A review can have at most ${REVIEW_MAX_PHOTOS} photos.`).optional(),
  proof: z.string().max(500).optional(),
});
export type ReviewEdit = z.infer<typeof reviewEditSchema>;

export const reviewListQuerySchema = z.object({
  sort: z.enum(REVIEW_SORTS).catch('newest').default('newest'),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});

export const reviewHideSchema = z.object({
  reason: z.string({ error: 'Say why the review is hidden.' }).trim().min(1, 'Say why the review is hidden.').max(300, 'The reason is too long (at most 300 characters).'),
});
export const reviewReplySchema = z.object({
  reply: z.string({ error: 'Write the reply.' }).trim().max(1000, 'The reply is too long (at most 1000 characters).'),
});

export const reviewSettingsSchema = z.object({
  /** Published at once from this many stars; null = every review waits for the owner. */
  auto_publish_from: z.coerce.number().int().min(1).max(5).nullable(),
  /** Words that hold a review, one a line or comma-separated. */
  blocked_words: z.string().max(5000, 'Too many blocked words (at most 5000 characters).'),
  /** Days after delivery the asking SMS goes; null = off. */
  request_days: z.coerce.number().int().min(1, 'Between 1 and 30 days.').max(30, 'Between 1 and 30 days.').nullable(),
});
export type ReviewSettings = z.infer<typeof reviewSettingsSchema>;

export const reviewViewSchema = z.object({
  _id: z.string(),
  product_id: z.string(),
  rating: z.number(),
  body: z.string(),
  photos: z.array(z.string()),
  /** The variant bought, as ordered ("Size: L, Colour: Red"); '' for a product without options. */
  variant: z.string(),
  /** The same in Bangla, where the owner named the options in Bangla; '' = as `variant`. */
  variant_bn: z.string(),
  /** The buyer's first name; '' = "A buyer". */
  author: z.string(),
  /** Always true: only delivered buyers review (kept for the page and the JSON-LD). */
  verified: z.boolean(),
  helpful: z.number(),
  /** The shop's public reply; '' = none. */
  reply: z.string(),
  replied_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ReviewView = z.infer<typeof reviewViewSchema>;

export const ratingSummarySchema = z.object({
  /** The exact mean of the published stars, to two decimals; 0 when none. */
  average: z.number(),
  count: z.number(),
  /** Published reviews with 1, 2, 3, 4 and 5 stars. */
  stars: z.array(z.number()),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

export const reviewPageSchema = z.object({
  summary: ratingSummarySchema,
  /** The newest published photos, for the strip above the list. */
  photos: z.array(z.object({ review_id: z.string(), url: z.string() })),
  items: z.array(reviewViewSchema),
  page: z.number(),
  pages: z.number(),
});
export type ReviewPage = z.infer<typeof reviewPageSchema>;
export const reviewPageReplySchema = envelope(reviewPageSchema);

/** The shopper's own review, with whether it may still be edited. */
export const ownReviewSchema = reviewViewSchema.extend({ status: z.enum(['pending', 'published', 'hidden']), editable_until: z.string() });
export const ownReviewReplySchema = envelope(ownReviewSchema);
export type OwnReview = z.infer<typeof ownReviewSchema>;

/** A delivered line the shopper may review (or has). */
export const reviewableLineSchema = z.object({
  order_item_id: z.string(),
  order_number: z.string(),
  product_id: z.string(),
  name: z.string(),
  name_bn: z.string(),
  image: z.string(),
  variant: z.string(),
  variant_bn: z.string(),
  review: ownReviewSchema.nullable(),
});
export type ReviewableLine = z.infer<typeof reviewableLineSchema>;
export const reviewableReplySchema = envelope(z.array(reviewableLineSchema));
export const reviewProofReplySchema = envelope(z.object({ proof: z.string(), expires_at: z.string() }));

export const adminReviewSchema = ownReviewSchema.extend({
  held_for: z.string(),
  hide_reason: z.string(),
  product_name: z.string(),
  /** The product's Bangla name; '' when it has none. */
  product_name_bn: z.string(),
  order_number: z.string(),
});
export type AdminReview = z.infer<typeof adminReviewSchema>;
/** Reviews on a page of the owner's moderation list. */
export const ADMIN_REVIEWS_PAGE_SIZE = 20;
export const adminReviewListSchema = z.object({ items: z.array(adminReviewSchema), pending: z.number(), page: z.number(), pages: z.number() });
export type AdminReviewList = z.infer<typeof adminReviewListSchema>;
export const adminReviewListReplySchema = envelope(adminReviewListSchema);
export const adminReviewReplySchema = envelope(adminReviewSchema);
export const reviewSettingsReplySchema = envelope(reviewSettingsSchema);
export const helpfulReplySchema = envelope(z.object({ helpful: z.number(), voted: z.boolean() }));
export const adminReviewListQuerySchema = z.object({
  status: z.enum(['pending', 'published', 'hidden']).optional(),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
