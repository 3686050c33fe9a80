import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createRun } from '../modules/imports/service.ts';

// The import command as a jeweller runs it, on the embedded database of a stopped store.
const dir = mkdtempSync(path.join(os.tmpdir(), 'facet-import-'));
const root = path.resolve(import.meta.dirname, '../../../..');
const sample = path.join(root, 'samples/feeds/acme-diamonds.csv');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const { DATABASE_URL: _pg, ...env } = process.env;
const importCli = (...args: string[]) =>
  spawnSync(process.execPath, [path.join(import.meta.dirname, 'import.ts'), ...args], {
    env: { ...env, DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 120_000,
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
