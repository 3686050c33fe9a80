import { afterAll, describe, expect, it } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase, rowsOf } from '../db/client.ts';
import { sql } from 'drizzle-orm';
import { createRun } from '../modules/imports/service.ts';

// The import command as a jeweller runs it, on the embedded database of a stopped store.
const dir = mkdtempSync(path.join(os.tmpdir(), 'facet-import-'));
const root = path.resolve(import.meta.dirname, '../../../..');
const sample = path.join(root, 'samples/feeds/acme-diamonds.csv');
const products = path.join(root, 'samples/feeds/stuller-products.json');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const { DATABASE_URL: _pg, ...env } = process.env;
const importCli = (...args: string[]) =>
  spawnSync(process.execPath, [path.join(import.meta.dirname, 'import.ts'), ...args], {
    env: { ...env, DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 120_000,
  });
/** The command run without blocking this process (a test's HTTP server must answer it). */
const importCliAsync = (extraEnv: Record<string, string>, ...args: string[]) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, 'import.ts'), ...args], {
      env: { ...env, DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'silent', ...extraEnv },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });

describe('npm run import -- diamonds', () => {
  it('dry run, apply, apply again; exit 0 with a report when rows are refused, non-zero when the file is unusable', () => {
    const dry = importCli('diamonds', sample, '--supplier', 'ACME', '--dry-run');
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('Dry run — nothing written');
    expect(dry.stdout).toContain('rows 8 · listable 4 · not available 1 · refused 3');
    expect(dry.stdout).toContain('line 7: Shape "Blob": unknown shape "Blob"');

    const report = path.join(dir, 'errors.csv');
    const applied = importCli('diamonds', sample, '--supplier', 'ACME', '--report', report);
    expect(applied.status, applied.stderr).toBe(0);
    expect(applied.stdout).toContain('new 4 · price changed 0 · grade changed 0 · unchanged 0');
    const again = importCli('diamonds', sample, '--supplier', 'ACME');
    expect(again.stdout).toContain('new 0 · price changed 0 · grade changed 0 · unchanged 4');

    const bad = path.join(dir, 'bad.csv');
    writeFileSync(bad, 'Name,Value\nx,1\n');
    const unusable = importCli('diamonds', bad, '--supplier', 'ACME');
    expect(unusable.status).toBe(1);
    expect(unusable.stderr).toContain('This file cannot be imported: No column for stock');
    expect(importCli('diamonds', path.join(dir, 'missing.csv'), '--supplier', 'ACME').status).toBe(2);
  }, 120_000);

  it('refuses to start while the supplier has an import running, naming it', async () => {
    // The embedded database the command used (CI's PostgreSQL run sets DATABASE_URL; not for this).
    const config = {
      ...loadConfig({ DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'silent' }),
      DATABASE_URL: undefined,
    };
    const database = await openDatabase(config);
    const live = await createRun(database.db, {
      supplier: 'ACME',
      kind: 'diamonds',
      dryRun: false,
      full: false,
      source: 'upload',
      fileName: 'running.csv',
    });
    await database.close();
    const busy = importCli('diamonds', sample, '--supplier', 'ACME');
    expect(busy.status).toBe(3);
    expect(busy.stderr).toContain(`An import for ACME is already running`);
    expect(busy.stderr).toContain(live.id);
  }, 120_000);
});

describe('npm run import -- diamonds, with photographs', () => {
  it('queues the stones’ photographs for the store’s background jobs, as an upload in the back office does', async () => {
    const lines = readFileSync(sample, 'utf8').trimEnd().split('\n');
    const withPhoto = [
      lines[0],
      `${lines[1]!.replace(/^AC-10001/, 'PH-1').replace(/,$/, '')},https://images.supplier.example/ph-1.jpg`,
    ];
    const file = path.join(dir, 'photos.csv');
    writeFileSync(file, `${withPhoto.join('\n')}\n`);
    const applied = importCli('diamonds', file, '--supplier', 'PHOTO');
    expect(applied.status, applied.stderr).toBe(0);
    expect(applied.stdout).toContain('photographs to fetch: 1');
    const config = {
      ...loadConfig({ DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'silent' }),
      DATABASE_URL: undefined,
    };
    const database = await openDatabase(config);
    try {
      const waiting = await database.db.execute(
        sql`select f.url, f.state from stone_media_fetch f join diamond d on d.id = f.stone_id where d.supplier_stock = 'PH-1'`,
      );
      expect(rowsOf(waiting)).toEqual([{ url: 'https://images.supplier.example/ph-1.jpg', state: 'waiting' }]);
      const jobs = await database.db.execute(
        sql`select count(*)::int as n from pgboss.job where name = 'stone-media' and data->>'url' = 'https://images.supplier.example/ph-1.jpg'`,
      );
      expect(rowsOf<{ n: number }>(jobs)[0]!.n).toBe(1);
    } finally {
      await database.close();
    }
  }, 120_000);
});

describe('npm run import -- products', () => {
  it('imports a product feed file: refused products listed, new groups waiting for a category', () => {
    const dry = importCli('products', products, '--supplier', 'STUL', '--dry-run');
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('products 6 · refused 1');
    expect(dry.stdout).toContain(
      'product 6: Quality "Sterling Silver": metal quality "Sterling Silver" is not one the store sells',
    );
    const applied = importCli('products', products, '--supplier', 'STUL');
    expect(applied.status, applied.stderr).toBe(0);
    expect(applied.stdout).toContain('waiting for a category 2');
    expect(applied.stdout).toContain('no category yet: "Round Solitaire Engagement Ring Mounting" (1 design)');
    const notJson = importCli('products', sample, '--supplier', 'STUL');
    expect(notJson.status).toBe(1);
    expect(notJson.stderr).toContain('not a product feed in JSON');
  }, 120_000);

  it('fetches a product feed from a URL page by page; refuses a URL on the server’s own network', async () => {
    const server = http.createServer((req, res) => {
      const page = new URL(req.url!, 'http://x').searchParams.get('NextPage');
      const body = JSON.parse(readFileSync(products, 'utf8')) as { Products: unknown[] };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(
          page
            ? { Products: body.Products.slice(3), NextPage: null }
            : { Products: body.Products.slice(0, 3), NextPage: 'two' },
        ),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const port = (server.address() as AddressInfo).port;
    try {
      const url = `http://127.0.0.1:${port}/v2/products`;
      const fetched = await importCliAsync(
        { FEED_FETCH_ALLOW: `127.0.0.1:${port}` },
        'products',
        url,
        '--supplier',
        'WEB',
        '--dry-run',
      );
      expect(fetched.status, fetched.stderr).toBe(0);
      expect(fetched.stdout).toContain('Fetched 2 pages');
      expect(fetched.stdout).toContain('products 6 · refused 1');
      const refused = await importCliAsync({}, 'products', url, '--supplier', 'WEB');
      expect(refused.status).toBe(1);
      expect(refused.stderr).toMatch(/Cannot fetch .*private or local address/);
    } finally {
      server.close();
    }
  }, 120_000);
});
