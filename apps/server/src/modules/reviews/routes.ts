import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mobileOtpSendSchema, mobileOtpVerifySchema, otpSentReplySchema } from '@haat/shared/schemas/auth';
import {
  adminReviewListQuerySchema,
  adminReviewListReplySchema,
  adminReviewReplySchema,
  helpfulReplySchema,
  ownReviewReplySchema,
  reviewableReplySchema,
  reviewEditSchema,
  reviewHideSchema,
  reviewInputSchema,
  reviewListQuerySchema,
  reviewPageReplySchema,
  reviewProofReplySchema,
  reviewReplySchema,
  reviewSettingsReplySchema,
  reviewSettingsSchema,
} from '@haat/shared/schemas/reviews';
import { envelope } from '@haat/shared/schemas/reply';
import type { AppDeps } from '../../deps';
import { actorOf } from '../../lib/auth';
import { appError } from '../../lib/errors';
import { form, readForm } from '../../lib/multipart';
import { doc } from '../../lib/openapi';
import { limitByIpAndEmail, limitUploads, tooMany, UPLOAD_LIMITS, type LimitRule } from '../../lib/rate-limit';
import { ok } from '../../lib/reply';
import { checkOtp, consumeOtp, sendOtp } from '../otp/index';
import { CODE_PROOF_MS, guestVoterOf, makeProof, mobileOfProof, newGuestVoter } from './proof';
import { adminReviewPage, productReviewPage, reviewableLines, reviewAttention, reviewRules } from './queries';
import { editReview, moderateReview, REVIEW_PHOTO_LIMITS, saveReviewSettings, settingsView, voteHelpful, writeReview, type Reviewer } from './service';

/** A guest's codes per address, as sign-in's (the otp module adds its per-number and per-asker caps). */
const CODE_LIMITS = {
  send: { name: 'review-code', windowMs: 15 * 60_000, perIp: 10 },
  verify: { name: 'review-code-verify', windowMs: 15 * 60_000, perIp: 30 },
  /** "Helpful" from one address, anyone's (decision 0132): a person reading reviews votes a few times, a script is stopped. */
  vote: { name: 'review-vote', windowMs: 60 * 60_000, perIp: 60 },
} satisfies Record<string, LimitRule>;

/** Guest votes for one review from one address a day: a few people behind one carrier's address, not a script clearing its cookie. */
const GUEST_VOTES_PER_REVIEW_AND_IP = { windowMs: 24 * 60 * 60_000, max: 3 };

const idParams = z.object({ id: z.string().max(64) });
const proofQuery = z.object({ proof: z.string().max(200).optional() });

/** The review form: `review` (JSON of reviewInputSchema), up to five `photos`, and a guest's `proof`. */
const reviewForm = z.object({ review: form.text, photos: form.files, proof: form.optional }).transform((f) => {
  let json: unknown;
  try {
    json = JSON.parse(f.review || '{}');
  } catch {
    throw appError('INVALID_INPUT');
  }
  return { review: reviewInputSchema.parse(json), photos: f.photos, proof: f.proof };
});

const attentionSchema = envelope(z.object({ lowest: z.array(z.object({ product_id: z.string(), name: z.string(), name_bn: z.string(), average: z.number(), count: z.number(), stars: z.array(z.number()) })), unanswered: adminReviewListReplySchema.shape.data.shape.items }));

export const reviewRoutes = (deps: AppDeps): FastifyPluginAsync => async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const { requirePermission, optionalUser } = deps.guards;
  const secret = deps.config.JWT_SECRET;
  const photoLimit = limitUploads(deps.rateStore, UPLOAD_LIMITS.reviewPhotos);
  /** The buyer: the signed-in account, and the mobile a proof vouches for; 401 when neither. */
  const reviewer = (req: FastifyRequest, proof: string | undefined): Reviewer => {
    const mobile = proof ? mobileOfProof(secret, proof, new Date()) : null;
    if (proof && !mobile) throw appError('REVIEW_PROOF_INVALID');
    if (!req.user && !mobile) throw appError('UNAUTHORIZED');
    return { userId: req.user?.id, mobile: mobile ?? undefined };
  };
  const manage = requirePermission('reviews.manage');

  app.get('/reviews/product/:id', { schema: { ...doc('reviews', 'A product’s published reviews: the stars’ summary, the newest photos, and a page of 10 by newest, most helpful or lowest', { reply: reviewPageReplySchema, errors: [404] }), params: idParams, querystring: reviewListQuerySchema } }, async (req) => {
    const page = await productReviewPage(db, req.params.id, req.query.sort, req.query.page);
    if (!page) throw appError('PRODUCT_NOT_FOUND');
    return ok(page);
  });

  app.post('/reviews/code', { preValidation: limitByIpAndEmail(deps.rateStore, CODE_LIMITS.send), schema: { ...doc('reviews', 'Text a code to the mobile an order was placed with, to review it as a guest', { reply: otpSentReplySchema, errors: [413, 429] }), body: mobileOtpSendSchema } }, async (req) => {
    const sent = await sendOtp({ db, sms: deps.notify.sms, config: deps.config }, { mobile: req.body.mobile, purpose: 'review', ip: req.ip, cookie: req.headers.cookie });
    return ok({ resend_after_seconds: sent.resendAfterSeconds }, 'We have sent a code to this number.');
  });

  app.post('/reviews/verify', { preValidation: limitByIpAndEmail(deps.rateStore, CODE_LIMITS.verify), schema: { ...doc('reviews', 'The texted code was right: answers a proof of the mobile for the review form', { reply: reviewProofReplySchema, errors: [403, 413, 429] }), body: mobileOtpVerifySchema } }, async (req) => {
    await consumeOtp(db, await checkOtp({ db, config: deps.config }, { mobile: req.body.mobile, purpose: 'review', code: req.body.otp }));
    const { proof, expiresAt } = makeProof(secret, req.body.mobile, new Date(), CODE_PROOF_MS);
    return ok({ proof, expires_at: expiresAt.toISOString() });
  });

  app.get('/reviews/mine', { preHandler: optionalUser, schema: { ...doc('reviews', 'The delivered items the buyer (signed in, or by a proof of the order’s mobile) may review, with their reviews', { auth: 'optional', reply: reviewableReplySchema, errors: [401] }), querystring: proofQuery } }, async (req) =>
    ok(await reviewableLines(db, reviewer(req, req.query.proof))),
  );

  app.post('/reviews', { preHandler: [optionalUser, photoLimit], schema: doc('reviews', 'Write a review of a delivered order line', { auth: 'optional', description: 'multipart/form-data: review (JSON: order_item_id, rating 1–5, body), photos (up to 5 pictures), proof (a guest’s, from /reviews/verify or the SMS link).', reply: ownReviewReplySchema, status: 201, errors: [401, 403, 409, 413, 415, 429] }) }, async (req, reply) => {
    const { review, photos, proof } = await readForm(req, reviewForm, REVIEW_PHOTO_LIMITS);
    return reply.code(201).send(ok(await writeReview({ db, pictures: deps.pictures }, reviewer(req, proof), review, photos), 'Thank you for your review.'));
  });

  app.patch('/reviews/:id', { preHandler: optionalUser, schema: { ...doc('reviews', 'Edit one’s review (stars, text, which photos stay) within 30 days', { auth: 'optional', reply: ownReviewReplySchema, errors: [400, 401, 404, 409] }), params: idParams, body: reviewEditSchema } }, async (req) =>
    ok(await editReview({ db, pictures: deps.pictures }, reviewer(req, req.body.proof), req.params.id, req.body), 'Review saved.'),
  );

  app.post('/reviews/:id/helpful', { preValidation: limitByIpAndEmail(deps.rateStore, CODE_LIMITS.vote), preHandler: optionalUser, schema: { ...doc('reviews', 'Mark a review helpful: once per shopper (an account, or a guest’s signed cookie)', { auth: 'optional', description: 'A guest is known by the haat_voter cookie this route sets; guest votes are also capped per address and review.', reply: helpfulReplySchema, errors: [404, 409, 429] }), params: idParams } }, async (req, reply) => {
    if (req.user) return ok(await voteHelpful(db, req.params.id, req.user.id));
    let id = guestVoterOf(secret, req.headers.cookie);
    if (!id) {
      // A browser without our cookie may be a new guest or one that dropped it: count it against its address and review.
      const w = await deps.rateStore.hit(`review-vote:guest:${req.params.id}:${req.ip}`, GUEST_VOTES_PER_REVIEW_AND_IP.windowMs);
      if (w.count > GUEST_VOTES_PER_REVIEW_AND_IP.max) throw tooMany(reply, w.resetMs);
      const fresh = newGuestVoter(secret, deps.config.isProduction);
      reply.header('set-cookie', fresh.cookie);
      id = fresh.id;
    }
    return ok(await voteHelpful(db, req.params.id, `guest:${id}`));
  });

  app.get('/reviews', { preHandler: manage, schema: { ...doc('reviews', 'The reviews to moderate: new ones first (pending), or published or hidden; newest first, numbered pages of 20', { auth: 'admin', reply: adminReviewListReplySchema }), querystring: adminReviewListQuerySchema } }, async (req) => ok(await adminReviewPage(db, req.query)));

  app.post('/reviews/:id/publish', { preHandler: manage, schema: { ...doc('reviews', 'Publish a review', { auth: 'admin', reply: adminReviewReplySchema, errors: [404] }), params: idParams } }, async (req) => ok(await moderateReview(db, req.params.id, { action: 'publish' }, actorOf(req)), 'Review published.'));
  app.post('/reviews/:id/hide', { preHandler: manage, schema: { ...doc('reviews', 'Hide a review, with the reason', { auth: 'admin', reply: adminReviewReplySchema, errors: [404] }), params: idParams, body: reviewHideSchema } }, async (req) => ok(await moderateReview(db, req.params.id, { action: 'hide', reason: req.body.reason }, actorOf(req)), 'Review hidden.'));
  app.post('/reviews/:id/reply', { preHandler: manage, schema: { ...doc('reviews', 'Reply to a review publicly (an empty reply removes it)', { auth: 'admin', reply: adminReviewReplySchema, errors: [404] }), params: idParams, body: reviewReplySchema } }, async (req) => ok(await moderateReview(db, req.params.id, { action: 'reply', reply: req.body.reply }, actorOf(req)), 'Reply saved.'));

  app.get('/review-settings', { preHandler: manage, schema: doc('reviews', 'The review rules: publish from N stars or hold all, blocked words, the asking SMS’s delay', { auth: 'admin', reply: reviewSettingsReplySchema }) }, async () => ok(settingsView(await reviewRules.read(db))));
  app.put('/review-settings', { preHandler: manage, schema: { ...doc('reviews', 'Save the review rules', { auth: 'admin', reply: reviewSettingsReplySchema }), body: reviewSettingsSchema } }, async (req) => ok(await saveReviewSettings(db, req.body, actorOf(req)), 'Review rules saved.'));

  app.get('/reviews/attention', { preHandler: requirePermission('dashboard.view'), schema: doc('reviews', 'The dashboard’s tiles: the lowest-rated products and the newest unanswered low reviews', { auth: 'admin', reply: attentionSchema }) }, async () => ok(await reviewAttention(db)));
};
