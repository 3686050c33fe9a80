import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../plugins/admin-op.ts';
import { acceptPhotoForms, readPhotoForm } from '../../photo-form.ts';
import { processPhoto } from '../media-store/index.ts';
import { makePhotoSizesSoon } from '../media-store/index.ts';
import { addStonePhoto, removeStonePhoto } from './stone-photos.ts';
import { putStoneReport, removeStoneReport, stoneReport, stoneReportFile } from './stone-report.ts';
import { REPORT_MAX_BYTES } from '@facet/contracts/admin-catalogue';
import { z } from 'zod';
import { actorOf } from '../staff/index.ts';
import { changeStone, findStones } from './service.ts';
import { addDiamond, diamondForStaff, editDiamond } from './hand-diamonds.ts';
import { addGem, addMelee, editGem, editMelee, gemForStaff, listMelee, newGemForm } from './hand-gems.ts';

export const inventoryAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptPhotoForms(app);
  // A grading report comes as the PDF file itself.
  app.addContentTypeParser('application/pdf', { parseAs: 'buffer', bodyLimit: REPORT_MAX_BYTES }, (_req, body, done) =>
    done(null, body),
  );
  app.route({
    ...adminRoute('GET /stones/:kind/:id/report'),
    handler: async (req) => ({ data: await stoneReport(app.db, req.params.kind, req.params.id) }),
  });
  app.route({
    ...adminRoute('PUT /stones/:kind/:id/report'),
    bodyLimit: REPORT_MAX_BYTES,
    handler: async (req) => ({
      data: await putStoneReport(
        app.db,
        app.media,
        actorOf(req.staff!.staff),
        req.params.kind,
        req.params.id,
        req.query.filename,
        req.body,
      ),
    }),
  });
  app.route({
    ...adminRoute('DELETE /stones/:kind/:id/report'),
    handler: async (req) => ({
      data: await removeStoneReport(app.db, app.media, actorOf(req.staff!.staff), req.params.kind, req.params.id),
    }),
  });
  app.route({
    ...adminRoute('POST /stones/:kind/:id/photos'),
    handler: async (req) => {
      const form = await readPhotoForm(req);
      const photo = await processPhoto(form.file);
      const answer = {
        data: await addStonePhoto(
          app.db,
          app.media,
          actorOf(req.staff!.staff),
          req.params.kind,
          req.params.id,
          photo,
          form.alt,
        ),
      };
      void makePhotoSizesSoon(app, photo.key, req.log);
      return answer;
    },
  });
  app.route({
    ...adminRoute('DELETE /stones/:kind/:id/photos/:key'),
    handler: async (req) => ({
      data: await removeStonePhoto(
        app.db,
        app.media,
        actorOf(req.staff!.staff),
        req.params.kind,
        req.params.id,
        req.params.key,
      ),
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

/** A stone's uploaded report, for shoppers: a download, never shown in place (nosniff). */
export const stoneReportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/media/report/:file',
    {
      schema: {
        params: z.object({ file: z.string().regex(/^(diamond|gemstone)-\d{1,10}\.pdf$/, 'Not a report') }).strict(),
        hide: true,
      },
    },
    async (req, reply) => {
      const [kind, rest] = req.params.file.split('-') as ['diamond' | 'gemstone', string];
      const r = await stoneReportFile(app.db, app.media, kind, Number.parseInt(rest, 10));
      return reply
        .header('cache-control', 'public, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', `attachment; filename="${r.filename.replace(/"/g, '')}"`)
        .type('application/pdf')
        .send(Buffer.from(r.bytes));
    },
  );
};
