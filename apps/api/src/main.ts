import { startTracing } from './tracing.ts';
import cluster from 'node:cluster';
import module from 'node:module';
import { loadConfig, devMailboxEnabled, type Config } from './config.ts';
import { DataDirBusy, openDatabase } from './db/client.ts';
import { seedIfEmpty } from './seed/seed.ts';
import { buildApp } from './app.ts';
import { warmCatalogue } from './modules/catalog/index.ts';
import { webPlugin } from './plugins/web.ts';
import { writeControlFile } from './modules/backup/index.ts';
import { staffCount } from './modules/staff/index.ts';

// One process per core on PostgreSQL (instances share everything through the database, see the
// two-instance suite); the embedded database belongs to one process, which then renders pages on
// CONCURRENCY threads instead.
const config = loadConfig();
const supervised = !!config.DATABASE_URL && config.FACET_DEV !== '1';
const processes = supervised ? config.CONCURRENCY : 1;
const isWorker = cluster.isWorker;

async function open(config: Config) {
  return openDatabase(config).catch((err: unknown) => {
    // Another process owns the embedded database: say so plainly, not with a stack trace.
    if (err instanceof DataDirBusy) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  });
}

/** Migrates and seeds an empty database; the first process does it before any instance serves. */
async function prepare(database: Awaited<ReturnType<typeof openDatabase>>) {
  const seeded = await database.exclusive(async () => {
    await database.migrate();
    return seedIfEmpty(database.db, {
      scale: config.SEED_SCALE,
      onProgress: (step, done, total) => process.stdout.write(`\rSeeding ${step}: ${done}/${total}   `),
    });
  });
  if (seeded) process.stdout.write('\n');
}

function announce(port: number, kind: string, mailbox: boolean, noStaff: boolean) {
  const each =
    processes > 1 ? `, ${processes} processes` : config.CONCURRENCY > 1 ? `, ${config.CONCURRENCY} render threads` : '';
  console.log(
    `\nFacet is open at http://localhost:${port}/  (API: http://localhost:${port}/api, database: ${kind}${each})`,
  );
  if (mailbox) {
    console.log(
      `No SMTP_URL is set, so e-mails are not sent: read them at http://localhost:${port}/dev/mailbox (open only from this machine).`,
    );
  }
  if (noStaff) {
    console.log(
      'No back-office staff yet. Create the owner (the command prints a link to set the password):\n  npm run staff -- add you@example.com --role owner\nStop the store first when it runs on the embedded database.',
    );
  }
  console.log('');
}

/** The supervisor: prepares the database, starts one instance per core (CONCURRENCY), replaces one that dies. */
async function supervise() {
  const database = await open(config);
  await prepare(database);
  const noStaff = (await staffCount(database.db)) === 0;
  await database.close();
  let stopping = false;
  let listening = 0;
  const recentDeaths: number[] = [];
  const start = () => cluster.fork();
  cluster.on('listening', (_w, address) => {
    // As the outbox decides (mail/transport.ts): no SMTP and the dev mailbox not switched off.
    if (++listening === processes)
      announce(address.port, 'postgres', !config.SMTP_URL && devMailboxEnabled(config), noStaff);
  });
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    const now = Date.now();
    recentDeaths.push(now);
    while (recentDeaths[0]! < now - 60_000) recentDeaths.shift();
    // A process that keeps dying at start (bad configuration, database gone) stops the store.
    if (recentDeaths.length > processes * 3) {
      console.error('Server processes keep stopping; giving up.');
      process.exit(1);
    }
    console.error(`Server process ${worker.process.pid} stopped (${signal ?? code}); starting another.`);
    start();
  });
  for (let i = 0; i < processes; i++) start();
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(signal);
    setTimeout(() => process.exit(1), config.SHUTDOWN_DRAIN_MS + 12_000).unref();
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

/** One instance: the API and the storefront on one port. */
async function serve() {
  // Traces only with an OTLP endpoint; before anything else, so every span has its provider.
  const stopTracing = await startTracing();
  const database = await open(config);
  if (!isWorker) await prepare(database);

  const app = await buildApp({ config, database });
  await app.register(webPlugin, {
    config,
    devMailbox: devMailboxEnabled(config),
    renderThreads: !supervised && config.CONCURRENCY > 1 && config.FACET_DEV !== '1' ? config.CONCURRENCY : 0,
  });

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
    await stopTracing();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  // What this start compiled is on disk now, not only at a clean exit (server.ts).
  module.flushCompileCache?.();
  // Load the in-memory search copies now rather than on the first shopper's request.
  Promise.all([app.diamondIndex.warm(), warmCatalogue(database.db)]).catch((err) =>
    app.log.warn({ err }, 'catalogue copies: first load failed; the next request retries'),
  );
  if (isWorker) return;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  if (app.controlToken) writeControlFile(config.DATA_DIR, port, app.controlToken);
  announce(port, database.kind, app.outbox.transport.kind === 'mailbox', (await staffCount(database.db)) === 0);
}

// On PostgreSQL a supervisor runs even for one process, so a process that dies is replaced.
if (supervised && cluster.isPrimary) await supervise();
else await serve();
