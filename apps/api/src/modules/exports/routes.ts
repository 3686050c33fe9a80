import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import type { ExportName } from '@facet/contracts/exports';
import { adminRoute } from '../../plugins/admin-op.ts';
import { exportStream } from './service.ts';

export const exportAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tz = app.config.STORE_TIMEZONE;
  const send = (reply: FastifyReply, name: ExportName, format: 'csv' | 'jsonl') => {
    const day = new Date().toLocaleDateString('en-CA', { timeZone: tz });
    void reply
      .type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8')
      .header('content-disposition', `attachment; filename="facet-${name}-${day}.${format}"`)
      .header('cache-control', 'no-store')
      .send(exportStream(app.db, tz, name, format));
  };
  app.route({
    ...adminRoute('GET /exports/audit/csv'),
    handler: (_req, reply) => {
      send(reply, 'audit', 'csv');
    },
  });
  app.route({
    ...adminRoute('GET /exports/audit/jsonl'),
    handler: (_req, reply) => {
      send(reply, 'audit', 'jsonl');
    },
  });
  app.route({
    ...adminRoute('GET /exports/:dataset/csv'),
    handler: (req, reply) => {
      send(reply, req.params.dataset, 'csv');
    },
  });
  app.route({
    ...adminRoute('GET /exports/:dataset/jsonl'),
    handler: (req, reply) => {
      send(reply, req.params.dataset, 'jsonl');
    },
  });
};
