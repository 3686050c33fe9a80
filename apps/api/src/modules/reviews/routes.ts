import { z } from 'zod';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { ORDER_NUMBER_RE } from '@facet/contracts/commerce';
import { envelope } from '@facet/contracts/envelope';
import { PHOTO_MAX_BYTES } from '@facet/contracts/admin-catalogue';
import { REVIEW_MAX_PHOTOS, productReviews, reviewFields, reviewableLine } from '@facet/contracts/reviews';
import { AppError, Validation } from '../../errors.ts';
import { adminRoute } from '../../plugins/admin-op.ts';
import { cachedPublic, tags } from '../../cache/index.ts';
import { orderVisitor } from '../../plugins/auth.ts';
import { unstorableText } from '../../plugins/input-guard.ts';
import { actorOf } from '../staff/index.ts';
import { answerReview, reviewableLines, reviewsForStaff, reviewsOf, setReviewStatus, writeReview } from './service.ts';

const orderParams = z.object({ number: z.string().regex(ORDER_NUMBER_RE, 'Not an order number') }).strict();
const lineParams = orderParams.extend({ line: z.coerce.number().int().positive().max(2_147_483_647) }).strict();
const tokenQuery = z.object({ token: z.string().max(100).optional() }).strict();
const groupParams = z.object({ groupId: z.coerce.number().int().positive().max(2_147_483_647) }).strict();
const linesAnswer = { 200: envelope(z.object({ lines: z.array(reviewableLine) })) };

/** The review form: `stars` and `body` fields and up to four `photo` files, size-limited as they arrive. */
async function readReviewForm(req: FastifyRequest) {
  if (!req.isMultipart()) throw new AppError(415, 'Please send the review as multipart/form-data.');
  const fields: Record<string, string> = {};
  const photos: Buffer[] = [];
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'photo') throw new Validation(`Unknown field: ${part.fieldname}`);
        const buf = await part.toBuffer();
        if (part.file.truncated) throw new AppError(413, 'A photograph is at most 10 MB. Please export it smaller.');
        if (buf.length) photos.push(buf);
      } else if (part.fieldname === 'stars' || part.fieldname === 'body') {
        const value = String(part.value ?? '');
        if (unstorableText(value)) throw new Validation('Reviews are plain words.', { body: 'Plain words only' });
        fields[part.fieldname] = value;
      } else throw new Validation(`Unknown field: ${part.fieldname}`);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, 'A photograph is at most 10 MB. Please export it smaller.');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
      throw new Validation(`At most ${REVIEW_MAX_PHOTOS} photographs.`, { photos: 'Too many' });
    throw new Validation('The review could not be read. Please try again.');
  }
  const parsed = reviewFields.safeParse(fields);
  if (!parsed.success) {
    const errors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'request'), i.message]));
    throw new Validation(parsed.error.issues[0]!.message, errors);
  }
  return { ...parsed.data, photos };
}

/** Buyers write; anyone reads what staff approved. */
export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: {
      fileSize: PHOTO_MAX_BYTES,
      files: REVIEW_MAX_PHOTOS,
      fields: 2,
      parts: REVIEW_MAX_PHOTOS + 2,
      fieldSize: 4_000,
    },
  });
  app.get(
    '/order/:number/reviews',
    { schema: { params: orderParams, querystring: tokenQuery, response: linesAnswer } },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: { lines: await reviewableLines(app.db, req.params.number, await orderVisitor(req)) } };
    },
  );
  app.post(
    '/order/:number/lines/:line/review',
    {
      config: { rateLimit: { max: app.config.RATE_LIMIT_FORM_MAX, timeWindow: '1 hour' } },
      schema: { params: lineParams, querystring: tokenQuery, response: linesAnswer },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      const form = await readReviewForm(req);
      const lines = await writeReview(
        { db: app.db, media: app.media },
        req.params.number,
        await orderVisitor(req),
        req.params.line,
        form,
      );
      return { data: { lines } };
    },
  );
  app.get(
    '/reviews/:groupId',
    { schema: { params: groupParams, response: { 200: envelope(productReviews) } } },
    // Kept like the product's own answer: approving, hiding or answering a review drops it with the
    // product pages on every instance (the review table's trigger names the products' tag).
    async (req, reply) => cachedPublic(req, reply, () => reviewsOf(app.db, req.params.groupId), [tags.products]),
  );
};

export const reviewAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...adminRoute('GET /reviews'),
    handler: async (req) => ({ data: await reviewsForStaff(app.db, req.query.status ?? null) }),
  });
  app.route({
    ...adminRoute('POST /reviews/:id/status'),
    handler: async (req) => ({
      data: await setReviewStatus(app.db, actorOf(req.staff!.staff), req.params.id, req.body.status),
    }),
  });
  app.route({
    ...adminRoute('PUT /reviews/:id/answer'),
    handler: async (req) => ({
      data: await answerReview(app.db, actorOf(req.staff!.staff), req.params.id, req.body.answer),
    }),
  });
};
