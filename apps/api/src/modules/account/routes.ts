import { z } from 'zod';
import type { MediaStore } from '../media-store/index.ts';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import {
  AVATAR_MAX_BYTES,
  forgotBody,
  loginAnswer,
  loginBody,
  messageAnswer,
  preferencesSchema,
  profileFields,
  registerBody,
  resetBody,
  userSchema,
  verifyBody,
  verifyTicket,
} from '@facet/contracts/account';
import { envelope } from '@facet/contracts/envelope';
import { AppError, Validation } from '../../errors.ts';
import { unstorableText } from '../../plugins/input-guard.ts';
import { claimVisitorCart } from '../cart/index.ts';
import { claimVisitorWishlist } from '../wishlist/index.ts';
import { requireAuth, visitorIdOf } from '../../plugins/auth.ts';
import { processAvatar } from './avatar.ts';
import * as account from './service.ts';
import type { AccountDeps, ProfilePatch } from './service.ts';

const PROFILE_FIELDS = new Set(['firstName', 'lastName', 'phone', 'email']);

/** PUT /user's multipart body: known text fields and at most one `avatar` image. */
async function readProfileForm(req: FastifyRequest): Promise<{ fields: Record<string, string>; avatar?: Buffer }> {
  if (!req.isMultipart()) throw new AppError(415, 'Please send the profile as multipart/form-data.');
  const fields: Record<string, string> = {};
  let avatar: Buffer | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'avatar')
          throw new Validation(`Unknown field: ${part.fieldname}`, { [part.fieldname]: 'Unknown field' });
        const buf = await part.toBuffer();
        if (part.file.truncated) throw new AppError(413, 'The image is larger than 2 MB.');
        if (buf.length) avatar = buf;
      } else {
        if (!PROFILE_FIELDS.has(part.fieldname))
          throw new Validation(`Unknown field: ${part.fieldname}`, { [part.fieldname]: 'Unknown field' });
        const value = String(part.value ?? '');
        if (unstorableText(value))
          throw new Validation(`${part.fieldname}: Contains characters that are not allowed.`, {
            [part.fieldname]: 'Contains characters that are not allowed.',
          });
        fields[part.fieldname] = value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, 'The image is larger than 2 MB.');
    if (code === 'FST_FILES_LIMIT_REACHED') throw new Validation('Please send one image at most.');
    if (code === 'FST_PARTS_LIMIT_REACHED' || code === 'FST_FIELDS_LIMIT_REACHED')
      throw new Validation('Too many fields.');
    throw new Validation('The form could not be read. Please try again.');
  }
  return { fields, avatar };
}

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 8, parts: 9, fieldSize: 1_000 },
  });
  const deps: AccountDeps & { media: MediaStore } = {
    db: app.db,
    media: app.media,
    config: app.config,
    settings: app.storeSettings,
    outbox: app.outbox,
    throttle: app.throttle,
  };
  // Sign-in, codes and resets have their own, much lower ceiling.
  const strict = { rateLimit: { max: app.config.RATE_LIMIT_AUTH_MAX, timeWindow: '15 minutes' } };
  const verifyOrSession = requireAuth('verify', 'session');
  const session = requireAuth('session');
  // What the visitor gathered before signing in (cart, wishlist) joins the account.
  const claimVisitor = async (userId: number, visitor: string | null) => {
    await claimVisitorCart(app.db, userId, visitor);
    await claimVisitorWishlist(app.db, userId, visitor);
  };

  app.post(
    '/user/register',
    { config: strict, schema: { body: registerBody, response: { 200: envelope(verifyTicket) } } },
    async (req) => ({ data: await account.register(deps, req.body) }),
  );

  app.post(
    '/user/authenticate',
    { config: strict, schema: { body: loginBody, response: { 200: envelope(loginAnswer) } } },
    async (req) => {
      const visitor = visitorIdOf(req);
      const { answer, userId } = await account.authenticate(deps, req.body.username, req.body.password);
      if (answer.emailVerified && visitor) await claimVisitor(userId, visitor);
      return { data: answer };
    },
  );

  app.post(
    '/user/resend-verify-otp',
    { config: strict, preHandler: verifyOrSession, schema: { response: { 200: envelope(messageAnswer) } } },
    async (req) => ({ data: await account.resendCode(deps, req.auth!) }),
  );

  app.post(
    '/user/verify-otp',
    {
      config: strict,
      preHandler: verifyOrSession,
      schema: { body: verifyBody, response: { 200: envelope(userSchema) } },
    },
    async (req) => {
      const visitor = visitorIdOf(req);
      const user = await account.verifyCode(deps, req.auth!, req.body.otp);
      if (req.auth!.scope === 'verify') await claimVisitor(req.auth!.userId, visitor);
      return { data: user };
    },
  );

  app.post(
    '/user/logout',
    { preHandler: session, schema: { response: { 200: envelope(messageAnswer) } } },
    async (req) => ({ data: await account.logout(deps, req.auth!.tokenId) }),
  );

  app.post(
    '/user/logout-all',
    { preHandler: session, schema: { response: { 200: envelope(messageAnswer) } } },
    async (req) => ({ data: await account.logoutEverywhere(deps, req.auth!.userId) }),
  );

  app.post(
    '/user/forget-password',
    { config: strict, schema: { body: forgotBody, response: { 200: envelope(messageAnswer) } } },
    async (req) => ({ data: await account.forgotPassword(deps, req.body.email) }),
  );

  app.post(
    '/user/reset-password',
    {
      config: strict,
      preHandler: requireAuth('reset'),
      schema: { body: resetBody, response: { 200: envelope(messageAnswer) } },
    },
    async (req) => ({
      data: await account.resetPassword(deps, req.auth!.tokenId, req.auth!.userId, req.body.password),
    }),
  );

  app.get('/user', { preHandler: session, schema: { response: { 200: envelope(userSchema) } } }, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return { data: await account.currentUser(deps, req.auth!.userId, req.auth!.bearer) };
  });

  app.get(
    '/user/preferences',
    { preHandler: session, schema: { response: { 200: envelope(preferencesSchema) } } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await account.preferencesOf(app.db, req.auth!.userId) };
    },
  );
  app.put(
    '/user/preferences',
    { preHandler: session, schema: { body: preferencesSchema, response: { 200: envelope(preferencesSchema) } } },
    async (req) => {
      return { data: await account.setPreferences(app.db, req.auth!.userId, req.body) };
    },
  );

  app.put('/user', { preHandler: session, schema: { response: { 200: envelope(userSchema) } } }, async (req) => {
    const form = await readProfileForm(req);
    const parsed = profileFields.safeParse(form.fields);
    if (!parsed.success) {
      const errors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'request'), i.message]));
      throw new Validation(parsed.error.issues[0]!.message, errors);
    }
    const patch: ProfilePatch = { ...parsed.data };
    let key: string | undefined;
    if (form.avatar) {
      const img = await processAvatar(form.avatar);
      patch.avatar = img.webp;
      key = img.key;
    }
    return { data: await account.updateProfile(deps, req.auth!.userId, req.auth!.bearer, patch, key) };
  });

  // Avatars are addressed by an unguessable key that changes with every upload: cacheable forever.
  app.get(
    '/media/avatar/:key',
    { schema: { params: z.object({ key: z.string().regex(/^[A-Za-z0-9_-]{16}\.webp$/) }), hide: true } },
    async (req, reply) => {
      const file = await app.media.get(account.avatarFile(req.params.key.slice(0, 16)));
      if (!file) return reply.status(404).send({ message: 'No such image' });
      return reply.header('cache-control', 'public, max-age=31536000, immutable').type('image/webp').send(file.bytes);
    },
  );
};
