import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { postgresMediaStore, s3MediaStore } from '../modules/media-store/index.ts';
import { startS3, type TestS3 } from '../test/s3-server.ts';

// The documented move of a stopped embedded store's media into a bucket, and back.
const dir = mkdtempSync(path.join(os.tmpdir(), 'facet-media-copy-'));
let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(async () => {
  await s3?.close();
  rmSync(dir, { recursive: true, force: true });
});

const { DATABASE_URL: _pg, ...env } = process.env;
const copyCli = (extra: Record<string, string>, ...args: string[]) =>
  new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [path.join(import.meta.dirname, 'media-copy.ts'), ...args], {
      env: { ...env, DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'silent', ...extra },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });

describe('npm run media:copy', () => {
  it('copies the database’s files into the bucket and back; without a bucket or a direction it says how to run it', async () => {
    const config = {
      ...loadConfig({ DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'silent' }),
      DATABASE_URL: undefined,
    };
    let database = await openDatabase(config);
    await database.migrate();
    await postgresMediaStore(database.db).put(
      'photo/abcdefghijklmnop/large.webp',
      Buffer.from('RIFF-webp'),
      'image/webp',
    );
    await postgresMediaStore(database.db).put('report/diamond-7.pdf', Buffer.from('%PDF-7'), 'application/pdf');
    await database.close();

    const bucket = s3.url('moved');
    expect((await copyCli({}, '--to', 'bucket')).status).toBe(2);
    const usage = await copyCli({ MEDIA_S3_URL: bucket }, '--to', 'somewhere');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run media:copy -- --to bucket|database');

    const up = await copyCli({ MEDIA_S3_URL: bucket }, '--to', 'bucket');
    expect(up.status, up.stderr).toBe(0);
    expect(up.stdout).toMatch(/^Copied 2 files from the database to http:\/\/127\.0\.0\.1:\d+\/moved\//);
    const store = await s3MediaStore(bucket);
    expect(await store.get('report/diamond-7.pdf')).toEqual({ bytes: Buffer.from('%PDF-7'), type: 'application/pdf' });

    await store.put('photo/qrstuvwxyzabcdef/large.webp', Buffer.from('RIFF-later'), 'image/webp');
    const down = await copyCli({ MEDIA_S3_URL: bucket }, '--to', 'database');
    expect(down.status, down.stderr).toBe(0);
    expect(down.stdout).toContain('Copied 3 files from');
    database = await openDatabase(config);
    try {
      expect((await postgresMediaStore(database.db).get('photo/qrstuvwxyzabcdef/large.webp'))?.bytes).toEqual(
        Buffer.from('RIFF-later'),
      );
    } finally {
      await database.close();
    }
  }, 120_000);
});
