import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../plugins/admin-op.ts';
import { acceptPhotoForms, readPhotoForm } from '../../photo-form.ts';
import { actorOf } from '../staff/index.ts';
import { processPhoto } from '../media-store/index.ts';
import * as products from './service.ts';
import { arrange, arrangementOf } from './arrangement.ts';
import { makePhotoSizesSoon } from '../media-store/index.ts';

export const productAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptPhotoForms(app);

  app.route({
    ...adminRoute('GET /categories/:id/arrangement'),
    handler: async (req) => ({ data: await arrangementOf(app.db, req.params.id) }),
  });
  app.route({
    ...adminRoute('PUT /categories/:id/arrangement'),
    handler: async (req) => ({
      data: await arrange(app.db, actorOf(req.staff!.staff), req.params.id, req.body.groupIds),
    }),
  });
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
    handler: async () => ({
      data: await products.designOptions(app.db, app.storeSettings.current().priceRounding),
    }),
  });
  app.route({
    ...adminRoute('POST /products'),
    handler: async (req, reply) => {
      const made = await products.createDesign(app.db, actorOf(req.staff!.staff), req.body, {
        madeToOrderDays: app.storeSettings.current().madeToOrderDays.to,
        rounding: app.storeSettings.current().priceRounding,
      });
      return reply.status(201).send({ data: made });
    },
  });
  app.route({
    ...adminRoute('POST /products/:id/duplicate'),
    handler: async (req, reply) =>
      reply
        .status(201)
        .send({ data: await products.duplicateDesign(app.db, app.media, actorOf(req.staff!.staff), req.params.id) }),
  });
  app.route({
    ...adminRoute('POST /products/:id/finished-piece'),
    handler: async (req, reply) =>
      reply.status(201).send({
        data: await products.finishedPiece(app.db, app.media, actorOf(req.staff!.staff), req.params.id, req.body),
      }),
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
    ...adminRoute('PATCH /products/:id'),
    handler: async (req) => ({
      data: await products.updateProduct(app.db, actorOf(req.staff!.staff), req.params.id, req.body),
    }),
  });
  app.route({
    ...adminRoute('POST /products/:id/photos'),
    handler: async (req) => {
      const form = await readPhotoForm(req, { withMetal: true });
      const photo = await processPhoto(form.file);
      const data = await products.addPhoto(app.db, app.media, actorOf(req.staff!.staff), req.params.id, photo, form);
      void makePhotoSizesSoon(app, photo.key, req.log);
      return { data };
    },
  });
  app.route({
    ...adminRoute('PUT /products/:id/photos'),
    handler: async (req) => ({
      data: await products.orderPhotos(app.db, actorOf(req.staff!.staff), req.params.id, req.body.keys),
    }),
  });
  app.route({
    ...adminRoute('PUT /products/:id/stone-places'),
    handler: async (req) => ({
      data: await products.changeStonePlaces(app.db, actorOf(req.staff!.staff), req.params.id, req.body),
    }),
  });
  app.route({
    ...adminRoute('PATCH /products/:id/photos/:key'),
    handler: async (req) => ({
      data: await products.describePhoto(app.db, actorOf(req.staff!.staff), req.params.id, req.params.key, req.body),
    }),
  });
  app.route({
    ...adminRoute('DELETE /products/:id/photos/:key'),
    handler: async (req) => ({
      data: await products.removePhoto(app.db, app.media, actorOf(req.staff!.staff), req.params.id, req.params.key),
    }),
  });
};
