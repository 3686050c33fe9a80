import { timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@facet/contracts/envelope';
import { adminRoute } from '../../plugins/admin-op.ts';
import { messageAnswer } from '@facet/contracts/account';
import { AppError, Forbidden } from '../../errors.ts';
import { actorOf } from '../staff/index.ts';
import { backupNow, backupStatus as statusOf, saveBackupSettings } from './daily.ts';
import { backupKey, makeBackup } from './service.ts';

/** The owner's backups page: status, settings, a backup now. */
export const backupAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.route({
    ...adminRoute('GET /backups'),
    handler: async () => ({ data: await statusOf(app.database, app.config) }),
  });
  app.route({
    ...adminRoute('PUT /backups/settings'),
    handler: async (req) => {
      await saveBackupSettings(app.db, app.config, actorOf(req.staff!.staff), req.body);
      return { data: await statusOf(app.database, app.config) };
    },
  });
  app.route({
    ...adminRoute('POST /backups'),
    handler: async () => {
      if (app.database.kind !== 'pglite')
        throw new AppError(409, 'This store runs on PostgreSQL: back it up with pg_dump or point-in-time recovery.');
      await backupNow(app.database, app.config);
      return { data: await statusOf(app.database, app.config) };
    },
  });
};

const sameSecret = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * `npm run backup` while the embedded store runs: only this process may read its database, so the
 * command asks it. From this machine only, with the token the store wrote to DATA_DIR/control.json
 * (readable by the store's user only).
 */
export const backupControlRoutes = (controlToken: string | null): FastifyPluginAsyncZod =>
  async function control(app) {
    app.post(
      '/internal/backup',
      {
        schema: {
          hide: true,
          body: z.object({ file: z.string().min(1).max(1000).startsWith('/') }).strict(),
          response: { 200: envelope(messageAnswer.extend({ bytes: z.number().int() })) },
        },
      },
      async (req) => {
        const given = req.headers['x-facet-control'];
        const local = req.socket.remoteAddress === '127.0.0.1' || req.socket.remoteAddress === '::1';
        if (!controlToken || !local || typeof given !== 'string' || !sameSecret(given, controlToken))
          throw new Forbidden();
        const header = await makeBackup(app.database, req.body.file, backupKey(app.config));
        return { data: { message: `Backed up to ${req.body.file}`, bytes: header.bytes } };
      },
    );
  };
