import { z } from 'zod';
import { fromThisMachine } from '../../plugins/from-this-machine.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mailRepository } from './repository.ts';
import { esc } from './layout.ts';

const LIMIT = 100;

/**
 * The dev mailbox (no SMTP_URL): what the store "sent", newest first, so a new user can read
 * their code. Registered only when the outbox delivers to it, and open only to this machine.
 */
export const mailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  // Everyone else gets the same 404 as when the mailbox does not exist.
  app.addHook('onRequest', async (req, reply) => {
    if (!fromThisMachine(req)) return reply.status(404).type('application/json').send({ message: 'Not found' });
  });
  const recent = () => mailRepository.recentSent(app.db, LIMIT);

  app.get('/api/dev/mailbox', { schema: { hide: true } }, async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return { data: await recent() };
  });

  app.get('/dev/mailbox', { schema: { hide: true } }, async (_req, reply) => {
    const rows = await recent();
    const items = rows
      .map(
        (m) =>
          `<article><header><strong>${esc(m.subject)}</strong><span>to ${esc(m.to)} · ${m.sentAt?.toISOString().replace('T', ' ').slice(0, 19)} UTC · <a href="/dev/mailbox/${m.id}">view as e-mail</a></span></header><pre>${esc(m.text)}</pre></article>`,
      )
      .join('');
    reply
      .header('cache-control', 'no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'")
      .type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><meta name="robots" content="noindex"><title>Dev mailbox · Facet</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:0;background:#f7f4ef;color:#1c1917}main{max-width:860px;margin:0 auto;padding:32px 16px}h1{font:600 28px Georgia,serif;margin:0 0 4px}p{color:#57534e;margin:0 0 24px}article{background:#fff;border:1px solid #e7e1d8;margin:0 0 16px}header{padding:12px 16px;border-bottom:1px solid #e7e1d8;display:flex;flex-direction:column;gap:2px}header span{font-size:13px;color:#57534e}pre{margin:0;padding:16px;white-space:pre-wrap;font:13px/1.5 ui-monospace,monospace}a{color:#a16207}</style></head>
<body><main><h1>Dev mailbox</h1><p>E-mails the store sent while no SMTP server is configured (latest ${LIMIT}). Set SMTP_URL to deliver real mail.</p>${items || '<p>No messages yet. Register an account or use the contact form, then reload.</p>'}</main></body></html>`;
  });

  app.get(
    '/dev/mailbox/:id',
    { schema: { params: z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) }), hide: true } },
    async (req, reply) => {
      const m = await mailRepository.html(app.db, req.params.id);
      if (!m) return reply.status(404).type('text/plain').send('No such message');
      // Sandboxed: a message is shown as a mail client would, and can run nothing.
      return reply
        .header('cache-control', 'no-store')
        .header('content-security-policy', "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src 'self'")
        .type('text/html; charset=utf-8')
        .send(m.html);
    },
  );
};
