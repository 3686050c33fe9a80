import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchSeenBody } from '@facet/contracts/reports';
import { adminRoute } from '../../plugins/admin-op.ts';
import { countSearch, salesCsv, salesReport } from './service.ts';
import { tableCsv, tableReport } from './tables.ts';

const csvName = (what: string, q: { from: string; to: string }) =>
  `attachment; filename="facet-${what}-${q.from}-to-${q.to}.csv"`;

export const reportAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const tz = app.config.STORE_TIMEZONE;
  app.route({
    ...adminRoute('GET /reports/sales'),
    handler: async (req) => ({ data: await salesReport(app.db, tz, req.query) }),
  });
  app.route({
    ...adminRoute('GET /reports/sales.csv'),
    handler: async (req, reply) => {
      const report = await salesReport(app.db, tz, req.query);
      reply.type('text/csv; charset=utf-8').header('content-disposition', csvName('sales', report));
      return [...salesCsv(report)].join('');
    },
  });
  app.route({
    ...adminRoute('GET /reports/:report'),
    handler: async (req) => ({ data: await tableReport(app.db, tz, req.params.report, req.query) }),
  });
  app.route({
    ...adminRoute('GET /reports/:report/rows.csv'),
    handler: async (req, reply) => {
      const report = await tableReport(app.db, tz, req.params.report, req.query);
      reply.type('text/csv; charset=utf-8').header('content-disposition', csvName(report.report, report));
      return [...tableCsv(report)].join('');
    },
  });
};

/** The storefront's results page says what it showed; each visitor's term counts once in ten minutes. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/searches/seen', { schema: { body: searchSeenBody } }, async (req, reply) => {
    await countSearch({ db: app.db, throttle: app.throttle, tz: app.config.STORE_TIMEZONE }, req.ip, req.body);
    return reply.status(204).send();
  });
};
