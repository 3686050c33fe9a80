import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/client.ts';
import type { TestApp } from './build-test-app.ts';

export const GOOD_PASSWORD = 'Brilliant$Cut2026';

/** The newest mail to `to` of `kind`, straight from the outbox (the dev-mailbox transport). */
export async function lastMail(t: TestApp, to: string, kind: string) {
  await t.app.outbox.kick();
  const [row] = rowsOf<{ subject: string; text: string; html: string }>(
    await t.database.db.execute(sql`
    select subject, text_body as text, html from outbox_mail where to_address = ${to} and kind = ${kind} order by id desc limit 1`),
  );
  if (!row) throw new Error(`no ${kind} mail to ${to}`);
  return row;
}
export const codeIn = (text: string) => /\b(\d{6})\b/.exec(text)?.[1] ?? '';
export const resetTokenIn = (text: string) => /\/reset-password\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';

export const post = (t: TestApp, url: string, payload: unknown, token?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

/** Registers and verifies an account; answers its session token. */
export async function signUp(t: TestApp, email: string, password = GOOD_PASSWORD, firstName = 'Ada') {
  const reg = await post(t, '/api/user/register', { firstName, lastName: 'Lovelace', email, password });
  if (reg.statusCode !== 200) throw new Error(`register ${reg.statusCode}: ${reg.body}`);
  const code = codeIn((await lastMail(t, email, 'verify-code')).subject);
  const ver = await post(t, '/api/user/verify-otp', { otp: code }, reg.json().data.token);
  if (ver.statusCode !== 200) throw new Error(`verify ${ver.statusCode}: ${ver.body}`);
  return ver.json().data.token as string;
}

/** Moves the user's code back in time, as if `seconds` had passed (throttle and expiry tests). */
export async function ageCode(t: TestApp, email: string, seconds: number) {
  await t.database.db.execute(sql`
    update email_code set sent_at = sent_at - make_interval(secs => ${seconds}), expires_at = expires_at - make_interval(secs => ${seconds})
    where user_id = (select id from app_user where email = ${email})`);
}
