import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ALLOWED_AVATAR_FORMATS } from '@haat/shared/constants';
import { forgotPasswordSchema, loginSchema, registerSchema, updatePasswordSchema, verifyOtpSchema } from '@haat/shared/schemas/auth';
import { updateUserSchema } from '@haat/shared/schemas/user';
import type { AppDeps } from '../../app';
import { bearerToken } from '../../lib/auth';
import { badRequest } from '../../lib/errors';
import { storeImage } from '../../lib/images';
import { createMailer } from '../../lib/mail';
import { readMultipart } from '../../lib/multipart';
import { AUTH_LIMITS, limitByIpAndEmail } from '../../lib/rate-limit';
import { ok } from '../../lib/reply';
import { createUserService } from './service';

const AVATAR_MAX_BYTES = 2 * 1024 * 1024;

export const usersRoutes = (deps: AppDeps): FastifyPluginAsync => async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { config, guards } = deps;
  const mailer = createMailer(config, app.log);
  app.addHook('onClose', async () => {
    mailer.close();
  });
  const users = createUserService({ config, db: deps.database.db, mailer, log: app.log });
  const limit = (rule: keyof typeof AUTH_LIMITS) => limitByIpAndEmail(deps.rateStore, AUTH_LIMITS[rule]);

  app.post('/user/register', { preValidation: limit('register'), schema: { body: registerSchema } }, async (req, reply) => {
    await users.register(req.body);
    return reply.code(201).send(ok(null, 'User registered successfully'));
  });

  app.post('/user/login', { preValidation: limit('login'), schema: { body: loginSchema } }, async (req) => {
    return ok(await users.login(req.body), 'Login successfully');
  });

  // The refresh token comes as the bearer (spec §7), or as refresh_token in the body (which wins, so
  // a client that sends its access token as the bearer can still name the session to end).
  const refreshTokenOf = (req: FastifyRequest) => {
    const fromBody = (req.body as { refresh_token?: unknown } | null)?.refresh_token;
    return typeof fromBody === 'string' && fromBody ? fromBody : bearerToken(req);
  };

  app.post('/user/refresh-token', async (req) => {
    return ok(await users.refresh(refreshTokenOf(req)), 'New access token issued');
  });

  app.post('/user/logout', async (req) => {
    await users.logout(refreshTokenOf(req));
    return ok(null, 'Logged out successfully');
  });

  app.get('/user/get-user', { preHandler: guards.requireUser }, async (req) => {
    return ok(await users.getUser(req.user!.id), 'User details');
  });

  app.put('/user/update-user', { preHandler: guards.requireUser, schema: { body: updateUserSchema } }, async (req) => {
    return ok(await users.updateUser(req.user!.id, req.user!.sessionId, req.body), 'Profile updated successfully');
  });

  app.put('/user/upload-avatar', { preHandler: guards.requireUser }, async (req) => {
    const body = await readMultipart(req, { maxFileBytes: AVATAR_MAX_BYTES, maxFiles: 1 });
    const file = body.files.find((f) => f.field === 'avatar') ?? body.files[0];
    if (!file) throw badRequest('Please choose an image for your avatar.');
    const url = await storeImage(config.DATA_DIR, file.data, {
      dir: 'avatars',
      allowedFormats: ALLOWED_AVATAR_FORMATS,
      maxPixels: 25_000_000,
      formatMessage: 'The avatar must be a png or jpeg image.',
    });
    const avatar = await users.setAvatar(req.user!.id, url);
    return ok({ _id: req.user!.id, avatar }, 'Avatar updated successfully');
  });

  app.put('/user/forgot-password', { preValidation: limit('forgotPassword'), schema: { body: forgotPasswordSchema } }, async (req) => {
    await users.forgotPassword(req.body.email);
    return ok(null, 'If an account exists for this email, we have sent a code to it.');
  });

  // The answer carries a one-time reset token; update-password must send it back.
  app.put('/user/verify-otp', { preValidation: limit('verifyOtp'), schema: { body: verifyOtpSchema } }, async (req) => {
    const resetToken = await users.verifyOtp(req.body.email, req.body.otp);
    return ok({ verified: true, resetToken }, 'OTP verified successfully');
  });

  app.put('/user/update-password', { preValidation: limit('updatePassword'), schema: { body: updatePasswordSchema } }, async (req) => {
    await users.updatePassword(req.body);
    return ok(null, 'Password updated successfully');
  });
};

