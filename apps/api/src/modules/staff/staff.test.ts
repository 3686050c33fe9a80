import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client.ts';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { lastMail, signUp } from '../../test/accounts.ts';
import { adminCall, ORIGIN, STAFF_PASSWORD, staffSession } from '../../test/staff.ts';
import { addStaff, sealStoredTotpSecrets, totpNow } from './service.ts';
import { sealText } from '../../secrets.ts';

let t: TestApp;
beforeAll(async () => {
  // Many sign-ins from one test client: the per-address limit on sign-in routes has its own test.
  t = await buildTestApp({ RATE_LIMIT_AUTH_MAX: '500' }, { seed: false });
});
afterAll(() => t.close());

const login = (email: string, password = STAFF_PASSWORD, origin: string | undefined = ORIGIN) =>
  t.app.inject({
    method: 'POST',
    url: '/api/admin/auth/login',
    headers: origin ? { origin } : {},
    payload: { email, password },
  });
const cookieOf = (res: Awaited<ReturnType<typeof login>>) =>
  `facet_staff=${res.cookies.find((c) => c.name === 'facet_staff')!.value}`;

describe('staff sign-in', () => {
  it('a customer session opens nothing in the back office', async () => {
    const token = await signUp(t, 'shopper.admin@example.com');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/orders',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(401);
  });

  it('sets an HttpOnly, SameSite=Strict cookie and answers who is signed in', async () => {
    await addStaff(t.database.db, { email: 'mia@facet.test', role: 'manager', password: STAFF_PASSWORD }, null);
    const res = await login('MIA@facet.test');
    expect(res.statusCode).toBe(200);
    const c = res.cookies.find((x) => x.name === 'facet_staff')!;
    expect(c).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/' });
    const me = await adminCall(t, cookieOf(res), 'GET', '/auth/me');
    expect(me.json().data).toMatchObject({ email: 'mia@facet.test', role: 'manager' });
    expect(me.json().data.permissions).toContain('orders:refund');
    expect(me.json().data.permissions).not.toContain('staff:manage');
    expect(me.headers['cache-control']).toBe('private, no-store');
  });

  it('refuses a wrong password with one message, and locks the account after 5 failures', async () => {
    await addStaff(t.database.db, { email: 'lock@facet.test', role: 'support', password: STAFF_PASSWORD }, null);
    const wrong = await login('lock@facet.test', 'not-the-password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe((await login('nobody@facet.test', 'x')).json().message);
    for (let i = 0; i < 4; i++) await login('lock@facet.test', 'still-wrong');
    const locked = await login('lock@facet.test');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Too many failed sign-ins/);
  });

  it('refuses a state-changing request from another site, or with no Origin', async () => {
    await addStaff(t.database.db, { email: 'csrf@facet.test', role: 'owner', password: STAFF_PASSWORD }, null);
    const cookie = cookieOf(await login('csrf@facet.test'));
    for (const origin of ['https://evil.example', undefined]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/auth/logout-all',
        headers: { cookie, ...(origin ? { origin } : {}) },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toMatch(/Cross-site request refused/);
    }
    expect((await adminCall(t, cookie, 'GET', '/auth/me')).statusCode).toBe(200);
  });

  it('ends a session after the idle timeout and after its absolute lifetime', async () => {
    await addStaff(t.database.db, { email: 'idle@facet.test', role: 'support', password: STAFF_PASSWORD }, null);
    const idle = cookieOf(await login('idle@facet.test'));
    const old = cookieOf(await login('idle@facet.test'));
    await t.database.db.execute(sql`update staff_session set last_seen_at = now() - interval '31 minutes'
      where id = (select min(id) from staff_session where staff_id = (select id from staff where email = 'idle@facet.test'))`);
    expect((await adminCall(t, idle, 'GET', '/auth/me')).statusCode).toBe(401);
    expect((await adminCall(t, old, 'GET', '/auth/me')).statusCode).toBe(200);
    await t.database.db.execute(sql`update staff_session set expires_at = now() - interval '1 second'
      where staff_id = (select id from staff where email = 'idle@facet.test')`);
    expect((await adminCall(t, old, 'GET', '/auth/me')).statusCode).toBe(401);
  });

  it('signs out one session, or every session at once', async () => {
    await addStaff(t.database.db, { email: 'out@facet.test', role: 'support', password: STAFF_PASSWORD }, null);
    const a = cookieOf(await login('out@facet.test'));
    const b = cookieOf(await login('out@facet.test'));
    const c = cookieOf(await login('out@facet.test'));
    expect((await adminCall(t, a, 'POST', '/auth/logout')).statusCode).toBe(200);
    expect((await adminCall(t, a, 'GET', '/auth/me')).statusCode).toBe(401);
    expect((await adminCall(t, b, 'GET', '/auth/me')).statusCode).toBe(200);
    expect((await adminCall(t, b, 'POST', '/auth/logout-all')).statusCode).toBe(200);
    expect((await adminCall(t, c, 'GET', '/auth/me')).statusCode).toBe(401);
  });

  it('a set-password link works once, then the member signs in with the password', async () => {
    const { setPasswordToken } = await addStaff(t.database.db, { email: 'new@facet.test', role: 'fulfilment' }, null);
    expect((await login('new@facet.test')).statusCode).toBe(400);
    const set = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/auth/set-password',
        headers: { origin: ORIGIN },
        payload: { token, password: STAFF_PASSWORD },
      });
    expect((await set(setPasswordToken!)).statusCode).toBe(200);
    expect((await set(setPasswordToken!)).statusCode).toBe(400);
    expect((await login('new@facet.test')).statusCode).toBe(200);
  });
});

describe('two-factor sign-in', () => {
  it('once enabled, the password alone opens nothing until the current code is given', async () => {
    const { cookie } = await staffSession(t, 'manager', 'totp@facet.test');
    const setup = await adminCall(t, cookie, 'POST', '/auth/totp/setup');
    const { secret, uri } = setup.json().data as { secret: string; uri: string };
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect((await adminCall(t, cookie, 'POST', '/auth/totp/enable', { code: '000000' })).statusCode).toBe(400);
    expect((await adminCall(t, cookie, 'POST', '/auth/totp/enable', { code: await totpNow(secret) })).statusCode).toBe(
      200,
    );

    const res = await login('totp@facet.test');
    expect(res.json().data).toEqual({ status: 'totp-required' });
    const half = cookieOf(res);
    expect((await adminCall(t, half, 'GET', '/orders')).statusCode).toBe(401);
    expect((await adminCall(t, half, 'POST', '/auth/totp', { code: '123456' })).statusCode).toBe(400);
    const done = await adminCall(t, half, 'POST', '/auth/totp', { code: await totpNow(secret) });
    expect(done.statusCode).toBe(200);
    expect((await adminCall(t, half, 'GET', '/orders')).statusCode).toBe(200);
  });

  it('the authenticator secret is kept sealed: neither the database nor a backup can read it', async () => {
    const { cookie } = await staffSession(t, 'manager', 'sealed@facet.test');
    const { secret } = (await adminCall(t, cookie, 'POST', '/auth/totp/setup')).json().data as { secret: string };
    const stored = async () =>
      rowsOf<{ s: string }>(
        await t.database.db.execute(sql`select totp_secret as s from staff where email = 'sealed@facet.test'`),
      )[0]!.s;
    const kept = await stored();
    expect(kept).toMatch(/^v1:/);
    expect(kept).not.toContain(secret);
    expect(Buffer.from(kept.slice(3), 'base64url').toString('latin1')).not.toContain(secret);
    await adminCall(t, cookie, 'POST', '/auth/totp/enable', { code: await totpNow(secret) });
    // A secret an earlier release stored readable is sealed at start, and still signs in.
    await t.database.db.execute(sql`update staff set totp_secret = ${secret} where email = 'sealed@facet.test'`);
    await sealStoredTotpSecrets(t.database.db, t.config);
    expect(await stored()).toMatch(/^v1:/);
    const half = cookieOf(await login('sealed@facet.test'));
    expect((await adminCall(t, half, 'POST', '/auth/totp', { code: await totpNow(secret) })).statusCode).toBe(200);
    // Sealed under another store's key, it opens nothing (the code is refused, not a 500).
    await t.database.db.execute(
      sql`update staff set totp_secret = ${sealText(randomBytes(32), secret)} where email = 'sealed@facet.test'`,
    );
    const other = cookieOf(await login('sealed@facet.test'));
    expect((await adminCall(t, other, 'POST', '/auth/totp', { code: await totpNow(secret) })).statusCode).toBe(400);
  });

  it('a code completes one sign-in only: the same code, or an older one, is refused after', async () => {
    const { cookie } = await staffSession(t, 'manager', 'replay@facet.test');
    const { secret } = (await adminCall(t, cookie, 'POST', '/auth/totp/setup')).json().data as { secret: string };
    await adminCall(t, cookie, 'POST', '/auth/totp/enable', { code: await totpNow(secret) });
    const half = async () => cookieOf(await login('replay@facet.test'));
    const [a, b, c] = [await half(), await half(), await half()];
    const code = await totpNow(secret);
    // Sent at once to both (as two instances would get them): one is accepted.
    const both = await Promise.all([
      adminCall(t, a, 'POST', '/auth/totp', { code }),
      adminCall(t, b, 'POST', '/auth/totp', { code }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(both.find((r) => r.statusCode === 400)!.json().message).toMatch(/used already/);
    // And again later, on a third sign-in.
    const again = await adminCall(t, c, 'POST', '/auth/totp', { code });
    expect(again.statusCode).toBe(400);
    expect((await adminCall(t, c, 'GET', '/orders')).statusCode).toBe(401);
  });

  it('a member who lost their phone signs in once with each recovery code, and is e-mailed each time', async () => {
    const { cookie } = await staffSession(t, 'manager', 'lostphone@facet.test');
    const setup = (await adminCall(t, cookie, 'POST', '/auth/totp/setup')).json().data;
    // The QR code is drawn here: a path on the grid, no outside service.
    expect(setup.qrSize).toBeGreaterThan(20);
    expect(setup.qrPath).toMatch(/^M\d+ \d+h1v1h-1z/);
    const enabled = await adminCall(t, cookie, 'POST', '/auth/totp/enable', { code: await totpNow(setup.secret) });
    const codes = enabled.json().data.codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    // Kept as keyed hashes: the table holds none of them.
    const kept = rowsOf<{ h: string }>(
      await t.database.db.execute(
        sql`select code_hash as h from staff_recovery_code r join staff s on s.id = r.staff_id where s.email = 'lostphone@facet.test'`,
      ),
    );
    expect(kept).toHaveLength(10);
    for (const c of codes) expect(kept.map((k) => k.h).join()).not.toContain(c.replace('-', ''));

    const half = async () => cookieOf(await login('lostphone@facet.test'));
    const first = await half();
    expect((await adminCall(t, first, 'POST', '/auth/recovery', { code: 'AAAAA-AAAAA' })).statusCode).toBe(400);
    // Typed in lower case without the dash, it still works.
    const ok = await adminCall(t, first, 'POST', '/auth/recovery', { code: codes[0]!.replace('-', '').toLowerCase() });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.recoveryCodesLeft).toBe(9);
    expect((await adminCall(t, first, 'GET', '/orders')).statusCode).toBe(200);
    const notice = await lastMail(t, 'lostphone@facet.test', 'staff-recovery-used');
    expect(notice.text).toContain('9 recovery codes left');
    // Spent: the same code opens nothing on the next sign-in.
    const second = await half();
    expect((await adminCall(t, second, 'POST', '/auth/recovery', { code: codes[0]! })).statusCode).toBe(400);
    expect((await adminCall(t, second, 'GET', '/orders')).statusCode).toBe(401);
    // New codes replace the old list.
    const remade = (await adminCall(t, first, 'POST', '/auth/recovery-codes')).json().data.codes as string[];
    expect((await adminCall(t, second, 'POST', '/auth/recovery', { code: codes[1]! })).statusCode).toBe(400);
    expect((await adminCall(t, second, 'POST', '/auth/recovery', { code: remade[0]! })).statusCode).toBe(200);
  });

  it('the owner resets another member’s two-factor: their sessions end, they are e-mailed, it is audited', async () => {
    const owner = await staffSession(t, 'owner', 'resetter@facet.test');
    const member = await staffSession(t, 'fulfilment', 'newphone@facet.test');
    const { secret } = (await adminCall(t, member.cookie, 'POST', '/auth/totp/setup')).json().data;
    await adminCall(t, member.cookie, 'POST', '/auth/totp/enable', { code: await totpNow(secret) });
    const id = (await adminCall(t, member.cookie, 'GET', '/auth/me')).json().data.id as number;

    // Only the owner (staff:manage) may, and not on themself.
    const manager = await staffSession(t, 'manager', 'notowner@facet.test');
    expect((await adminCall(t, manager.cookie, 'POST', `/staff/${id}/reset-totp`)).statusCode).toBe(403);
    const ownerId = (await adminCall(t, owner.cookie, 'GET', '/auth/me')).json().data.id as number;
    expect((await adminCall(t, owner.cookie, 'POST', `/staff/${ownerId}/reset-totp`)).statusCode).toBe(409);

    const reset = await adminCall(t, owner.cookie, 'POST', `/staff/${id}/reset-totp`);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data).toMatchObject({ totpEnabled: false, recoveryCodesLeft: 0 });
    expect((await adminCall(t, member.cookie, 'GET', '/orders')).statusCode).toBe(401);
    expect((await login('newphone@facet.test')).json().data.status).toBe('signed-in');
    expect((await lastMail(t, 'newphone@facet.test', 'staff-totp-reset')).text).toContain('resetter@facet.test');
    const [entry] = rowsOf<{ who: string }>(
      await t.database.db.execute(
        sql`select staff_email as who from audit_log where action = 'staff.totp-reset' and entity_id = ${String(id)}`,
      ),
    );
    expect(entry?.who).toBe('resetter@facet.test');
    // Nothing left to reset.
    expect((await adminCall(t, owner.cookie, 'POST', `/staff/${id}/reset-totp`)).statusCode).toBe(409);
  });

  it('when the owner requires it, members without it can only reach their account', async () => {
    const owner = await staffSession(t, 'owner');
    const member = await staffSession(t, 'support');
    // An owner without a second factor would lock themselves out: they enrol first.
    const early = await adminCall(t, owner.cookie, 'PUT', '/settings/require-totp', { required: true });
    expect(early.statusCode).toBe(409);
    const { secret } = (await adminCall(t, owner.cookie, 'POST', '/auth/totp/setup')).json().data;
    await adminCall(t, owner.cookie, 'POST', '/auth/totp/enable', { code: await totpNow(secret) });
    expect((await adminCall(t, owner.cookie, 'PUT', '/settings/require-totp', { required: true })).statusCode).toBe(
      200,
    );
    const refused = await adminCall(t, member.cookie, 'GET', '/orders');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/two-factor/);
    expect((await adminCall(t, member.cookie, 'GET', '/auth/me')).statusCode).toBe(200);
    expect((await adminCall(t, owner.cookie, 'PUT', '/settings/require-totp', { required: false })).statusCode).toBe(
      200,
    );
    expect((await adminCall(t, member.cookie, 'GET', '/orders')).statusCode).toBe(200);
  });
});

const addStaffBy = (cookie: string, body: { email: string; role: string }) =>
  adminCall(t, cookie, 'POST', '/staff', body);

describe('audit log', () => {
  it('records a refused write: who tried what, when, and why it was refused', async () => {
    const manager = await staffSession(t, 'manager');
    const owner = await addStaffBy(manager.cookie, { email: 'would-be-owner@facet.test', role: 'owner' });
    const totp = await adminCall(t, manager.cookie, 'PUT', '/settings/require-totp', { required: false });
    expect([owner.statusCode, totp.statusCode]).toEqual([403, 403]);
    const rows = rowsOf<{ staff_email: string; entity_id: string; after: { reason: string } }>(
      await t.database.db.execute(
        sql`select staff_email, entity_id, after from audit_log where action = 'denied' and staff_email = ${manager.email} order by id`,
      ),
    );
    expect(rows.map((r) => r.entity_id)).toEqual(['POST /api/admin/staff', 'PUT /api/admin/settings/require-totp']);
    expect(rows[1]!.after.reason).toBe('Your role does not allow this.');
    // Reading is not a write: a refused read leaves no entry.
    const support = await staffSession(t, 'support');
    expect((await adminCall(t, support.cookie, 'GET', '/staff')).statusCode).toBe(403);
    const [n] = rowsOf<{ n: number }>(
      await t.database.db.execute(sql`select count(*)::int as n from audit_log where staff_email = ${support.email}`),
    );
    expect(n!.n).toBe(0);
  });

  it('records staff writes and cannot be changed or deleted, even by the application', async () => {
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => 'allowed',
        (e: Error & { cause?: Error }) => `${e.message} ${e.cause?.message ?? ''}`,
      );
    expect(await refusal(t.database.db.execute(sql`update audit_log set action = 'x'`))).toMatch(/append-only/);
    expect(await refusal(t.database.db.execute(sql`delete from audit_log`))).toMatch(/append-only/);
    expect(await refusal(t.database.db.execute(sql`truncate audit_log`))).toMatch(/append-only/);
    expect(await refusal(t.database.db.execute(sql`truncate order_event`))).toMatch(/append-only/);
    const [row] = rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from audit_log`));
    expect(row!.n).toBeGreaterThan(0);
  });
});
