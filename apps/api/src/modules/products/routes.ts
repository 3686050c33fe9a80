import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  adminProduct,
  adminProductList,
  adminProductQuery,
  adminProductUpdate,
  PHOTO_KEY,
  PHOTO_MAX_BYTES,
  photoOrderBody,
} from '@facet/contracts/admin-catalogue';
import { envelope } from '@facet/contracts/envelope';
import { AppError, Validation } from '../../errors.ts';
import { unstorableText } from '../../plugins/input-guard.ts';
import { actorOf } from '../staff/index.ts';
import { processPhoto } from './photos.ts';
import * as products from './service.ts';

const idParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }).strict();
const one = { 200: envelope(adminProduct) };
const photoParams = idParams.extend({ key: z.string().regex(PHOTO_KEY) }).strict();
const TOO_LARGE = `The photograph is larger than ${PHOTO_MAX_BYTES / 1024 / 1024} MB. Please export it smaller.`;

/** The upload form: one `photo` file and an optional `alt` text. */
async function readPhotoForm(req: FastifyRequest): Promise<{ file: Buffer; alt: string }> {
  if (!req.isMultipart()) throw new AppError(415, 'Please send the photograph as multipart/form-data.');
  let file: Buffer | undefined;
  let alt = '';
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'photo') throw new Validation(`Unknown field: ${part.fieldname}`);
        const buf = await part.toBuffer();
        if (part.file.truncated) throw new AppError(413, TOO_LARGE);
        file = buf;
      } else if (part.fieldname === 'alt') {
        alt = String(part.value ?? '');
        if (alt.length > 200 || unstorableText(alt))
          throw new Validation('The description of the photograph is at most 200 plain characters.', {
            alt: 'Too long',
          });
      } else throw new Validation(`Unknown field: ${part.fieldname}`);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, TOO_LARGE);
    if (code === 'FST_FILES_LIMIT_REACHED') throw new Validation('Please send one photograph at a time.');
    throw new Validation('The upload could not be read. Please try again.');
  }
  if (!file?.length) throw new Validation('Choose a photograph to upload.', { photo: 'Required' });
  return { file, alt };
}

export const productAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 1, parts: 2, fieldSize: 1_000 },
  });
  const access = { access: 'catalogue:write' } as const;

  app.get(
    '/products',
    { config: access, schema: { querystring: adminProductQuery, response: { 200: envelope(adminProductList) } } },
    async (req) => ({
      data: await products.listProducts(app.db, req.query),
    }),
  );
  app.get('/products/:id', { config: access, schema: { params: idParams, response: one } }, async (req) => ({
    data: await products.productForStaff(app.db, req.params.id),
  }));
  app.patch(
    '/products/:id',
    { config: access, schema: { params: idParams, body: adminProductUpdate, response: one } },
    async (req) => ({
      data: await products.updateProduct(app.db, actorOf(req.staff!.staff), req.params.id, req.body),
    }),
  );
  app.post('/products/:id/photos', { config: access, schema: { params: idParams, response: one } }, async (req) => {
    const form = await readPhotoForm(req);
    const photo = await processPhoto(form.file);
    return { data: await products.addPhoto(app.db, actorOf(req.staff!.staff), req.params.id, photo, form.alt) };
  });
  app.put(
    '/products/:id/photos',
    { config: access, schema: { params: idParams, body: photoOrderBody, response: one } },
    async (req) => ({
      data: await products.orderPhotos(app.db, actorOf(req.staff!.staff), req.params.id, req.body.keys),
    }),
  );
  app.delete(
    '/products/:id/photos/:key',
    { config: access, schema: { params: photoParams, response: one } },
    async (req) => ({
      data: await products.removePhoto(app.db, actorOf(req.staff!.staff), req.params.id, req.params.key),
    }),
  );
};

/** Photographs are addressed by an unguessable key that never changes its bytes: cacheable forever. */
export const productPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/photo/:file',
    {
      schema: { params: z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{16}-(small|large)\.webp$/) }), hide: true },
      config: { rateLimit: false },
    },
    async (req, reply) => {
      const [key, size] = [req.params.file.slice(0, 16), req.params.file.slice(17, -5) as 'small' | 'large'];
      const webp = await products.photoBytes(app.db, key, size);
      if (!webp) return reply.status(404).send({ message: 'No such image' });
      return reply.header('cache-control', 'public, max-age=31536000, immutable').type('image/webp').send(webp);
    },
  );
};
