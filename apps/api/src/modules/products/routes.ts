import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../plugins/admin-op.ts';
import { acceptPhotoForms, readPhotoForm } from '../../photo-form.ts';
import { actorOf } from '../staff/index.ts';
import { processPhoto } from './photos.ts';
import * as products from './service.ts';
import { getProduct } from '../catalog/index.ts';

export const productAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptPhotoForms(app);

  app.route({
    ...adminRoute('GET /products'),
    handler: async (req) => ({ data: await products.listProducts(app.db, req.query) }),
  });
  app.route({
    ...adminRoute('GET /products/:id'),
    handler: async (req) => ({ data: await products.productForStaff(app.db, req.params.id) }),
  });
  app.route({
    ...adminRoute('GET /design-options'),
    handler: async () => ({ data: await products.designOptions(app.db) }),
  });
  app.route({
    ...adminRoute('POST /products'),
    handler: async (req, reply) => {
      const made = await products.createDesign(
        app.db,
        actorOf(req.staff!.staff),
        req.body,
        app.storeSettings.current().madeToOrderDays.to,
      );
      return reply.status(201).send({ data: made });
    },
  });
  app.route({
    ...adminRoute('POST /products/:id/duplicate'),
    handler: async (req, reply) =>
      reply
        .status(201)
        .send({ data: await products.duplicateDesign(app.db, actorOf(req.staff!.staff), req.params.id) }),
  });
  app.route({
    ...adminRoute('POST /products/:id/archive'),
    handler: async (req) => ({
      data: await products.setArchived(app.db, actorOf(req.staff!.staff), req.params.id, req.body.version, true),
    }),
  });
  app.route({
    ...adminRoute('POST /products/:id/restore'),
    handler: async (req) => ({
      data: await products.setArchived(app.db, actorOf(req.staff!.staff), req.params.id, req.body.version, false),
    }),
  });
  app.route({
    ...adminRoute('GET /products/:id/preview'),
    handler: async (req) => ({ data: await getProduct(app.db, req.params.id, undefined, { drafts: true }) }),
  });
  app.route({
    ...adminRoute('PATCH /products/:id'),
    handler: async (req) => ({
      data: await products.updateProduct(app.db, actorOf(req.staff!.staff), req.params.id, req.body),
    }),
  });
  app.route({
    ...adminRoute('POST /products/:id/photos'),
    handler: async (req) => {
      const form = await readPhotoForm(req);
      const photo = await processPhoto(form.file);
      return { data: await products.addPhoto(app.db, actorOf(req.staff!.staff), req.params.id, photo, form.alt) };
    },
  });
  app.route({
    ...adminRoute('PUT /products/:id/photos'),
    handler: async (req) => ({
      data: await products.orderPhotos(app.db, actorOf(req.staff!.staff), req.params.id, req.body.keys),
    }),
  });
  app.route({
    ...adminRoute('DELETE /products/:id/photos/:key'),
    handler: async (req) => ({
      data: await products.removePhoto(app.db, actorOf(req.staff!.staff), req.params.id, req.params.key),
    }),
  });
};

/**
 * Photographs are addressed by an unguessable key that never changes its bytes: cacheable forever.
 * A thumbnail (lists, compare) is made from the small size when asked, once per cache in front.
 */
export const productPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/photo/:file',
    {
      schema: {
        params: z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{16}-(small|large|thumb)\.webp$/) }),
        hide: true,
      },
      config: { rateLimit: false },
    },
    async (req, reply) => {
      const [key, size] = [req.params.file.slice(0, 16), req.params.file.slice(17, -5) as 'small' | 'large' | 'thumb'];
      const webp = await products.photoBytes(app.db, key, size === 'thumb' ? 'small' : size);
      if (!webp) return reply.status(404).send({ message: 'No such image' });
      const bytes = size === 'thumb' ? await products.thumbnailOf(webp) : webp;
      return reply.header('cache-control', 'public, max-age=31536000, immutable').type('image/webp').send(bytes);
    },
  );
};
