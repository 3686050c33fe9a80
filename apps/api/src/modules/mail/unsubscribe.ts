import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db, DbOrTx } from '../../db/client.ts';
import { Validation } from '../../errors.ts';
import { mailRepository as repo } from './repository.ts';

// One link per address, signed with a key the store makes once (every instance shares it): it works
// without signing in, and nobody can make one for another's address. It stops every e-mail a
// shopper may refuse (reminders, notes before their dates); an order's own e-mails still go.

const keys = new WeakMap<object, Promise<Buffer>>();
function keyOf(db: DbOrTx): Promise<Buffer> {
  let k = keys.get(db);
  if (!k) {
    k = repo.signingKey(db, randomBytes(32).toString('base64url')).then((v) => Buffer.from(v, 'base64url'));
    keys.set(db, k);
  }
  return k;
}
const sign = (key: Buffer, email: string) =>
  createHmac('sha256', key).update(`unsubscribe:${email}`).digest('base64url');

/** The token of an address's unsubscribe link: the address (base64url) and its signature. */
export async function unsubscribeToken(db: DbOrTx, email: string): Promise<string> {
  const e = email.toLowerCase();
  return `${Buffer.from(e).toString('base64url')}.${sign(await keyOf(db), e)}`;
}

/** The page a person opens (a button, since scanners open links) and the address a mail program posts to. */
export async function unsubscribeLinks(db: DbOrTx, publicUrl: string, email: string) {
  const token = await unsubscribeToken(db, email);
  return { url: `${publicUrl}/unsubscribe/${token}`, oneClick: `${publicUrl}/api/unsubscribe/${token}` };
}

export const UNSUBSCRIBE_INVALID = 'This unsubscribe link is not valid. Use the link in the latest e-mail.';

/** Honoured at once: every instance checks the list before each such e-mail is sent. */
export async function unsubscribe(
  db: Db,
  token: string,
  source: 'link' | 'one-click',
): Promise<{ message: string; email: string }> {
  const [encoded = '', sig = ''] = token.split('.');
  const email = Buffer.from(encoded, 'base64url').toString('utf8');
  const good = Buffer.from(sign(await keyOf(db), email));
  const given = Buffer.from(sig);
  if (!email.includes('@') || given.length !== good.length || !timingSafeEqual(given, good))
    throw new Validation(UNSUBSCRIBE_INVALID);
  await repo.suppress(db, email, source);
  return { message: `We will send no more reminders or news to ${email}. Order e-mails still come.`, email };
}
