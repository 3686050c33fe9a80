import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { CONTACT_MESSAGE_MAX } from '@facet/contracts/account';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { lastMail } from '../../test/accounts.ts';
import { rowsOf } from '../../db/client.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_FORM_MAX: '6' }, { seed: false });
});
afterAll(async () => {
  await t.close();
});

const message = {
  name: 'Jane Doe',
  email: 'jane@example.com',
  subject: 'Resizing',
  message: 'Can you resize my ring to a 6.5 before Friday?',
};
const count = async () =>
  rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from contact_message`))[0]!.n;

describe('POST /api/contact-us', () => {
  it('stores the message and mails it to the store', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact-us', payload: message });
    expect(res.statusCode).toBe(200);
    expect(await count()).toBe(1);
    const mail = await lastMail(t, t.config.STORE_EMAIL, 'contact');
    expect(mail.subject).toBe('Contact form: Resizing');
    expect(mail.text).toContain('resize my ring');
  });

  it('sends the sender a receipt that carries none of their words (the address is unproved)', async () => {
    const spam = {
      name: 'Win a prize at evil.example',
      email: 'victim@example.com',
      subject: 'Claim your $500 at http://evil.example/now',
      message: 'Anything at all',
    };
    expect((await t.app.inject({ method: 'POST', url: '/api/contact-us', payload: spam })).statusCode).toBe(200);
    const receipt = await lastMail(t, 'victim@example.com', 'contact-receipt');
    expect(receipt.subject).toBe(`We received your message to ${t.config.STORE_NAME}`);
    for (const words of ['evil.example', 'Claim your', 'Win a prize', 'Anything at all'])
      expect(`${receipt.subject}\n${receipt.text}`).not.toContain(words);
    await t.database.db.execute(sql`delete from contact_message where email = 'victim@example.com'`);
  });

  it('limits the message to 5,000 characters and keeps nothing from a bot that fills the honeypot', async () => {
    const long = await t.app.inject({
      method: 'POST',
      url: '/api/contact-us',
      payload: { ...message, message: 'x'.repeat(CONTACT_MESSAGE_MAX + 1) },
    });
    expect(long.statusCode).toBe(400);
    const bot = await t.app.inject({
      method: 'POST',
      url: '/api/contact-us',
      payload: { ...message, website: 'http://spam.example' },
    });
    expect(bot.statusCode).toBe(200);
    expect(await count()).toBe(1);
  });

  it('is rate limited', async () => {
    let last = 0;
    for (let i = 0; i < 6; i++)
      last = (await t.app.inject({ method: 'POST', url: '/api/contact-us', payload: message })).statusCode;
    expect(last).toBe(429);
  });
});

describe('POST /api/newsletter', () => {
  it('double opt-in with the same answer for a repeat address', async () => {
    const a = await t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: 'fan@example.com' } });
    const mail = await lastMail(t, 'fan@example.com', 'newsletter-confirm');
    const token = /\/newsletter\/confirm\/([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token } })).statusCode,
    ).toBe(200);
    const b = await t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email: 'fan@example.com' } });
    expect(b.body).toBe(a.body);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/newsletter/confirm', payload: { token } })).statusCode,
    ).toBe(400);
  });
});
