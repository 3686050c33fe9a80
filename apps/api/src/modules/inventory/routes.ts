import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminStoneRow } from '@facet/contracts/admin-catalogue';
import { envelope } from '@facet/contracts/envelope';
import { actorOf } from '../staff/index.ts';
import { changeStone, findStones } from './service.ts';

const stoneParams = z
  .object({ kind: z.enum(['diamond', 'gemstone']), id: z.coerce.number().int().positive().max(2_147_483_647) })
  .strict();
const reason = z.string().trim().min(3, 'Say why').max(300);
const changeBody = z.discriminatedUnion('action', [
  z.object({ action: z.literal('hold'), reason, until: z.iso.datetime({ offset: true }) }).strict(),
  z.object({ action: z.literal('withdraw'), reason }).strict(),
  z.object({ action: z.literal('release') }).strict(),
]);

export const inventoryAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stones',
    {
      config: { access: 'catalogue:write' },
      schema: {
        querystring: z.object({ q: z.string().trim().max(60).optional() }).strict(),
        response: { 200: envelope(z.array(adminStoneRow)) },
      },
    },
    async (req) => ({ data: await findStones(app.db, req.query.q || undefined) }),
  );
  app.post(
    '/stones/:kind/:id',
    {
      config: { access: 'catalogue:write' },
      schema: { params: stoneParams, body: changeBody, response: { 200: envelope(adminStoneRow) } },
    },
    async (req) => {
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
  );
};
