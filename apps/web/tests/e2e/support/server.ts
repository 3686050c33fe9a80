import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../../../..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });

export interface OwnServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
  output(): string;
}

/**
 * A second store, started by a test that needs settings of its own (tight rate limits) so it
 * cannot disturb the shared one. Same built storefront, its own small database.
 */
export async function startOwnServer(
  env: Record<string, string>,
  opts: { dataDir?: string; keepData?: boolean; startWithinMs?: number; nice?: number } = {},
): Promise<OwnServer> {
  const port = await freePort();
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'facet-own-'));
  let out = '';
  const child: ChildProcess = spawn(process.execPath, ['apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      SEED_SCALE: '0.05',
      SHUTDOWN_DRAIN_MS: '0',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Lower the store's priority (threads it starts inherit it): a machine busier than it can win against.
  if (opts.nice) os.setPriority(child.pid!, opts.nice);
  child.stdout!.on('data', (d) => {
    out += d;
  });
  child.stderr!.on('data', (d) => {
    out += d;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.startWithinMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start: ${out}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    output: () => out,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      if (!opts.keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
