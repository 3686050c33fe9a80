import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminRoute } from '../../plugins/admin-op.ts';
import { salesCsv, salesReport } from './service.ts';

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
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="facet-sales-${report.from}-to-${report.to}.csv"`);
      return [...salesCsv(report)].join('');
    },
  });
};
