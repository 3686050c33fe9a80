import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../plugins/admin-op.ts';
import { acceptPhotoForms, readPhotoForm } from '../../photo-form.ts';
import { processPhoto } from '../products/index.ts';
import { addStonePhoto, removeStonePhoto } from './stone-photos.ts';
import { actorOf } from '../staff/index.ts';
import { changeStone, findStones } from './service.ts';
import { addDiamond, diamondForStaff, editDiamond } from './hand-diamonds.ts';
import { addGem, addMelee, editGem, editMelee, gemForStaff, listMelee, newGemForm } from './hand-gems.ts';

export const inventoryAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptPhotoForms(app);
  app.route({
    ...adminRoute('POST /stones/:kind/:id/photos'),
    handler: async (req) => {
      const form = await readPhotoForm(req);
      const photo = await processPhoto(form.file);
      return {
        data: await addStonePhoto(app.db, actorOf(req.staff!.staff), req.params.kind, req.params.id, photo, form.alt),
      };
    },
  });
  app.route({
    ...adminRoute('DELETE /stones/:kind/:id/photos/:key'),
    handler: async (req) => ({
      data: await removeStonePhoto(app.db, actorOf(req.staff!.staff), req.params.kind, req.params.id, req.params.key),
    }),
  });
  app.route({
    ...adminRoute('GET /stones'),
    handler: async (req) => ({ data: await findStones(app.db, req.query.q || undefined) }),
  });
  app.route({
    ...adminRoute('POST /stones/diamonds'),
    handler: async (req, reply) =>
      reply.status(201).send({ data: await addDiamond(app.db, actorOf(req.staff!.staff), req.body) }),
  });
  app.route({
    ...adminRoute('GET /stones/diamonds/:id'),
    handler: async (req) => ({ data: await diamondForStaff(app.db, req.params.id) }),
  });
  app.route({
    ...adminRoute('PUT /stones/diamonds/:id'),
    handler: async (req) => ({
      data: await editDiamond(app.db, actorOf(req.staff!.staff), req.params.id, req.body.version, req.body.stone),
    }),
  });
  app.route({ ...adminRoute('GET /stones/gemstones/new'), handler: async () => ({ data: await newGemForm(app.db) }) });
  app.route({
    ...adminRoute('POST /stones/gemstones'),
    handler: async (req, reply) =>
      reply.status(201).send({ data: await addGem(app.db, actorOf(req.staff!.staff), req.body) }),
  });
  app.route({
    ...adminRoute('GET /stones/gemstones/:id'),
    handler: async (req) => ({ data: await gemForStaff(app.db, req.params.id) }),
  });
  app.route({
    ...adminRoute('PUT /stones/gemstones/:id'),
    handler: async (req) => ({
      data: await editGem(app.db, actorOf(req.staff!.staff), req.params.id, req.body.version, req.body.stone),
    }),
  });
  app.route({ ...adminRoute('GET /melee'), handler: async () => ({ data: await listMelee(app.db) }) });
  app.route({
    ...adminRoute('POST /melee'),
    handler: async (req, reply) =>
      reply.status(201).send({ data: await addMelee(app.db, actorOf(req.staff!.staff), req.body) }),
  });
  app.route({
    ...adminRoute('PUT /melee/:id'),
    handler: async (req) => ({
      data: await editMelee(app.db, actorOf(req.staff!.staff), req.params.id, req.body.version, req.body.parcel),
    }),
  });
  app.route({
    ...adminRoute('POST /stones/:kind/:id'),
    handler: async (req) => {
      const b = req.body;
      const stone = await changeStone(
        app.db,
        actorOf(req.staff!.staff),
        req.params.kind,
        req.params.id,
        b.action === 'hold' ? { ...b, until: new Date(b.until) } : b,
      );
      return { data: stone };
    },
  });
};
