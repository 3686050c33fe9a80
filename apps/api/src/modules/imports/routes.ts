import multipart from '@fastify/multipart';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { importUploadFields } from '@facet/contracts/admin-feeds';
import { AppError, Validation } from '../../errors.ts';
import { unstorableText } from '../../plugins/input-guard.ts';
import { importsRepository as repo } from './repository.ts';
import { applyDryRun, createRun, errorsCsv, failRun, FileTooLarge, getRun, listRuns, storeFile } from './service.ts';
import { queueRun } from './worker.ts';

const idParams = z.object({ id: z.string().uuid() }).strict();
const listQuery = z.object({ before: z.iso.datetime({ offset: true }).optional() }).strict();
const tooLarge = (mb: number) =>
  `The file is larger than ${mb} MB. Split the feed, or import it with the command line (npm run import).`;
const FEED_NAME = /\.(csv|tsv|txt)$/i;

/**
 * The upload form: the text fields first, then one `file` — so the run exists (and the supplier's
 * one-import lock is taken) before the file streams into the database.
 */
async function receiveUpload(app: Parameters<FastifyPluginAsyncZod>[0], req: FastifyRequest) {
  if (!req.isMultipart()) throw new AppError(415, 'Please send the feed as multipart/form-data.');
  const maxBytes = app.config.IMPORT_MAX_MB * 1024 * 1024;
  const TOO_LARGE = tooLarge(app.config.IMPORT_MAX_MB);
  // Browsers declare the length of a form upload: a file over the limit is refused before a byte is read.
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > maxBytes + 64 * 1024) throw new AppError(413, TOO_LARGE);
  const fields: Record<string, string> = {};
  let runId: string | undefined;
  try {
    for await (const part of req.parts({ limits: { fileSize: maxBytes } })) {
      if (part.type === 'field') {
        if (!['supplier', 'kind', 'dryRun', 'full'].includes(part.fieldname))
          throw new Validation(`Unknown field: ${part.fieldname}`);
        fields[part.fieldname] = String(part.value ?? '');
        continue;
      }
      if (part.fieldname !== 'file' || runId) throw new Validation('Send one file, in the field "file".');
      const parsed = importUploadFields.safeParse(fields);
      if (!parsed.success)
        throw new Validation(
          'Please check the supplier code and options.',
          Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0] ?? 'form'), i.message])),
        );
      const name = part.filename || 'feed.csv';
      if (!FEED_NAME.test(name) || unstorableText(name))
        throw new AppError(415, 'Upload the feed as a .csv, .tsv or .txt file.');
      const run = await createRun(app.db, {
        ...parsed.data,
        source: 'upload',
        fileName: name,
        staffId: req.staff!.staff.id,
      });
      runId = run.id;
      try {
        const bytes = await storeFile(app.db, run.id, part.file, () => part.file.truncated);
        await repo.setFileBytes(app.db, run.id, bytes);
      } catch (err) {
        const message =
          err instanceof FileTooLarge ? TOO_LARGE : err instanceof AppError ? err.message : 'The upload broke off.';
        await failRun(app.db, run.id, message);
        await repo.dropFile(app.db, run.id);
        if (err instanceof FileTooLarge) throw new AppError(413, TOO_LARGE);
        throw err;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, TOO_LARGE);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw new Validation('Send one file at a time.');
    throw new Validation('The upload could not be read. Please try again.');
  }
  if (!runId) throw new Validation('Choose a feed file to upload.', { file: 'Required' });
  return runId;
}

export const importAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { files: 1, fields: 4, parts: 5, fieldSize: 100 },
  });
  const access = { access: 'imports:run' } as const;

  app.get('/imports', { config: access, schema: { querystring: listQuery } }, async (req) => ({
    data: await listRuns(app.db, req.query.before ? new Date(req.query.before) : undefined),
  }));
  app.get('/imports/:id', { config: access, schema: { params: idParams } }, async (req) => ({
    data: await getRun(app.db, req.params.id),
  }));
  app.get('/imports/:id/errors.csv', { config: access, schema: { params: idParams } }, async (req, reply) => {
    const { fileName, csv } = await errorsCsv(app.db, req.params.id);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .send(csv);
  });
  app.post('/imports', { config: access }, async (req, reply) => {
    const runId = await receiveUpload(app, req);
    await queueRun(app.jobs, runId);
    return reply.status(202).send({ data: await getRun(app.db, runId) });
  });
  app.post('/imports/:id/apply', { config: access, schema: { params: idParams } }, async (req, reply) => {
    const run = await applyDryRun(app.db, req.params.id, req.staff!.staff.id);
    await queueRun(app.jobs, run.id);
    return reply.status(202).send({ data: await getRun(app.db, run.id) });
  });
};
