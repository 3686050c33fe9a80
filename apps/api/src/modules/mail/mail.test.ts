import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { startSmtp, type TestSmtp } from '../../test/smtp.ts';
import { codeIn, GOOD_PASSWORD, post } from '../../test/accounts.ts';
import { rowsOf } from '../../db/client.ts';

let smtp: TestSmtp;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ SMTP_URL: smtp.url, MAIL_RETRY_BASE_MS: '100' }, { seed: false });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const register = (email: string) =>
  post(t, '/api/user/register', { firstName: 'Mia', lastName: 'Wong', email, password: GOOD_PASSWORD });

describe('mail over real SMTP', () => {
  it('delivers the verification code, branded HTML and plain text, and blanks the stored secret', async () => {
    const ticket = (await register('mia@example.com')).json().data;
    const mail = await smtp.waitFor((m) => m.to.includes('mia@example.com'));
    expect(mail.raw).toMatch(/content-type: text\/html/i);
    expect(mail.raw).toMatch(/FACET/);
    const code = codeIn(mail.subject);
    expect(mail.text).toContain(code);
    expect((await post(t, '/api/user/verify-otp', { otp: code }, ticket.token)).json().data.emailVerified).toBe(1);
    await expect
      .poll(
        async () =>
          rowsOf<{ text: string; sent: boolean }>(
            await t.database.db.execute(sql`
      select text_body as text, sent_at is not null as sent from outbox_mail where to_address = 'mia@example.com'`),
          )[0],
      )
      .toEqual({ text: '', sent: true });
  });

  it('loses no mail while the SMTP server is down: it arrives when the server is back', async () => {
    const port = smtp.port;
    await smtp.close();
    expect((await register('outage@example.com')).statusCode).toBe(200);
    // The first attempt fails and is scheduled for a retry.
    await expect
      .poll(
        async () =>
          rowsOf<{ e: string | null }>(
            await t.database.db.execute(sql`
      select last_error as e from outbox_mail where to_address = 'outage@example.com'`),
          )[0]?.e,
        { timeout: 10_000 },
      )
      .toBeTruthy();
    smtp = await startSmtp(port);
    const mail = await smtp.waitFor((m) => m.to.includes('outage@example.com'), 15_000);
    expect(codeIn(mail.subject)).toMatch(/^\d{6}$/);
  });
});

describe('the dev mailbox', () => {
  it('without SMTP (even in production) is open to this machine only, and absent with SMTP configured', async () => {
    const local = await buildTestApp({ NODE_ENV: 'production' }, { seed: false });
    try {
      await local.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: 'reader@example.com' } });
      await local.app.outbox.kick();
      const mine = await local.app.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '127.0.0.1' });
      expect(mine.statusCode).toBe(200);
      expect(mine.body).toContain('reader@example.com');
      expect(
        (await local.app.inject({ method: 'GET', url: '/api/dev/mailbox', remoteAddress: '::1' })).statusCode,
      ).toBe(200);
      for (const attempt of [
        { remoteAddress: '203.0.113.7' },
        { remoteAddress: '10.1.2.3' },
        { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } },
        { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=203.0.113.7' } },
      ]) {
        for (const url of ['/dev/mailbox', '/api/dev/mailbox', '/dev/mailbox/1']) {
          const res = await local.app.inject({ method: 'GET', url, ...attempt });
          expect(res.statusCode, `${url} ${JSON.stringify(attempt)}`).toBe(404);
          expect(res.body).not.toContain('reader@example.com');
        }
      }
    } finally {
      await local.close();
    }
    const deployed = await buildTestApp({ NODE_ENV: 'production', SMTP_URL: smtp.url }, { seed: false });
    try {
      for (const url of ['/dev/mailbox', '/api/dev/mailbox'])
        expect((await deployed.app.inject({ method: 'GET', url, remoteAddress: '127.0.0.1' })).statusCode).toBe(404);
    } finally {
      await deployed.close();
    }
  });
});
