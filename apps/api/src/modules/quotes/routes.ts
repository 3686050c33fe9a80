import { z } from 'zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@facet/contracts/envelope';
import {
  acceptQuoteBody,
  accountQuotes,
  customerQuote,
  QUOTE_FILE_MAX_BYTES,
  QUOTE_NUMBER_RE,
} from '@facet/contracts/quotes';
import { rowId } from '@facet/contracts/admin-api/shared';
import { addQuoteFile, headerSafe, quoteFileBytes, removeQuoteFile } from './files.ts';
import { optionalUserId, requireAuth } from '../../plugins/auth.ts';
import { adminRoute } from '../../plugins/admin-op.ts';
import { emailOf } from '../account/index.ts';
import { actorOf } from '../staff/index.ts';
import * as quotes from './service.ts';

const deps = (app: FastifyInstance): quotes.QuoteDeps => ({
  db: app.db,
  config: app.config,
  settings: app.storeSettings,
  outbox: app.outbox,
  payments: app.payments,
  tax: app.tax,
});
const params = z.object({ number: z.string().regex(QUOTE_NUMBER_RE, 'Not a quote number') }).strict();

/** The quote's latest link, or its customer signed in. */
async function who(req: FastifyRequest, number: string, token: string | undefined): Promise<quotes.Who> {
  // The link alone opens the quote: no need to look the account up as well.
  const userId = token ? null : await optionalUserId(req);
  const email = userId !== null ? await emailOf(req.server.db, userId) : null;
  return { number, token: token ?? null, user: userId !== null && email ? { id: userId, email } : null };
}

/** The customer's side: the quote at its link (or in the account), and accepting it with its deposit. */
export const quoteRoutes: FastifyPluginAsyncZod = async (app) => {
  const d = deps(app);
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  app.get(
    '/account/quotes',
    { preHandler: requireAuth('session'), schema: { response: { 200: envelope(accountQuotes) } } },
    async (req) => {
      const email = (await emailOf(app.db, req.auth!.userId)) ?? '';
      return { data: await quotes.quotesOfCustomer(app.db, req.auth!.userId, email) };
    },
  );
  app.get(
    '/quotes/:number',
    {
      schema: {
        params,
        querystring: z.object({ token: z.string().max(100).optional() }).strict(),
        response: { 200: envelope(customerQuote) },
      },
    },
    async (req) => ({
      data: await quotes.quoteForCustomer(app.db, await who(req, req.params.number, req.query.token)),
    }),
  );
  // A sketch or rendering of the quote: an image shown in place, a PDF downloaded (nosniff either way).
  app.get(
    '/quotes/:number/files/:id',
    {
      schema: {
        params: z.object({ number: z.string().regex(QUOTE_NUMBER_RE, 'Not a quote number'), id: rowId }).strict(),
        querystring: z.object({ token: z.string().max(100).optional() }).strict(),
        hide: true,
      },
    },
    async (req, reply) => {
      const q = await quotes.quoteOfCustomer(app.db, await who(req, req.params.number, req.query.token));
      const f = await quoteFileBytes(app.db, app.media, q.id, req.params.id);
      return reply
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-disposition',
          `${f.type === 'application/pdf' ? 'attachment' : 'inline'}; filename="${headerSafe(f.name)}"`,
        )
        .type(f.type)
        .send(f.bytes);
    },
  );
  app.post(
    '/quotes/:number/accept',
    {
      config: { rateLimit: { max: app.config.RATE_LIMIT_ORDER_MAX, timeWindow: '1 minute' } },
      schema: {
        params,
        body: acceptQuoteBody.extend({ token: z.string().max(100).optional() }).strict(),
        response: { 200: envelope(customerQuote) },
      },
    },
    async (req) => {
      const { token, ...input } = req.body;
      return { data: await quotes.acceptQuote(d, await who(req, req.params.number, token), input) };
    },
  );
};

export const quoteAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const d = deps(app);
  // A sketch, a rendering or a PDF comes as the file itself.
  for (const type of ['application/pdf', 'image/jpeg', 'image/png', 'image/webp'])
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: QUOTE_FILE_MAX_BYTES }, (_req, body, done) =>
      done(null, body),
    );
  app.route({
    ...adminRoute('POST /quotes/:number/files'),
    bodyLimit: QUOTE_FILE_MAX_BYTES,
    handler: async (req) => {
      await addQuoteFile(app.db, app.media, actorOf(req.staff!.staff), req.params.number, req.query.filename, req.body);
      return { data: await quotes.quoteForStaff(app.db, req.params.number) };
    },
  });
  app.route({
    ...adminRoute('DELETE /quotes/:number/files/:id'),
    handler: async (req) => {
      await removeQuoteFile(app.db, app.media, actorOf(req.staff!.staff), req.params.number, req.params.id);
      return { data: await quotes.quoteForStaff(app.db, req.params.number) };
    },
  });
  for (const [op, type] of [
    ['GET /quotes/:number/images/:id', 'image/webp'],
    ['GET /quotes/:number/documents/:id', 'application/pdf'],
  ] as const)
    app.route({
      ...adminRoute(op),
      handler: async (req, reply) => {
        const f = await quoteFileBytes(
          app.db,
          app.media,
          await quotes.quoteIdOf(app.db, req.params.number),
          req.params.id,
          type,
        );
        return reply
          .header('x-content-type-options', 'nosniff')
          .header(
            'content-disposition',
            `${type === 'application/pdf' ? 'attachment' : 'inline'}; filename="${headerSafe(f.name)}"`,
          )
          .type(type)
          .send(f.bytes as unknown as string);
      },
    });
  app.route({ ...adminRoute('GET /quotes'), handler: async () => ({ data: await quotes.listQuotes(app.db) }) });
  app.route({
    ...adminRoute('GET /quotes/:number'),
    handler: async (req) => ({ data: await quotes.quoteForStaff(app.db, req.params.number) }),
  });
  app.route({
    ...adminRoute('POST /quotes'),
    handler: async (req, reply) => {
      reply.status(201);
      return { data: await quotes.createQuote(d, actorOf(req.staff!.staff), req.body) };
    },
  });
  app.route({
    ...adminRoute('POST /quotes/:number/versions'),
    handler: async (req) => ({
      data: await quotes.reviseQuote(d, actorOf(req.staff!.staff), req.params.number, req.body),
    }),
  });
  app.route({
    ...adminRoute('POST /quotes/:number/action'),
    handler: async (req) => ({
      data: await quotes.actOnQuote(d, actorOf(req.staff!.staff), req.params.number, req.body.action),
    }),
  });
};

/** At start and every minute: deposits paid in the browser whose page never asked again. */
export function startDepositSweeper(app: FastifyInstance): () => void {
  const d = deps(app);
  if (d.payments.flow !== 'intent') return () => {};
  const run = () =>
    quotes.settleOpenDeposits(d).catch((err: unknown) => app.log.warn({ err }, 'quotes: open deposits not settled'));
  void run();
  const timer = setInterval(() => void run(), 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
