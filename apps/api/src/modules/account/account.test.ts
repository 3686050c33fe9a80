import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { MSG } from '@facet/contracts/messages';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { ageCode, codeIn, GOOD_PASSWORD, lastMail, post, resetTokenIn, signUp } from '../../test/accounts.ts';
import { rowsOf } from '../../db/client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_AUTH_MAX: '1000' }, { seed: false });
});
afterAll(async () => {
  await t.close();
});

const register = (email: string, extra: Record<string, unknown> = {}, password = GOOD_PASSWORD) =>
  post(t, '/api/user/register', { firstName: 'Grace', lastName: 'Hopper', email, password, ...extra });
const getUser = (token: string) =>
  t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${token}` } });

describe('registration and e-mail verification', () => {
  it('registers with a verify-only token, mails a 6-digit code, and verifies into a session', async () => {
    const reg = await register('grace@example.com');
    expect(reg.statusCode).toBe(200);
    const ticket = reg.json().data;
    expect(ticket).toMatchObject({ emailVerified: 0, email: 'grace@example.com', firstName: 'Grace' });
    // A verify-only token opens nothing else.
    expect((await getUser(ticket.token)).statusCode).toBe(401);
    const mail = await lastMail(t, 'grace@example.com', 'verify-code');
    const code = codeIn(mail.subject);
    expect(code).toMatch(/^\d{6}$/);
    expect(mail.text).toContain(code);
    const ver = await post(t, '/api/user/verify-otp', { otp: code }, ticket.token);
    expect(ver.statusCode).toBe(200);
    const user = ver.json().data;
    expect(user).toMatchObject({ emailVerified: 1, firstName: 'Grace', email: 'grace@example.com' });
    expect((await getUser(user.token)).json().data.firstName).toBe('Grace');
    // Used code and used verify token both fail.
    expect((await post(t, '/api/user/verify-otp', { otp: code }, ticket.token)).statusCode).toBe(401);
  });

  it('stores codes and tokens only as hashes', async () => {
    await register('hashes@example.com');
    const code = codeIn((await lastMail(t, 'hashes@example.com', 'verify-code')).subject);
    const rows = rowsOf<{ code_hash: string }>(await t.database.db.execute(sql`select code_hash from email_code`));
    expect(rows.every((r) => r.code_hash.length === 64 && !r.code_hash.includes(code))).toBe(true);
    const pending = rowsOf<{ h: string }>(
      await t.database.db.execute(sql`
      select pending_password_hash as h from user_token where user_id = (select id from app_user where email = 'hashes@example.com')`),
    );
    expect(pending[0]!.h).toMatch(/^\$argon2id\$/);
    await signUp(t, 'hashes2@example.com');
    const pw = rowsOf<{ password_hash: string }>(
      await t.database.db.execute(sql`select password_hash from app_user where email = 'hashes2@example.com'`),
    );
    expect(pw[0]!.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('stops guessing after 5 wrong codes, and a resend does not reset the count', async () => {
    const ticket = (await register('brute@example.com')).json().data;
    const real = codeIn((await lastMail(t, 'brute@example.com', 'verify-code')).subject);
    const wrong = real === '000000' ? '111111' : '000000';
    for (let i = 0; i < 3; i++)
      expect((await post(t, '/api/user/verify-otp', { otp: wrong }, ticket.token)).statusCode).toBe(400);
    await ageCode(t, 'brute@example.com', 61);
    expect((await post(t, '/api/user/resend-verify-otp', {}, ticket.token)).statusCode).toBe(200);
    const fresh = codeIn((await lastMail(t, 'brute@example.com', 'verify-code')).subject);
    for (let i = 0; i < 2; i++)
      expect(
        (await post(t, '/api/user/verify-otp', { otp: fresh === wrong ? '222222' : wrong }, ticket.token)).statusCode,
      ).toBeGreaterThanOrEqual(400);
    // Five failures in all: even the right code is refused now.
    const locked = await post(t, '/api/user/verify-otp', { otp: fresh }, ticket.token);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Too many wrong codes/);
  });

  it('throttles resend to once a minute with Retry-After, and a new code invalidates the old', async () => {
    const ticket = (await register('resend@example.com')).json().data;
    const first = codeIn((await lastMail(t, 'resend@example.com', 'verify-code')).subject);
    const soon = await post(t, '/api/user/resend-verify-otp', {}, ticket.token);
    expect(soon.statusCode).toBe(429);
    expect(Number(soon.headers['retry-after'])).toBeGreaterThan(50);
    await ageCode(t, 'resend@example.com', 61);
    expect((await post(t, '/api/user/resend-verify-otp', {}, ticket.token)).statusCode).toBe(200);
    const second = codeIn((await lastMail(t, 'resend@example.com', 'verify-code')).subject);
    if (first !== second)
      expect((await post(t, '/api/user/verify-otp', { otp: first }, ticket.token)).statusCode).toBe(400);
    expect((await post(t, '/api/user/verify-otp', { otp: second }, ticket.token)).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const ticket = (await register('expired@example.com')).json().data;
    const code = codeIn((await lastMail(t, 'expired@example.com', 'verify-code')).subject);
    await ageCode(t, 'expired@example.com', 601);
    const res = await post(t, '/api/user/verify-otp', { otp: code }, ticket.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/expired/);
  });

  it('checks the rules with the spec messages, and rejects unknown fields', async () => {
    const bad = await post(t, '/api/user/register', { firstName: 'J0hn', email: 'no spaces@x', password: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      firstName: MSG.firstName,
      email: MSG.email,
      password: MSG.passwordPolicy,
    });
    for (const extra of [{ emailVerified: 1 }, { id: 7 }, { role: 'admin' }]) {
      expect((await register('strict@example.com', extra)).statusCode).toBe(400);
    }
    const otp = await post(t, '/api/user/verify-otp', { otp: '123456' }, 'x'.repeat(43));
    expect(otp.statusCode).toBe(401);
  });

  it('accepts passphrases with spaces and letters of any script, and signs in with either Unicode form', async () => {
    for (const [email, password] of [
      ['phrase@example.com', 'correct Horse battery 9 staple!'],
      ['unicode@example.com', 'Ünïcödé Pässwörd 2026!'],
    ] as const) {
      expect((await register(email, {}, password)).statusCode, password).toBe(200);
      const code = codeIn((await lastMail(t, email, 'verify-code')).subject);
      const ticket = (await post(t, '/api/user/authenticate', { username: email, password })).json().data.token;
      expect((await post(t, '/api/user/verify-otp', { otp: code }, ticket)).statusCode).toBe(200);
      // The same text in decomposed form (e + combining diaeresis) is the same password.
      expect(
        (await post(t, '/api/user/authenticate', { username: email, password: password.normalize('NFD') })).json().data
          .emailVerified,
      ).toBe(1);
    }
    // The spec's composition rule and its message stay.
    const weak = await register('weak@example.com', {}, 'all lower case words 1!');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.password).toBe(MSG.passwordPolicy);
  });

  it('accepts passwords of 12 to 128 characters, refuses 129 and common ones', async () => {
    expect((await register('len12@example.com', {}, 'Emerald$Ha10')).statusCode).toBe(200);
    const long = `Aa1$${'x7Qk'.repeat(31)}`;
    expect(long).toHaveLength(128);
    expect((await register('len128@example.com', {}, long)).statusCode).toBe(200);
    expect((await register('len129@example.com', {}, `${long}z`)).statusCode).toBe(400);
    const common = await register('common@example.com', {}, 'Password123!');
    expect(common.statusCode).toBe(422);
    expect(common.json().errors.password).toMatch(/too common/);
  });

  it('answers a registration of an existing address exactly as a new one, and tells the owner', async () => {
    await signUp(t, 'taken@example.com');
    const fresh = await register('not-taken@example.com');
    const again = await register('taken@example.com');
    expect(again.statusCode).toBe(fresh.statusCode);
    const shape = (b: { data: Record<string, unknown> }) => ({
      ...b.data,
      email: '',
      token: typeof b.data.token === 'string' && (b.data.token as string).length,
    });
    expect(shape(again.json())).toEqual(shape(fresh.json()));
    expect(Object.keys(again.headers).sort()).toEqual(Object.keys(fresh.headers).sort());
    const notice = await lastMail(t, 'taken@example.com', 'registration-attempt');
    expect(notice.text).toMatch(/tried to create a new account with this e-mail address/);
    expect(notice.text).toMatch(/Forgot Password\?/);
    // The ticket verifies nothing, and answers like a fresh registration's ticket would.
    const ticket = again.json().data.token;
    const freshTicket = fresh.json().data.token;
    const resendA = await post(t, '/api/user/resend-verify-otp', {}, ticket);
    const resendB = await post(t, '/api/user/resend-verify-otp', {}, freshTicket);
    expect(resendA.statusCode).toBe(resendB.statusCode);
    expect(resendA.json().message.replace(/\d+/, 'N')).toBe(resendB.json().message.replace(/\d+/, 'N'));
    const wrongA = await post(t, '/api/user/verify-otp', { otp: '000001' }, ticket);
    const wrongB = await post(t, '/api/user/verify-otp', { otp: '000001' }, freshTicket);
    expect(wrongA.statusCode).toBe(wrongB.statusCode);
    expect({ ...wrongA.json(), requestId: 0 }).toEqual({ ...wrongB.json(), requestId: 0 });
    expect((await getUser(ticket)).statusCode).toBe(401);
    // The owner's password still opens the account; the registrant's password does not.
    expect(
      (await post(t, '/api/user/authenticate', { username: 'taken@example.com', password: GOOD_PASSWORD })).json().data
        .emailVerified,
    ).toBe(1);
  });
});

describe('account takeover before verification', () => {
  const ATTACKER = 'Attacker$Pass2026';
  const login = (email: string, password: string) => post(t, '/api/user/authenticate', { username: email, password });

  it("owner registers, attacker registers again, owner verifies: the attacker's password opens nothing", async () => {
    const owner = (await register('victim1@example.com')).json().data;
    const ownerCode = codeIn((await lastMail(t, 'victim1@example.com', 'verify-code')).subject);
    const attacker = await post(t, '/api/user/register', {
      firstName: 'Mallory',
      lastName: 'Evil',
      email: 'victim1@example.com',
      password: ATTACKER,
    });
    expect(attacker.statusCode).toBe(200);
    const ver = await post(t, '/api/user/verify-otp', { otp: ownerCode }, owner.token);
    expect(ver.statusCode).toBe(200);
    expect(ver.json().data.firstName).toBe('Grace');
    expect((await login('victim1@example.com', ATTACKER)).statusCode).toBe(400);
    expect((await login('victim1@example.com', GOOD_PASSWORD)).json().data.emailVerified).toBe(1);
    // The attacker's ticket died with the verification.
    expect((await post(t, '/api/user/verify-otp', { otp: ownerCode }, attacker.json().data.token)).statusCode).toBe(
      401,
    );
  });

  it("attacker registers first, owner registers and verifies: the attacker's password opens nothing", async () => {
    const attacker = (
      await post(t, '/api/user/register', {
        firstName: 'Mallory',
        lastName: 'Evil',
        email: 'victim2@example.com',
        password: ATTACKER,
      })
    ).json().data;
    // Before anyone verifies, the attacker's password signs in to nothing but a verify ticket.
    const early = await login('victim2@example.com', ATTACKER);
    expect(early.json().data.emailVerified).toBe(0);
    expect((await getUser(early.json().data.token)).statusCode).toBe(401);
    await ageCode(t, 'victim2@example.com', 61);
    const owner = (await register('victim2@example.com')).json().data;
    const code = codeIn((await lastMail(t, 'victim2@example.com', 'verify-code')).subject);
    const ver = await post(t, '/api/user/verify-otp', { otp: code }, owner.token);
    expect(ver.statusCode).toBe(200);
    expect(ver.json().data).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
    expect((await login('victim2@example.com', ATTACKER)).statusCode).toBe(400);
    expect((await post(t, '/api/user/verify-otp', { otp: code }, attacker.token)).statusCode).toBe(401);
    expect((await login('victim2@example.com', GOOD_PASSWORD)).json().data.emailVerified).toBe(1);
  });

  it("attacker registers first, owner resets the password: the attacker's password opens nothing", async () => {
    await post(t, '/api/user/register', {
      firstName: 'Mallory',
      lastName: 'Evil',
      email: 'victim3@example.com',
      password: ATTACKER,
    });
    await post(t, '/api/user/forget-password', { email: 'victim3@example.com' });
    const link = resetTokenIn((await lastMail(t, 'victim3@example.com', 'reset-link')).text);
    expect((await post(t, '/api/user/reset-password', { password: 'Owner$Chosen2026' }, link)).statusCode).toBe(200);
    expect((await login('victim3@example.com', ATTACKER)).statusCode).toBe(400);
    expect((await login('victim3@example.com', 'Owner$Chosen2026')).json().data.emailVerified).toBe(1);
  });
});

describe('sessions', () => {
  it('logout revokes the token at once; logout-all revokes every session of the account', async () => {
    const a = await signUp(t, 'sessions@example.com');
    const b = (
      await post(t, '/api/user/authenticate', { username: 'sessions@example.com', password: GOOD_PASSWORD })
    ).json().data.token;
    const c = (
      await post(t, '/api/user/authenticate', { username: 'sessions@example.com', password: GOOD_PASSWORD })
    ).json().data.token;
    expect((await post(t, '/api/user/logout', {}, a)).statusCode).toBe(200);
    expect((await getUser(a)).statusCode).toBe(401);
    expect((await getUser(b)).statusCode).toBe(200);
    expect((await post(t, '/api/user/logout-all', {}, b)).statusCode).toBe(200);
    expect((await getUser(b)).statusCode).toBe(401);
    expect((await getUser(c)).statusCode).toBe(401);
    expect((await post(t, '/api/user/logout', {}, c)).statusCode).toBe(401);
  });
});

describe('per-account sign-in throttle', () => {
  it('locks an account after 10 failures from any client, with a clear message; a reset lifts it', async () => {
    await signUp(t, 'locked@example.com');
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/authenticate',
        remoteAddress: `10.0.0.${i + 1}`,
        payload: { username: 'locked@example.com', password: `Wrong$Guess${i}xx` },
      });
      expect(res.statusCode).toBe(400);
    }
    const locked = await post(t, '/api/user/authenticate', { username: 'locked@example.com', password: GOOD_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(
      /Too many failed sign-ins for this account\. Please try again in 15 minutes, or reset your password/,
    );
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    // An unknown address locks the same way (the lock reveals no account).
    for (let i = 0; i < 10; i++)
      await post(t, '/api/user/authenticate', { username: 'ghost@example.com', password: 'Wrong$Guess1xx' });
    expect(
      (await post(t, '/api/user/authenticate', { username: 'ghost@example.com', password: GOOD_PASSWORD })).statusCode,
    ).toBe(429);
    // The owner can still reset, and that lifts the lock.
    await post(t, '/api/user/forget-password', { email: 'locked@example.com' });
    const link = resetTokenIn((await lastMail(t, 'locked@example.com', 'reset-link')).text);
    expect((await post(t, '/api/user/reset-password', { password: 'Fresh$Start2026' }, link)).statusCode).toBe(200);
    expect(
      (await post(t, '/api/user/authenticate', { username: 'locked@example.com', password: 'Fresh$Start2026' }))
        .statusCode,
    ).toBe(200);
  });
});

describe('login', () => {
  it('answers the same for an unknown e-mail and a wrong password', async () => {
    await signUp(t, 'login@example.com');
    const unknown = await post(t, '/api/user/authenticate', {
      username: 'nobody@example.com',
      password: GOOD_PASSWORD,
    });
    const wrong = await post(t, '/api/user/authenticate', {
      username: 'login@example.com',
      password: 'Wrong$Password1',
    });
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect({ ...unknown.json(), requestId: 0 }).toEqual({ ...wrong.json(), requestId: 0 });
    const ok = await post(t, '/api/user/authenticate', { username: 'LOGIN@example.com', password: GOOD_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ emailVerified: 1, firstName: 'Ada' });
    expect(ok.json().data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers an unverified user with emailVerified 0 and a verify-only token', async () => {
    await register('unverified@example.com');
    const res = await post(t, '/api/user/authenticate', {
      username: 'unverified@example.com',
      password: GOOD_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.emailVerified).toBe(0);
    expect((await getUser(res.json().data.token)).statusCode).toBe(401);
  });
});

describe('password reset', () => {
  it('answers the same whether or not the address exists, mails a single-use link, and revokes sessions', async () => {
    const session = await signUp(t, 'reset@example.com');
    const unknown = await post(t, '/api/user/forget-password', { email: 'ghost@example.com' });
    const known = await post(t, '/api/user/forget-password', { email: 'reset@example.com' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    expect(known.json().data.message).toBe(MSG.resetMailSent);

    const mail = await lastMail(t, 'reset@example.com', 'reset-link');
    expect(mail.text).toContain(`${t.config.PUBLIC_URL.replace(/\/$/, '')}/reset-password/`);
    const token = resetTokenIn(mail.text);
    expect(token.length).toBeGreaterThanOrEqual(22); // ≥ 128 bits in base64url

    // A reset token is not a session.
    expect((await getUser(token)).statusCode).toBe(401);
    const reset = await post(t, '/api/user/reset-password', { password: 'Sapphire$Blue2026' }, token);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().data.message).toBe(MSG.passwordReset);
    expect((await post(t, '/api/user/reset-password', { password: 'Sapphire$Blue2027' }, token)).statusCode).toBe(400);
    expect((await getUser(session)).statusCode).toBe(401);
    expect(
      (await post(t, '/api/user/authenticate', { username: 'reset@example.com', password: GOOD_PASSWORD })).statusCode,
    ).toBe(400);
    expect(
      (await post(t, '/api/user/authenticate', { username: 'reset@example.com', password: 'Sapphire$Blue2026' }))
        .statusCode,
    ).toBe(200);
    expect((await lastMail(t, 'reset@example.com', 'password-changed')).subject).toMatch(/password was changed/);
  });

  it('refuses an expired reset link', async () => {
    await signUp(t, 'late@example.com');
    await post(t, '/api/user/forget-password', { email: 'late@example.com' });
    const token = resetTokenIn((await lastMail(t, 'late@example.com', 'reset-link')).text);
    await t.database.db.execute(
      sql`update user_token set expires_at = now() - interval '1 second' where scope = 'reset'`,
    );
    const res = await post(t, '/api/user/reset-password', { password: 'Sapphire$Blue2026' }, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/invalid or has expired/);
  });
});

describe('profile', () => {
  const form = (fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) => {
    const fd = new FormData();
    for (const [k, v] of Object.entries(fields)) fd.append(k, v);
    if (file) fd.append('avatar', new Blob([new Uint8Array(file.data)], { type: file.type }), file.name);
    return fd;
  };
  const put = async (token: string, fd: FormData) => {
    const req = new Request('http://x', { method: 'PUT', body: fd });
    return t.app.inject({
      method: 'PUT',
      url: '/api/user',
      headers: { authorization: `Bearer ${token}`, 'content-type': req.headers.get('content-type')! },
      payload: Buffer.from(await req.arrayBuffer()),
    });
  };

  it('updates names, phone and a re-encoded avatar; rejects unknown fields and non-images', async () => {
    const token = await signUp(t, 'profile@example.com');
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#b08d57' } })
      .png()
      .toBuffer();
    const ok = await put(
      token,
      form(
        { firstName: 'Ada', lastName: 'King', phone: '+1 212 555 0100' },
        { name: 'me.png', type: 'image/png', data: png },
      ),
    );
    expect(ok.statusCode).toBe(200);
    const user = ok.json().data;
    expect(user).toMatchObject({
      firstName: 'Ada',
      lastName: 'King',
      phone: '+1 212 555 0100',
      emailVerified: 1,
      token,
    });
    const img = await t.app.inject({ method: 'GET', url: user.avatarUrl });
    expect(img.headers['content-type']).toBe('image/webp');
    expect((await sharp(img.rawPayload).metadata()).width).toBe(400);

    expect((await put(token, form({ firstName: 'Ada', emailVerified: '1' }))).statusCode).toBe(400);
    expect((await put(token, form({ firstName: 'Ada', role: 'admin' }))).statusCode).toBe(400);
    const fake = await put(
      token,
      form({ firstName: 'Ada' }, { name: 'x.png', type: 'image/png', data: Buffer.from('<script>alert(1)</script>') }),
    );
    expect(fake.statusCode).toBe(400);
    const huge = await put(
      token,
      form(
        { firstName: 'Ada' },
        { name: 'big.png', type: 'image/png', data: Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]) },
      ),
    );
    expect(huge.statusCode).toBe(413);
    expect((await put(token, form({ firstName: '' }))).json().errors.firstName).toBe(MSG.firstName);
  });

  it('changes the e-mail only after the new address confirms its code', async () => {
    const token = await signUp(t, 'old@example.com');
    const res = await put(token, form({ firstName: 'Ada', email: 'new@example.com' }));
    expect(res.json().data).toMatchObject({ email: 'old@example.com', pendingEmail: 'new@example.com' });
    const code = codeIn((await lastMail(t, 'new@example.com', 'verify-code')).subject);
    const ver = await post(t, '/api/user/verify-otp', { otp: code }, token);
    expect(ver.statusCode).toBe(200);
    expect(ver.json().data).toMatchObject({ email: 'new@example.com', pendingEmail: null });
  });
});
