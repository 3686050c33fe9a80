#!/usr/bin/env node
// Runs the Playwright suite against the built app on a random free port with a fresh database.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ensureChromium } from './chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

const chromium = ensureChromium();
if (!process.argv.includes('--no-build')) {
  const b = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'facet-e2e-'));
// Back-office staff for the admin tests, made as a store owner would: the staff command, before the
// store starts (it owns the embedded database while it runs).
const STAFF_PASSWORD = 'Loupe-and-Tweezers-42';
for (const role of ['owner', 'manager', 'fulfilment', 'support', 'sales']) {
  const r = spawnSync(process.execPath, ['apps/api/src/cli/staff.ts', 'add', `${role}@facet.test`, '--role', role], {
    cwd: root,
    input: STAFF_PASSWORD,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (r.status !== 0) {
    console.error(r.stdout, r.stderr);
    process.exit(1);
  }
}
const port = await freePort();
const smtpPort = await freePort();
const mailPort = await freePort();
// A supplier's image and video server the stone-media test starts; the store may fetch from it.
const mediaPort = await freePort();
const extra = process.argv.slice(2).filter((a) => a !== '--no-build');
const r = spawnSync('npx', ['playwright', 'test', '-c', 'apps/web/playwright.config.ts', ...extra], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    E2E_PORT: String(port),
    E2E_SMTP_PORT: String(smtpPort),
    E2E_MAIL_PORT: String(mailPort),
    E2E_MEDIA_PORT: String(mediaPort),
    E2E_DATA_DIR: dataDir,
    E2E_STAFF_PASSWORD: STAFF_PASSWORD,
    CHROMIUM_PATH: chromium,
  },
});
rmSync(dataDir, { recursive: true, force: true });
process.exit(r.status ?? 1);
