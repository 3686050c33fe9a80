import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IMPORT_PIECE_BYTES } from '@facet/contracts/admin-feeds';
import { AppError } from '../../errors.ts';
import { adminRoute } from '../../plugins/admin-op.ts';
import {
  applyDryRun,
  cancelUpload,
  createWaitingRun,
  errorsCsv,
  finishUpload,
  getRun,
  listRuns,
  receivePiece,
  startUpload,
} from './service.ts';
import { queueRun } from './worker.ts';
import { pullSoon, setSupplierPull, supplierFeeds } from './pulls.ts';
import { categoryMappings, setCategoryMapping } from '../feeds/index.ts';
import { actorOf } from '../staff/index.ts';

// An upload is three steps, so no request outlives the server's request time limit whatever the
// file's size: POST /imports says what is coming (and takes the supplier's one-import lock),
// PUT /imports/:id/pieces/:seq sends each piece (again, if it failed), POST /imports/:id/start
// queues the run once every piece is in.

export const importAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // A piece is raw bytes; only here, and no bigger than a piece.
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: IMPORT_PIECE_BYTES },
    (_req, body, done) => done(null, body),
  );
  const maxBytes = app.config.IMPORT_MAX_MB * 1024 * 1024;

  app.route({
    ...adminRoute('GET /imports'),
    handler: async (req) => ({
      data: { runs: await listRuns(app.db, req.query.before ? new Date(req.query.before) : undefined), maxBytes },
    }),
  });
  app.route({
    ...adminRoute('GET /imports/:id'),
    handler: async (req) => ({ data: await getRun(app.db, req.params.id) }),
  });
  app.route({
    ...adminRoute('GET /imports/:id/errors.csv'),
    handler: async (req, reply) => {
      const { fileName, csv } = await errorsCsv(app.db, req.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(csv);
    },
  });
  app.route({
    ...adminRoute('POST /imports'),
    handler: async (req, reply) => {
      const run = await startUpload(app.db, req.body, req.staff!.staff.id, maxBytes);
      return reply.status(201).send({ data: await getRun(app.db, run.id) });
    },
  });
  app.route({
    ...adminRoute('PUT /imports/:id/pieces/:seq'),
    bodyLimit: IMPORT_PIECE_BYTES,
    handler: async (req, reply) => {
      if (!Buffer.isBuffer(req.body)) throw new AppError(415, 'Send the piece as application/octet-stream.');
      await receivePiece(app.db, req.params.id, req.params.seq, req.body);
      return reply.status(204).send({ data: null }); // Fastify sends a 204 without its body
    },
  });
  app.route({
    ...adminRoute('POST /imports/:id/start'),
    handler: async (req, reply) => {
      await finishUpload(app.db, req.params.id);
      await queueRun(app.jobs, req.params.id);
      return reply.status(202).send({ data: await getRun(app.db, req.params.id) });
    },
  });
  app.route({
    ...adminRoute('DELETE /imports/:id'),
    handler: async (req) => {
      await cancelUpload(app.db, req.params.id);
      return { data: await getRun(app.db, req.params.id) };
    },
  });
  app.route({
    ...adminRoute('POST /imports/:id/apply'),
    handler: async (req, reply) => {
      const run = await applyDryRun(app.db, req.params.id, req.staff!.staff.id);
      await queueRun(app.jobs, run.id);
      return reply.status(202).send({ data: await getRun(app.db, run.id) });
    },
  });

  app.route({ ...adminRoute('GET /suppliers'), handler: async () => ({ data: await supplierFeeds(app.db) }) });
  app.route({
    ...adminRoute('PUT /suppliers/:code/pull'),
    handler: async (req) => ({ data: await setSupplierPull(app.db, req.params.code, req.body) }),
  });
  app.route({
    ...adminRoute('GET /supplier-categories'),
    handler: async () => ({ data: await categoryMappings(app.db) }),
  });
  app.route({
    ...adminRoute('PUT /suppliers/:code/categories'),
    handler: async (req) => {
      const { ready } = await setCategoryMapping(app.db, actorOf(req.staff!.staff), req.params.code, req.body);
      // A run brings the waiting designs in (if the supplier is busy, its next import does).
      const run = ready ? await createWaitingRun(app.db, req.params.code, req.staff!.staff.id) : null;
      if (run) await queueRun(app.jobs, run.id);
      const runId = run?.id ?? null;
      return { data: { ...(await categoryMappings(app.db)), runId } };
    },
  });
  app.route({
    ...adminRoute('POST /suppliers/:code/pull-now'),
    handler: async (req, reply) => {
      await pullSoon(app.db, req.params.code);
      return reply.status(202).send({ data: null });
    },
  });
};
