import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { openDatabase, rowsOf } from '../db/client.ts';

// The staff command as the owner runs it on the store's machine: the last resort when they have lost
// their phone and their recovery codes.
const dir = mkdtempSync(path.join(os.tmpdir(), 'facet-staff-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const { DATABASE_URL: _pg, ...env } = process.env;
const staffCli = (args: string[], input?: string) =>
  spawnSync(process.execPath, [path.join(import.meta.dirname, 'staff.ts'), ...args], {
    env: { ...env, DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    input,
    timeout: 120_000,
  });

async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<T>) {
  const database = await openDatabase({
    ...loadConfig({ DATA_DIR: path.join(dir, 'data'), LOG_LEVEL: 'silent' }),
    DATABASE_URL: undefined,
  });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

describe('npm run staff -- reset-2fa', () => {
  it('turns the owner’s two-factor off, ends their sessions, e-mails and audits it; refuses an unknown member', async () => {
    const added = staffCli(['add', 'owner@facet.test', '--role', 'owner'], 'Loupe-and-Tweezers-42\n');
    expect(added.status, added.stderr).toBe(0);
    // The owner had set two-factor up and was signed in somewhere.
    await withDatabase(async (db) => {
      await db.execute(
        sql`update staff set totp_enabled = true, totp_secret = 'JBSWY3DPEHPK3PXP' where email = 'owner@facet.test'`,
      );
      await db.execute(sql`insert into staff_session (staff_id, token_hash, expires_at)
        select id, 'a-session-hash', now() + interval '1 day' from staff where email = 'owner@facet.test'`);
    });

    expect(staffCli(['reset-2fa']).status).toBe(2);
    const unknown = staffCli(['reset-2fa', 'nobody@facet.test']);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('nobody@facet.test is not a staff member.');

    const reset = staffCli(['reset-2fa', 'Owner@Facet.test']);
    expect(reset.status, reset.stderr).toBe(0);
    expect(reset.stdout).toContain('Two-factor sign-in is off for owner@facet.test');
    await withDatabase(async (db) => {
      const [member] = rowsOf<{ on: boolean; secret: string | null; sessions: number }>(
        await db.execute(sql`select s.totp_enabled as on, s.totp_secret as secret,
          (select count(*)::int from staff_session x where x.staff_id = s.id and x.revoked_at is null) as sessions
          from staff s where email = 'owner@facet.test'`),
      );
      expect(member).toEqual({ on: false, secret: null, sessions: 0 });
      const mails = rowsOf<{ n: number }>(
        await db.execute(
          sql`select count(*)::int as n from outbox_mail where to_address = 'owner@facet.test' and kind = 'staff-totp-reset'`,
        ),
      );
      expect(mails[0]!.n).toBe(1);
      const audits = rowsOf<{ n: number }>(
        await db.execute(
          sql`select count(*)::int as n from audit_log where action = 'staff.totp-reset' and staff_email = 'command line'`,
        ),
      );
      expect(audits[0]!.n).toBe(1);
    });
  }, 180_000);
});
