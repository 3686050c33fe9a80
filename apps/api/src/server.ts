import { loadConfig, devMailboxEnabled } from './config.ts';
import { DataDirBusy, openDatabase } from './db/client.ts';
import { seedIfEmpty } from './db/seed/seed.ts';
import { buildApp } from './app.ts';
import { warmCatalogue } from './modules/catalog/service.ts';
import { webPlugin } from './plugins/web.ts';
import { staffCount } from './modules/staff/service.ts';

const config = loadConfig();
const database = await openDatabase(config).catch((err: unknown) => {
  // Another process owns the embedded database: say so plainly, not with a stack trace.
  if (err instanceof DataDirBusy) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
});
const seeded = await database.exclusive(async () => {
  await database.migrate();
  return seedIfEmpty(database.db, {
    scale: config.SEED_SCALE,
    onProgress: (step, done, total) => process.stdout.write(`\rSeeding ${step}: ${done}/${total}   `),
  });
});
if (seeded) process.stdout.write('\n');

const app = await buildApp({ config, database });
await app.register(webPlugin, { config, devMailbox: devMailboxEnabled(config) });

/**
 * Graceful shutdown. On SIGTERM (an orchestrator or balancer-driven stop) readiness fails first
 * and the instance keeps serving for SHUTDOWN_DRAIN_MS while the balancer notices; then it stops
 * accepting connections, finishes the requests in flight, and closes the database. Ctrl-C skips
 * the wait.
 */
const close = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  app.lifecycle.draining = true;
  if (signal === 'SIGTERM') await new Promise((r) => setTimeout(r, config.SHUTDOWN_DRAIN_MS));
  const timer = setTimeout(() => process.exit(1), 10_000);
  timer.unref();
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void close('SIGINT'));
process.once('SIGTERM', () => void close('SIGTERM'));

await app.listen({ port: config.PORT, host: config.HOST });
// Load the in-memory search copies now rather than on the first shopper's request.
Promise.all([app.diamondIndex.warm(), warmCatalogue(database.db)]).catch((err) =>
  app.log.warn({ err }, 'catalogue copies: first load failed; the next request retries'),
);
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.PORT;
console.log(
  `\nFacet is open at http://localhost:${port}/  (API: http://localhost:${port}/api, database: ${database.kind})`,
);
if (app.outbox.transport.kind === 'mailbox') {
  console.log(
    `No SMTP_URL is set, so e-mails are not sent: read them at http://localhost:${port}/dev/mailbox (open only from this machine).`,
  );
}
if ((await staffCount(database.db)) === 0) {
  console.log(
    'No back-office staff yet. Create the owner (the command prints a link to set the password):\n  npm run staff -- add you@example.com --role owner\nStop the store first when it runs on the embedded database.',
  );
}
console.log('');
