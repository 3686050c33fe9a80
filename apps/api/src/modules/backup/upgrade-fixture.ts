// node apps/api/src/modules/backup/upgrade-fixture.ts <checkout of the previous release>
//
// Writes fixtures/previous-release.backup: a small store made by the previous release's own code
// (its migrations, seed and services place the orders, register the accounts and add the owner),
// backed up by this code. The upgrade test restores it and starts the current code on it. Run it
// again whenever the backup format changes, or at each release, from a checkout of the release
// before (git worktree add /tmp/prev <tag>; link its node_modules to this checkout's).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { backupKey, makeBackup } from './service.ts';

export const FIXTURE = path.join(import.meta.dirname, 'fixtures/previous-release.backup');
export const FIXTURE_STAFF = { email: 'owner@facet.test', password: 'Loupe-and-Tweezers-42' };
export const FIXTURE_CUSTOMERS = ['ada@example.com', 'grace@example.com', 'hedy@example.com'];
export const FIXTURE_CUSTOMER_PASSWORD = 'Brilliant$Cut2026';
/** The fixture store's secret key: a backup is signed with it, and the upgrade test restores with it. */
export const FIXTURE_SECRET_KEY = 'previous-release-fixture-secret-key';

async function main() {
  const root = process.argv[2];
  if (!root) throw new Error('Usage: node apps/api/src/modules/backup/upgrade-fixture.ts <previous release checkout>');
  const prev = (p: string) => import(pathToFileURL(path.join(path.resolve(root), 'apps/api/src', p)).href);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'facet-fixture-'));
  try {
    const old = {
      config: await prev('config.ts'),
      client: await prev('db/client.ts'),
      seed: await prev(fs.existsSync(path.join(root, 'apps/api/src/seed')) ? 'seed/seed.ts' : 'db/seed/seed.ts'),
      app: await prev('app.ts'),
      accounts: await prev('test/accounts.ts'),
      staffTest: await prev('test/staff.ts'),
      staff: await prev('modules/staff/service.ts'),
    };
    const config = old.config.loadConfig({
      DATA_DIR: dataDir,
      SEED_SCALE: '0.02',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_ORDER_MAX: '1000',
    });
    const database = await old.client.openDatabase(config);
    await database.migrate();
    await old.seed.seedAll(database.db, { scale: 0.02 });
    const app = await old.app.buildApp({ config, database, logger: false, jobWorkers: false });
    await app.ready();
    const t = { app, database, config };
    for (const email of FIXTURE_CUSTOMERS) await old.accounts.signUp(t, email, FIXTURE_CUSTOMER_PASSWORD);
    await old.staff.addStaff(database.db, { ...FIXTURE_STAFF, role: 'owner' }, null);
    const orders = [];
    for (let i = 0; i < 4; i++) orders.push((await old.staffTest.placeDiamondOrder(t, `buyer${i}@example.com`)).number);
    await app.close();
    await database.close();

    // This code reads it as it is (no migration): the backup is at the previous release's schema.
    const currentConfig = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', SECRET_KEY: FIXTURE_SECRET_KEY });
    const current = await openDatabase(currentConfig);
    try {
      const header = await makeBackup(current, FIXTURE, backupKey(currentConfig));
      console.log(`Wrote ${FIXTURE}: schema ${header.schema.tag}, ${header.bytes} bytes, orders ${orders.join(', ')}`);
    } finally {
      await current.close();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) await main();
