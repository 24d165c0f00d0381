import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accessTokenReplySchema, authDoneReplySchema, forgotPasswordSchema, loginSchema, mobileOtpSendSchema, mobileOtpVerifySchema, otpSentReplySchema, otpVerifiedReplySchema, tokenPairReplySchema, loginWithCodeSchema, registerSchema, sendLoginCodeSchema, updatePasswordSchema, verifyOtpSchema } from '@haat/shared/schemas/auth';
import { avatarReplySchema, updateUserSchema, userDetailsReplySchema, userReplySchema } from '@haat/shared/schemas/user';
import type { AppDeps } from '../../deps';
import { actorOf, bearerToken, readAccessToken, userOf } from '../../lib/auth';
import { requestLanguage } from '../../lib/language';
import { doc } from '../../lib/openapi';
import { defineJob, MESSAGE_LEASE_SECONDS } from '../../lib/jobs';
import { createMailer } from '../../lib/mail';
import { form, readForm } from '../../lib/multipart';
import { AUTH_LIMITS, limitByIpAndEmail, limitReauth, limitUploads, loginLimiter, UPLOAD_LIMITS, type LimitRule } from '../../lib/rate-limit';
import { ok } from '../../lib/reply';
import { sweepMobileCodes } from '../otp/index';
import { createMobileService } from './mobile';
import { createUserService, sweepLoginFailures } from './service';
import { createStaffService, staffInviteSms } from './staff';
import { publicBase } from '../../lib/public-url';
import { staffEmailSchema, staffInviteSchema, staffListReplySchema, staffMemberReplySchema, staffUpdateSchema } from '@haat/shared/schemas/staff';

/**
 * The e-mailed sign-in code's limits (decision 0045): per address and per
 * e-mail-and-address only, never per e-mail alone, so strangers elsewhere
 * cannot shut the owner's way in. The account is guarded by the code itself
 * (8 digits, 5 guesses, one a minute).
 */
const LOGIN_CODE_LIMITS = {
  send: { name: 'login-code', windowMs: 15 * 60_000, perIp: 20, perEmailAndIp: 5 },
  verify: { name: 'login-with-code', windowMs: 15 * 60_000, perIp: 50, perEmailAndIp: 10 },
} satisfies Record<string, LimitRule>;

/**
 * Signing in with a mobile (decision 0061): per address only. The number is
 * guarded in the database (one code a minute, 8 a day, 5 tries a code), the
 * address by these and by its daily cap of 20 codes.
 */
const MOBILE_CODE_LIMITS = {
  send: { name: 'mobile-code', windowMs: 15 * 60_000, perIp: 10 },
  verify: { name: 'mobile-code-verify', windowMs: 15 * 60_000, perIp: 30 },
} satisfies Record<string, LimitRule>;

/** How often day-old wrong-password windows are dropped (the cap's window is a day, so an hour is soon enough). */
const LOGIN_FAILURE_SWEEP_MS = 60 * 60_000;

/** A staff member invited by mobile is texted by this job (decision 0073): tried 3 times. */
export const staffInviteSmsJob = defineJob('sms.staff-invite', z.object({ to: z.string(), base: z.string() }), { attempts: 3, leaseSeconds: MESSAGE_LEASE_SECONDS });

const AVATAR_LIMITS = { maxFileBytes: 2 * 1024 * 1024, maxFiles: 1 };
/** The one file of the avatar form, sent as `avatar` (or under any name). */
const avatarForm = z.record(z.string(), form.files).transform((fields) => fields.avatar?.[0] ?? Object.values(fields).flat()[0]);

export const usersRoutes = (deps: AppDeps): FastifyPluginAsync => async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { config } = deps;
  const mailer = createMailer(config, app.log);
  // Mail goes out as a durable job after the answer (decision 0073), so no answer's timing depends on whether an
  // account exists. A mail cut off by the shutdown is tried again by the next worker.
  app.addHook('onClose', () => mailer.close());
  const users = createUserService({ config, db: deps.database.db, mailer, jobs: deps.jobs, pictures: deps.pictures });
  scheduleSweeps(app, deps);
  signInRoutes(app, deps, users);
  mobileRoutes(app, deps);
  sessionRoutes(app, deps, users);
  profileRoutes(app, deps, users);
  passwordResetRoutes(app, deps, users);
  staffRoutes(app, deps, users);
};

type Users = ReturnType<typeof createUserService>;

/** The per-address-and-e-mail limit of one of the account routes. */
const limitOf = (deps: AppDeps) => (rule: keyof typeof AUTH_LIMITS) => limitByIpAndEmail(deps.rateStore, AUTH_LIMITS[rule]);

function scheduleSweeps(app: FastifyInstance, deps: AppDeps): void {
  // Day-old wrong-password windows go in an hourly sweep while the server listens, not on each login.
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('onListen', () => {
    const run = () => {
      void sweepLoginFailures(deps.database.db).catch((err: unknown) => app.log.warn({ err }, 'login-failure sweep failed; trying again later'));
      void sweepMobileCodes(deps.database.db).catch((err: unknown) => app.log.warn({ err }, 'mobile-code sweep failed; trying again later'));
    };
    run();
    sweep = setInterval(run, LOGIN_FAILURE_SWEEP_MS).unref();
  });
  app.addHook('onClose', () => clearInterval(sweep));
}

/** Registering, and signing in with a password or an e-mailed code. */
function signInRoutes(base: FastifyInstance, deps: AppDeps, users: Users): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const limit = limitOf(deps);
  const loginLimit = loginLimiter(deps.rateStore);
  // The same answer for a new e-mail and for one that has an account (whose owner gets a mail instead).
  app.post('/user/register', { preValidation: limit('register'), schema: { ...doc('users', 'Create an account', { reply: authDoneReplySchema, status: 201, errors: [413, 429] }), body: registerSchema } }, async (req, reply) => {
    // The mail an existing owner may get speaks the language the page was in.
    await users.register(req.body, requestLanguage(req.headers));
    return reply.code(201).send(ok(null, 'User registered successfully'));
  });

  app.post('/user/login', { preValidation: loginLimit.check, onResponse: loginLimit.settle, schema: { ...doc('users', 'Sign in: answers access_token and refresh_token', { reply: tokenPairReplySchema, errors: [401, 403, 413, 429] }), body: loginSchema } }, async (req) => {
    return ok(await users.login(req.body), 'Login successfully');
  });

  // Queued, like forgot-password: the answer is the same whether or not the e-mail has an account.
  app.put('/user/send-login-code', { preValidation: limitByIpAndEmail(deps.rateStore, LOGIN_CODE_LIMITS.send), schema: { ...doc('users', 'E-mail a one-time sign-in code', { description: 'Works past the daily cap of wrong passwords. The mail is in Bangla when Accept-Language prefers bn.', reply: authDoneReplySchema, errors: [413, 429] }), body: sendLoginCodeSchema } }, async (req) => {
    await users.sendLoginCode(req.body.email, requestLanguage(req.headers));
    return ok(null, 'If an account exists for this email, we have sent a code to it.');
  });

  app.put('/user/login-with-code', { preValidation: limitByIpAndEmail(deps.rateStore, LOGIN_CODE_LIMITS.verify), schema: { ...doc('users', 'Sign in with the e-mailed code: answers access_token and refresh_token', { reply: tokenPairReplySchema, errors: [401, 403, 413, 429] }), body: loginWithCodeSchema } }, async (req) => {
    return ok(await users.loginWithCode(req.body), 'Login successfully');
  });
}

function mobileRoutes(base: FastifyInstance, deps: AppDeps): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { config, guards } = deps;
  // Signing in with a mobile and an SMS code (issue 26, decision 0061): the same answers whether or not the number has an account.
  const mobile = createMobileService({ config, db: deps.database.db, sms: deps.notify.sms });
  const sent = (r: { resendAfterSeconds: number }) => ok({ resend_after_seconds: r.resendAfterSeconds }, 'We have sent a code to this number.');
  app.post('/user/otp/send', { preValidation: limitByIpAndEmail(deps.rateStore, MOBILE_CODE_LIMITS.send), schema: { ...doc('users', 'Text a 6-digit sign-in code to a mobile', { description: 'Any valid Bangladeshi mobile (+880, 880, Bengali digits), with or without an account: the answer is the same. One code a minute and 5 an hour per number and asker (this browser when it signed in with the number before, else the address); strangers also 8 a day per number and 20 a day per address (429). Others’ requests never refuse the number’s own browser.', reply: otpSentReplySchema, errors: [413, 429] }), body: mobileOtpSendSchema } }, async (req) =>
    sent(await mobile.sendLoginCode(req.body.mobile, req.ip, req.headers.cookie)),
  );
  app.post('/user/otp/verify', { preValidation: limitByIpAndEmail(deps.rateStore, MOBILE_CODE_LIMITS.verify), schema: { ...doc('users', 'Sign in with the texted code: answers access_token and refresh_token, making the account the first time', { description: 'Like user/login. A code lives 5 minutes and takes 5 wrong tries.', reply: tokenPairReplySchema, errors: [403, 413, 429] }), body: mobileOtpVerifySchema } }, async (req, reply) => {
    const tokens = await mobile.loginWithCode(req.body);
    // This browser has now shown it holds the number: its own later requests are never held back by strangers'.
    reply.header('set-cookie', mobile.deviceCookie(req.body.mobile));
    return ok(tokens, 'Login successfully');
  });
  app.post('/user/mobile/send', { preHandler: [guards.requireUser, limitByIpAndEmail(deps.rateStore, MOBILE_CODE_LIMITS.send)], schema: { ...doc('users', 'Text a code to confirm a mobile for the signed-in account', { auth: 'user', reply: otpSentReplySchema, errors: [413, 429] }), body: mobileOtpSendSchema } }, async (req) =>
    sent(await mobile.sendVerifyCode(req.body.mobile, req.ip, req.headers.cookie)),
  );
  app.post('/user/mobile/verify', { preHandler: [guards.requireUser, limitByIpAndEmail(deps.rateStore, MOBILE_CODE_LIMITS.verify)], schema: { ...doc('users', 'Confirm the mobile with the texted code; a phone account of the same number is joined into this one', { auth: 'user', description: 'The phone account (made by signing in with the number, never given an e-mail) gives its cart, addresses and orders to this account and is disabled. One with an e-mail is not taken over (409).', reply: userReplySchema, errors: [404, 409, 413, 429] }), body: mobileOtpVerifySchema } }, async (req, reply) => {
    const { user, joined } = await mobile.verifyMobile(actorOf(req), req.body);
    reply.header('set-cookie', mobile.deviceCookie(req.body.mobile));
    return ok(user, joined ? 'Mobile number verified. Your other account’s orders, addresses and cart are now here.' : 'Mobile number verified.');
  });
}

/**
 * The refresh token comes as the bearer (spec §7), or as refresh_token in the body (which wins, so
 * a client that sends its access token as the bearer can still name the session to end).
 */
function refreshTokenOf(req: FastifyRequest) {
  const fromBody = (req.body as { refresh_token?: unknown } | null)?.refresh_token;
  return typeof fromBody === 'string' && fromBody ? fromBody : bearerToken(req);
}

/** Refreshing the tokens, and signing out. */
function sessionRoutes(base: FastifyInstance, deps: AppDeps, users: Users): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { config } = deps;
  const limit = limitOf(deps);
  app.post('/user/refresh-token', { preValidation: limit('refreshToken'), schema: doc('users', 'A new access token and refresh token for the refresh token (bearer or refresh_token in the body); the sent one is replaced', { reply: accessTokenReplySchema, errors: [401, 403, 413, 429] }) }, async (req) => {
    return ok(await users.refresh(refreshTokenOf(req)), 'New access token issued');
  });

  // A refresh token (body or bearer) names the session to end; a bearer access token ends the session it was issued for.
  app.post('/user/logout', { preValidation: limit('logout'), schema: doc('users', 'End the session of the refresh token, or of the bearer access token', { reply: authDoneReplySchema, errors: [413, 429] }) }, async (req) => {
    const token = refreshTokenOf(req);
    const access = token ? await readAccessToken(config, token) : null;
    await users.logout(access ? { userId: access.userId, sessionId: access.sessionId } : { refreshToken: token });
    return ok(null, 'Logged out successfully');
  });
}

/** The signed-in user's own account. */
function profileRoutes(base: FastifyInstance, deps: AppDeps, users: Users): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { guards } = deps;
  app.get('/user/get-user', { preHandler: guards.requireUser, schema: doc('users', 'The signed-in user, with address_details, orderHistory and shopping_cart ids', { auth: 'user', reply: userDetailsReplySchema, errors: [404] }) }, async (req) => {
    return ok(await users.getUser(userOf(req).id), 'User details');
  });

  app.put('/user/update-user', { preHandler: [guards.requireUser, limitReauth(deps.rateStore)], schema: { ...doc('users', 'Change name, e-mail, mobile or password (the current password for e-mail and password changes)', { auth: 'user', reply: userReplySchema, errors: [404, 409, 413, 429] }), body: updateUserSchema } }, async (req) => {
    const { id, sessionId } = userOf(req);
    return ok(await users.updateUser(id, sessionId, req.body), 'Profile updated successfully');
  });

  app.put('/user/upload-avatar', { preHandler: [guards.requireUser, limitUploads(deps.rateStore, UPLOAD_LIMITS.avatar)], schema: doc('users', 'Upload the avatar', { auth: 'user', description: 'multipart/form-data: `avatar`, a png or jpeg of at most 2 MB. 10 an hour per account (429).', reply: avatarReplySchema, errors: [404, 413, 415, 429] }) }, async (req) => {
    const { id } = userOf(req);
    const avatar = await users.setAvatar(id, await readForm(req, avatarForm, AVATAR_LIMITS));
    return ok({ _id: id, avatar }, 'Avatar updated successfully');
  });
}

function passwordResetRoutes(base: FastifyInstance, deps: AppDeps, users: Users): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const limit = limitOf(deps);
  // Queued: the lookup and the mail happen after the answer, in the job.
  app.put('/user/forgot-password', { preValidation: limit('forgotPassword'), schema: { ...doc('users', 'E-mail a password reset code', { description: 'The mail is in Bangla when Accept-Language prefers bn, else in English.', reply: authDoneReplySchema, errors: [413, 429] }), body: forgotPasswordSchema } }, async (req) => {
    await users.forgotPassword(req.body.email, requestLanguage(req.headers));
    return ok(null, 'If an account exists for this email, we have sent a code to it.');
  });

  // The answer carries a one-time reset token; update-password must send it back.
  app.put('/user/verify-otp', { preValidation: limit('verifyOtp'), schema: { ...doc('users', 'Check the reset code: answers the resetToken', { reply: otpVerifiedReplySchema, errors: [413, 429] }), body: verifyOtpSchema } }, async (req) => {
    const resetToken = await users.verifyOtp(req.body.email, req.body.otp);
    return ok({ verified: true, resetToken }, 'OTP verified successfully');
  });

  app.put('/user/update-password', { preValidation: limit('updatePassword'), schema: { ...doc('users', 'Set a new password with the resetToken', { reply: authDoneReplySchema, errors: [413, 429] }), body: updatePasswordSchema } }, async (req) => {
    await users.updatePassword(req.body);
    return ok(null, 'Password updated successfully');
  });
}

function staffRoutes(base: FastifyInstance, deps: AppDeps, users: Users): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { config, guards } = deps;
  // Staff management (issue 28, decision 0064): the Owner's.
  const staff = createStaffService(deps.database.db, {
    loginCode: (tx, email) => users.sendLoginCode(email, 'en', tx),
    // After the answer, as mail is: the gateway's time is not the Owner's wait.
    mobileInvite: (tx, to, base) => staffInviteSmsJob.enqueue(deps.jobs, tx, { to, base }),
  });
  deps.jobs.handle(staffInviteSmsJob, async ({ to, base }) => void (await deps.notify.sms.send({ to, text: staffInviteSms(config.SHOP_NAME, base), kind: 'invite' })));
  const manageStaff = guards.requirePermission('staff.manage');
  app.get('/staff', { preHandler: manageStaff, schema: doc('users', 'The shop’s staff and their roles', { auth: 'admin', reply: staffListReplySchema }) }, async () => ok(await staff.list()));
  app.post('/staff/invite', { preHandler: manageStaff, schema: { ...doc('users', 'Invite a staff member by e-mail or mobile: the account is made with the role and sent the way to sign in', { auth: 'admin', reply: staffMemberReplySchema, status: 201, errors: [409, 413] }), body: staffInviteSchema } }, async (req, reply) => {
    reply.code(201);
    return ok(await staff.invite(req.body, actorOf(req), publicBase(config, req)), 'Invitation sent.');
  });
  app.patch('/staff/:id', { preHandler: manageStaff, schema: { ...doc('users', 'Change a staff member’s role, or disable (Suspended) or enable them; their sessions end at once', { auth: 'admin', reply: staffMemberReplySchema, errors: [404, 409, 413] }), params: z.object({ id: z.string().max(64) }), body: staffUpdateSchema } }, async (req) =>
    ok(await staff.update(actorOf(req), req.params.id, req.body), 'Staff member updated.'),
  );
  app.post('/staff/:id/email', { preHandler: manageStaff, schema: { ...doc('users', 'Give a staff member invited by mobile an e-mail, a second way in: they are e-mailed a sign-in code', { auth: 'admin', reply: staffMemberReplySchema, errors: [404, 409, 413] }), params: z.object({ id: z.string().max(64) }), body: staffEmailSchema } }, async (req) =>
    ok(await staff.addEmail(actorOf(req), req.params.id, req.body), 'Sign-in code e-mailed.'),
  );
}

