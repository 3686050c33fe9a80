import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IMPORT_PIECE_BYTES,
  categoryMappingBody,
  categoryMappingSaved,
  categoryMappings as categoryMappingsAnswer,
  importCreateBody,
  importList,
  importRunSchema,
  supplierCodeField,
  supplierFeed,
  supplierPullBody,
} from '@facet/contracts/admin-feeds';
import { csvFile, envelope } from '@facet/contracts/envelope';
import { AppError } from '../../errors.ts';
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

const idParams = z.object({ id: z.string().uuid() }).strict();
const pieceParams = idParams.extend({ seq: z.coerce.number().int().min(0).max(100_000) }).strict();
const codeParams = z.object({ code: supplierCodeField }).strict();
const run = envelope(importRunSchema);
const listQuery = z.object({ before: z.iso.datetime({ offset: true }).optional() }).strict();

export const importAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  // A piece is raw bytes; only here, and no bigger than a piece.
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: IMPORT_PIECE_BYTES },
    (_req, body, done) => done(null, body),
  );
  const access = { access: 'imports:run' } as const;
  const maxBytes = app.config.IMPORT_MAX_MB * 1024 * 1024;

  app.get(
    '/imports',
    { config: access, schema: { querystring: listQuery, response: { 200: envelope(importList) } } },
    async (req) => ({
      data: { runs: await listRuns(app.db, req.query.before ? new Date(req.query.before) : undefined), maxBytes },
    }),
  );
  app.get('/imports/:id', { config: access, schema: { params: idParams, response: { 200: run } } }, async (req) => ({
    data: await getRun(app.db, req.params.id),
  }));
  app.get(
    '/imports/:id/errors.csv',
    { config: access, schema: { params: idParams, response: { 200: csvFile } } },
    async (req, reply) => {
      const { fileName, csv } = await errorsCsv(app.db, req.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(csv);
    },
  );

  app.post(
    '/imports',
    { config: access, schema: { body: importCreateBody, response: { 201: run } } },
    async (req, reply) => {
      const run = await startUpload(app.db, req.body, req.staff!.staff.id, maxBytes);
      return reply.status(201).send({ data: await getRun(app.db, run.id) });
    },
  );
  app.put(
    '/imports/:id/pieces/:seq',
    {
      config: access,
      schema: { params: pieceParams, response: { 204: z.null().describe('The piece is in') } },
      bodyLimit: IMPORT_PIECE_BYTES,
    },
    async (req, reply) => {
      if (!Buffer.isBuffer(req.body)) throw new AppError(415, 'Send the piece as application/octet-stream.');
      await receivePiece(app.db, req.params.id, req.params.seq, req.body);
      return reply.status(204).send(null);
    },
  );
  app.post(
    '/imports/:id/start',
    { config: access, schema: { params: idParams, response: { 202: run } } },
    async (req, reply) => {
      await finishUpload(app.db, req.params.id);
      await queueRun(app.jobs, req.params.id);
      return reply.status(202).send({ data: await getRun(app.db, req.params.id) });
    },
  );
  app.delete('/imports/:id', { config: access, schema: { params: idParams, response: { 200: run } } }, async (req) => {
    await cancelUpload(app.db, req.params.id);
    return { data: await getRun(app.db, req.params.id) };
  });
  app.post(
    '/imports/:id/apply',
    { config: access, schema: { params: idParams, response: { 202: run } } },
    async (req, reply) => {
      const run = await applyDryRun(app.db, req.params.id, req.staff!.staff.id);
      await queueRun(app.jobs, run.id);
      return reply.status(202).send({ data: await getRun(app.db, run.id) });
    },
  );

  app.get(
    '/suppliers',
    { config: access, schema: { response: { 200: envelope(z.array(supplierFeed)) } } },
    async () => ({ data: await supplierFeeds(app.db) }),
  );
  app.put(
    '/suppliers/:code/pull',
    {
      config: access,
      schema: { params: codeParams, body: supplierPullBody, response: { 200: envelope(supplierFeed) } },
    },
    async (req) => ({ data: await setSupplierPull(app.db, req.params.code, req.body) }),
  );
  app.get(
    '/supplier-categories',
    { config: access, schema: { response: { 200: envelope(categoryMappingsAnswer) } } },
    async () => ({ data: await categoryMappings(app.db) }),
  );
  app.put(
    '/suppliers/:code/categories',
    {
      config: access,
      schema: { params: codeParams, body: categoryMappingBody, response: { 200: envelope(categoryMappingSaved) } },
    },
    async (req) => {
      const { ready } = await setCategoryMapping(app.db, actorOf(req.staff!.staff), req.params.code, req.body);
      // A run brings the waiting designs in (if the supplier is busy, its next import does).
      const run = ready ? await createWaitingRun(app.db, req.params.code, req.staff!.staff.id) : null;
      if (run) await queueRun(app.jobs, run.id);
      const runId = run?.id ?? null;
      return { data: { ...(await categoryMappings(app.db)), runId } };
    },
  );
  app.post(
    '/suppliers/:code/pull-now',
    { config: access, schema: { params: codeParams, response: { 202: envelope(z.null()) } } },
    async (req, reply) => {
      await pullSoon(app.db, req.params.code);
      return reply.status(202).send({ data: null });
    },
  );
};
