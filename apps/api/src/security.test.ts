import { createHash, randomUUID } from 'node:crypto';
import { hashCode, serverSecret } from './secrets.ts';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from './test/build-test-app.ts';
import { codeIn, GOOD_PASSWORD, lastMail, post, resetTokenIn, signUp } from './test/accounts.ts';
import { rowsOf } from './db/client.ts';
import { adminCall, ORIGIN, STAFF_PASSWORD, staffSession } from './test/staff.ts';
import { generate } from 'otplib';

// One test per rule; each asserts the safe outcome.

let t: TestApp;
const logs: string[] = [];
beforeAll(async () => {
  const sink = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  t = await buildTestApp(
    { LOG_LEVEL: 'debug', RATE_LIMIT_AUTH_MAX: '200' },
    { logStream: sink, extraApiRoutes: probes },
  );
});
afterAll(async () => {
  await t.close();
});

// Probe routes that fail the ways production fails: a query that PostgreSQL refuses (its message
// and detail repeat the values sent), a client that hangs up, a database connection that drops.
const SECRET_PARAM = 'sess-9f8e7d6c5b4a-SECRET';
function probes(api: import('fastify').FastifyInstance) {
  api.get('/probe/bad-cast', async () => {
    await api.db.execute(sql`select ${SECRET_PARAM}::int`);
    return {};
  });
  api.get('/probe/duplicate', async () => {
    await api.db.execute(
      sql`insert into app_user (email, first_name, password_hash) values (${'dup-secret@example.com'}, 'A', ${'$argon2id$SECRETHASH'})`,
    );
    await api.db.execute(
      sql`insert into app_user (email, first_name, password_hash) values (${'dup-secret@example.com'}, 'A', ${'$argon2id$SECRETHASH'})`,
    );
    return {};
  });
  api.get('/probe/client-reset', async () => {
    throw Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
  });
  api.get('/probe/db-reset', async () => {
    const { DrizzleQueryError } = await import('drizzle-orm/errors');
    throw new DrizzleQueryError(
      'select 1 where token = $1',
      [SECRET_PARAM],
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
    );
  });
}

const INJECTIONS = [
  "' OR '1'='1",
  '1; DROP TABLE diamond; --',
  '" OR 1=1 --',
  "') UNION SELECT password_hash FROM app_user --",
  '%27%20OR%201=1',
  "\\'; select pg_sleep(5); --",
  '${7*7}',
  '<script>alert(1)</script>',
];
const count = async (table: string) =>
  rowsOf<{ n: number }>(await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;

describe('injection', () => {
  it('SQL-injection strings in every filter, sort and search parameter answer 2xx/4xx and change nothing', async () => {
    const diamonds = await count('diamond');
    const users = await count('app_user');
    const urls: string[] = [];
    for (const s of INJECTIONS) {
      const e = encodeURIComponent(s);
      urls.push(
        `/api/category/1100?filters=${encodeURIComponent(JSON.stringify([{ label: 'metal type', matchType: 'like', options: [s] }]))}`,
        `/api/category/1100?filters=${encodeURIComponent(JSON.stringify([{ label: s, options: ['Gold'] }]))}`,
        `/api/category/1100?sort=${e}`,
        `/api/category/1100?filters=${e}`,
        `/api/diamond?shape=${e}`,
        `/api/diamond?sort=${e}`,
        `/api/diamond?caratMin=${e}`,
        `/api/diamond?lab=${e}`,
        `/api/stuller/fetch-auto-complete?q=${e}`,
        `/api/product/notable-gemstone?type=${e}`,
        `/api/product/notable-gemstone?type=sapphire&sort=${e}`,
        `/api/product/product?groupId=${e}`,
        `/api/melee?origin=${e}`,
        `/api/order/${e}`,
      );
    }
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeLessThan(500);
    }
    for (const s of INJECTIONS) {
      const res = await post(t, '/api/product/search-product', { data: s });
      expect(res.statusCode).toBeLessThan(500);
      expect((await post(t, '/api/user/authenticate', { username: `${s}@x`, password: s })).statusCode).toBe(400);
    }
    expect(await count('diamond')).toBe(diamonds);
    expect(await count('app_user')).toBe(users);
  });

  it('escapes markup from shoppers in every e-mail', async () => {
    const xss = '<img src=x onerror=alert(1)>';
    await post(t, '/api/contact-us', {
      name: `Eve ${xss}`,
      email: 'eve@example.com',
      subject: `Hi ${xss}`,
      message: `Hello ${xss} <script>alert(2)</script>`,
    });
    const [mail] = rowsOf<{ html: string }>(
      await t.database.db.execute(sql`select html from outbox_mail where kind = 'contact' order by id desc limit 1`),
    );
    expect(mail!.html).not.toContain('<img src=x');
    expect(mail!.html).not.toContain('<script>alert(2)');
    expect(mail!.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });
});

describe('requests the API does not accept', () => {
  it('refuses content-type tricks with 415 and polluted parameters with 4xx', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/authenticate',
        headers: { 'content-type': type },
        payload: 'username=a@b&password=x',
      });
      expect(res.statusCode, type).toBe(415);
    }
    for (const url of [
      '/api/diamond?shape=Round&shape=Oval',
      '/api/stuller/fetch-auto-complete?q=ring&q=band',
      '/api/category/1100?page=1&page=2',
      '/api/cart?state=NY&state=CA',
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'x-session-id': randomUUID() } });
      expect(res.statusCode, url).toBeLessThan(500);
    }
  });

  it('answers 413 for a body over the limit', async () => {
    const res = await post(t, '/api/contact-us', {
      name: 'Big',
      email: 'a@b.c',
      subject: 'x',
      message: 'x'.repeat(2_000_000),
    });
    expect(res.statusCode).toBe(413);
  });
});

describe('tokens', () => {
  it('refuses forged, wrong-scope, expired and revoked tokens', async () => {
    const get = (token: string, url = '/api/user') =>
      t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect((await get('A'.repeat(43))).statusCode).toBe(401);
    expect((await get('not a token!')).statusCode).toBe(401);
    const ticket = (
      await post(t, '/api/user/register', { firstName: 'Sam', email: 'scope@example.com', password: GOOD_PASSWORD })
    ).json().data;
    expect((await get(ticket.token)).statusCode).toBe(401);
    expect((await get(ticket.token, '/api/address')).statusCode).toBe(401);
    expect((await get(ticket.token, '/api/order')).statusCode).toBe(401);

    const session = await signUp(t, 'expiry@example.com');
    expect((await get(session)).statusCode).toBe(200);
    await t.database.db.execute(
      sql`update user_token set expires_at = now() - interval '1 second' where user_id = (select id from app_user where email = 'expiry@example.com') and scope = 'session'`,
    );
    expect((await get(session)).statusCode).toBe(401);

    const live = (
      await post(t, '/api/user/authenticate', { username: 'expiry@example.com', password: GOOD_PASSWORD })
    ).json().data.token;
    await post(t, '/api/user/forget-password', { email: 'expiry@example.com' });
    const reset = resetTokenIn((await lastMail(t, 'expiry@example.com', 'reset-link')).text);
    // A reset token opens nothing but the reset.
    expect((await get(reset, '/api/address')).statusCode).toBe(401);
    await post(t, '/api/user/reset-password', { password: 'Sapphire$Blue2026' }, reset);
    expect((await get(live)).statusCode).toBe(401);
  });
});

describe('passwords', () => {
  it('a repetitive or sequential one is refused with 400 and the reason', async () => {
    for (const password of ['Aaaaaaaaaaaa1!', 'Aa1!Aa1!Aa1!Aa1!', 'Qwerty!123456']) {
      const res = await post(t, '/api/user/register', {
        firstName: 'Ada',
        lastName: 'L',
        email: `pattern.${randomUUID().slice(0, 8)}@example.com`,
        password,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/repeated|sequences|keyboard/);
    }
  });
});

describe('one-time codes at rest', () => {
  it('are kept as a keyed hash: a copy of the database alone does not give a live code back', async () => {
    const email = `code-at-rest.${randomUUID().slice(0, 8)}@example.com`;
    const reg = await post(t, '/api/user/register', {
      firstName: 'Ada',
      lastName: 'L',
      email,
      password: GOOD_PASSWORD,
    });
    expect(reg.statusCode).toBe(200);
    const code = codeIn((await lastMail(t, email, 'verify-code')).subject);
    const [row] = rowsOf<{ user_id: number; code_hash: string }>(
      await t.database.db.execute(sql`select user_id, code_hash from email_code where email = ${email}`),
    );
    // What someone holding the table would try: every one of the million codes, hashed plainly.
    const plain = (c: string) => createHash('sha256').update(`${row!.user_id}:${c}`).digest('hex');
    expect(row!.code_hash).not.toBe(plain(code));
    expect(row!.code_hash).toBe(hashCode(serverSecret(t.config), row!.user_id, code));
    // The key lives outside the database.
    const inDb = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from store_setting where value::text like ${`%${serverSecret(t.config).toString()}%`}`,
      ),
    );
    expect(inDb[0]!.n).toBe(0);
  });
});

describe('rate limits', () => {
  it('limit sign-in per client, and a spoofed X-Forwarded-For does not reset them', async () => {
    const strict = await buildTestApp({ RATE_LIMIT_AUTH_MAX: '3' }, { seed: false });
    try {
      const attempt = (ip: string) =>
        strict.app.inject({
          method: 'POST',
          url: '/api/user/authenticate',
          headers: { 'x-forwarded-for': ip },
          payload: { username: 'a@b.c', password: 'x' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt(`10.0.0.${i}`)).statusCode).toBe(400);
      expect((await attempt('10.0.0.99')).statusCode).toBe(429);
      expect((await attempt('192.168.1.1')).statusCode).toBe(429);
      // The back office's sign-in has a ceiling of its own, counted the same way.
      const staffAttempt = () =>
        strict.app.inject({
          method: 'POST',
          url: '/api/admin/auth/login',
          headers: { origin: ORIGIN },
          payload: { email: 'nobody@facet.test', password: 'not-a-password' },
        });
      for (let i = 0; i < 3; i++) expect((await staffAttempt()).statusCode).toBe(400);
      expect((await staffAttempt()).statusCode).toBe(429);
    } finally {
      await strict.close();
    }
  });

  it('behind one proxy (TRUST_PROXY=1), count the address the proxy saw, not one the client wrote', async () => {
    const proxied = await buildTestApp({ RATE_LIMIT_AUTH_MAX: '3', TRUST_PROXY: '1' }, { seed: false });
    try {
      // Varnish appends the address it was reached from; anything before it is the client's own words.
      const attempt = (client: string, written?: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/user/authenticate',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': written ? `${written}, ${client}` : client },
          payload: { username: 'a@b.c', password: 'x' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt('203.0.113.5', `10.0.0.${i}`)).statusCode).toBe(400);
      expect((await attempt('203.0.113.5', '10.0.0.99')).statusCode).toBe(429);
      // Another shopper behind the same proxy has limits of their own.
      expect((await attempt('198.51.100.7')).statusCode).toBe(400);
    } finally {
      await proxied.close();
    }
  });
});

describe('headers', () => {
  it('sets CSP (frame-ancestors none), HSTS, nosniff and Referrer-Policy on every API answer, errors included', async () => {
    const session = await signUp(t, 'headers@example.com');
    const calls = [
      { method: 'GET', url: '/api/menu' },
      { method: 'GET', url: '/api/diamond' },
      { method: 'GET', url: '/api/nope' },
      { method: 'GET', url: '/api/user' },
      { method: 'GET', url: '/api/user', headers: { authorization: `Bearer ${session}` } },
      { method: 'POST', url: '/api/user/authenticate', payload: {} },
      { method: 'GET', url: '/api/cart', headers: { 'x-session-id': randomUUID() } },
      { method: 'GET', url: '/api/media/item.svg?k=ring' },
    ] as const;
    for (const c of calls) {
      const res = await t.app.inject(c as never);
      expect(res.headers['content-security-policy'], c.url).toMatch(/frame-ancestors 'none'/);
      expect(res.headers['strict-transport-security'], c.url).toMatch(/max-age=\d+/);
      expect(res.headers['x-content-type-options'], c.url).toBe('nosniff');
      expect(res.headers['referrer-policy'], c.url).toBe('strict-origin-when-cross-origin');
    }
  });

  it('marks every answer that depends on who asks Cache-Control: no-store', async () => {
    const session = await signUp(t, 'nostore@example.com');
    const auth = { authorization: `Bearer ${session}`, 'x-session-id': randomUUID() };
    for (const url of ['/api/user', '/api/address', '/api/cart', '/api/order']) {
      const res = await t.app.inject({ method: 'GET', url, headers: auth });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toMatch(/no-store/);
      expect(res.headers['cache-control'], url).not.toMatch(/public/);
    }
  });
});

describe('logs', () => {
  it('never contain passwords, codes, tokens or card numbers', async () => {
    const email = 'quiet@example.com';
    const password = 'Quiet$Secret2026';
    const ticket = (await post(t, '/api/user/register', { firstName: 'Quinn', email, password })).json().data;
    const code = codeIn((await lastMail(t, email, 'verify-code')).subject);
    const session = (await post(t, '/api/user/verify-otp', { otp: code }, ticket.token)).json().data.token;
    await post(t, '/api/user/forget-password', { email });
    const reset = resetTokenIn((await lastMail(t, email, 'reset-link')).text);
    await t.app.inject({ method: 'GET', url: `/api/order/FCT-00000000?token=${reset}` });
    await post(t, '/api/user/reset-password', { password: 'Quiet$Other2026' }, reset);
    const s = randomUUID();
    const [d] = rowsOf<{ id: number }>(
      await t.database.db.execute(sql`select id from diamond where status = 'available' limit 1`),
    );
    await t.app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { 'x-session-id': s },
      payload: { kind: 'diamond', id: d!.id },
    });
    await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { 'x-session-id': s, 'idempotency-key': randomUUID() },
      payload: {
        email,
        shippingMethod: 'standard',
        card: { name: 'Q', number: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '987' },
        shippingAddress: {
          name: 'Quinn Q',
          line1: '1 Main St',
          city: 'Albany',
          state: 'NY',
          zip: '12207',
          phone: '(518) 555-0100',
        },
      },
    });
    const text = logs.join('');
    expect(text.length).toBeGreaterThan(1000);
    for (const secret of [password, 'Quiet$Other2026', ticket.token, session, reset, '4242424242424242']) {
      expect(text.includes(secret), `log contains ${secret.slice(0, 6)}…`).toBe(false);
    }
    // Six random digits also occur inside timings and ids ("responseTime":12.459400…): the code
    // must not appear as a number of its own.
    expect(new RegExp(`(?<![\\d.])${code}(?![\\d])`).test(text), 'log contains the verification code').toBe(false);
    // Every line is JSON an operator's tools can read, and every line about a request names it.
    const lines = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { reqId?: string; req?: unknown; res?: unknown; msg?: string });
    const ofRequests = lines.filter((l) => l.req || l.res);
    expect(ofRequests.length).toBeGreaterThan(5);
    for (const l of ofRequests) expect(l.reqId, l.msg).toMatch(/^[\w.-]{8,64}$/);
  });

  it('never contain a staff member’s password, two-factor key or recovery codes', async () => {
    const email = `quiet.staff.${randomUUID().slice(0, 6)}@facet.test`;
    const { cookie } = await staffSession(t, 'manager', email);
    const setup = (await adminCall(t, cookie, 'POST', '/auth/totp/setup')).json().data as { secret: string };
    const enabled = await adminCall(t, cookie, 'POST', '/auth/totp/enable', { code: await generate(setup) });
    const codes = enabled.json().data.codes as string[];
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/admin/auth/login',
      headers: { origin: ORIGIN },
      payload: { email, password: STAFF_PASSWORD },
    });
    const half = `facet_staff=${login.cookies.find((c) => c.name === 'facet_staff')!.value}`;
    // A mistyped code (its refusal is logged too), then a good one.
    expect((await adminCall(t, half, 'POST', '/auth/recovery', { code: 'ZZZZZ-ZZZZZ' })).statusCode).toBe(400);
    expect((await adminCall(t, half, 'POST', '/auth/recovery', { code: codes[0]! })).statusCode).toBe(200);
    const text = logs.join('');
    // The requests are in the log (at debug level), only not what they carried.
    expect(text).toContain('/api/admin/auth/recovery');
    for (const secret of [
      STAFF_PASSWORD,
      setup.secret,
      'ZZZZZ-ZZZZZ',
      ...codes,
      ...codes.map((c) => c.replace('-', '')),
    ])
      expect(text.includes(secret), `log contains ${secret.slice(0, 4)}…`).toBe(false);
  });
});

describe('errors in logs', () => {
  const logOf = (reqId: string) => logs.filter((l) => l.includes(reqId)).join('');
  it('database errors are logged without the values the query carried; body and log share the request id', async () => {
    for (const url of ['/api/probe/bad-cast', '/api/probe/duplicate']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(500);
      const { requestId, message } = res.json();
      expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers['x-request-id']).toBe(requestId);
      expect(message).not.toMatch(/SECRET|select|insert/i);
      const line = logOf(requestId);
      expect(line, url).toMatch(/"level":50/);
      expect(line, url).toMatch(/"query":"(select|insert)/);
      for (const secret of [SECRET_PARAM, 'dup-secret@example.com', 'SECRETHASH'])
        expect(line.includes(secret), `${url} log has ${secret}`).toBe(false);
    }
    const db = await t.app.inject({ method: 'GET', url: '/api/probe/db-reset' });
    expect(db.statusCode).toBe(503);
    expect(logOf(db.json().requestId)).toMatch(/database unavailable/);
    expect(logOf(db.json().requestId)).not.toContain(SECRET_PARAM);
  });

  it('every error body carries the request id of its log line; a client hanging up is not "database unavailable"', async () => {
    for (const url of ['/api/nope', '/api/diamond?caratMin=abc', '/api/user']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.json().requestId, url).toBe(res.headers['x-request-id']);
      expect(logOf(res.json().requestId), url).toContain(url.split('?')[0]);
    }
    const gone = await t.app.inject({ method: 'GET', url: '/api/probe/client-reset' });
    const line = logOf(gone.json().requestId);
    expect(line).toMatch(/client closed the connection/);
    expect(line).not.toMatch(/database unavailable/);
  });
});

describe('edges of HTTP', () => {
  it('cuts off a body that trickles in (slowloris) with 408', async () => {
    const slow = await buildTestApp({ REQUEST_TIMEOUT_MS: '1000' }, { seed: false });
    try {
      await slow.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = slow.app.server.address() as import('node:net').AddressInfo;
      // Over a real socket, an ordinary refused request keeps its own message (its stream is
      // destroyed once read, which is not a client hanging up).
      const refused = await fetch(`http://127.0.0.1:${port}/api/user/authenticate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'a@b.c', password: 'Wrong$Password1' }),
      });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { message: string }).message).toBe('Invalid email or password');
      const net = await import('node:net');
      const started = Date.now();
      const answer = await new Promise<string>((resolve) => {
        let got = '';
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(
            'POST /api/contact-us HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"name":',
          );
          const drip = setInterval(() => socket.write(' '), 200);
          socket.on('close', () => {
            clearInterval(drip);
            resolve(got);
          });
        });
        socket.on('data', (d) => {
          got += d;
        });
        socket.on('error', () => {});
        setTimeout(() => socket.destroy(), 8_000);
      });
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
      expect(Date.now() - started).toBeLessThan(4_000);
      expect(
        rowsOf<{ n: number }>(await slow.database.db.execute(sql`select count(*)::int as n from contact_message`))[0]!
          .n,
      ).toBe(0);
    } finally {
      await slow.close();
    }
  });

  it('answers an unknown /api path with a JSON 404, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      for (const url of ['/api/nope', '/api/product/nope/deeper', '/api/cart', '/api/user/reset-password/abc']) {
        if (method === 'GET' && url === '/api/cart') continue;
        if (method === 'POST' && url === '/api/user/reset-password/abc') continue;
        const res = await t.app.inject({
          method,
          url,
          headers: { 'content-type': 'application/json' },
          payload: method === 'GET' ? undefined : '{}',
        });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type']).toMatch(/application\/json/);
        expect(res.json().message).toMatch(/No API route/);
      }
    }
    // A reset token in an unknown path is not echoed back.
    expect((await t.app.inject({ method: 'GET', url: '/api/x/reset-password/SECRET123' })).body).not.toContain(
      'SECRET123',
    );
  });
});
