import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { named, namedQuery } from '../../db/named-statements.ts';
import { mailSuppression, outboxMail } from './schema.ts';
import { storeValues } from '../store-values/index.ts';

/** `content` is text, or base64 when `encoding` says so (a PDF label). */
export type Attachment = { filename: string; contentType: string; content: string; encoding?: 'base64' };
export interface OutboxRow {
  kind: string;
  toAddress: string;
  subject: string;
  html: string;
  textBody: string;
  sensitive: boolean;
  attachments?: Attachment[] | null;
  headers?: Record<string, string> | null;
  marketing?: boolean;
}
export interface Claimed {
  id: number;
  toAddress: string;
  subject: string;
  html: string;
  textBody: string;
  sensitive: boolean;
  attempts: number;
  attachments: Attachment[] | null;
  headers: Record<string, string> | null;
  /** A message the shopper may refuse, to an address that has unsubscribed since it was written. */
  refused: boolean;
}

// Every order and sign-in sends mail: the outbox's statements are named (parsed and planned once).
const CLAIM = `
  update outbox_mail set next_attempt_at = now() + make_interval(secs => $2), attempts = attempts + 1
  where id in (select id from outbox_mail where sent_at is null and next_attempt_at <= now() order by id limit $1 for update skip locked)
  returning id, to_address as "toAddress", subject, html, text_body as "textBody", sensitive, attempts, attachments, headers,
    marketing and exists (select 1 from mail_suppression s where s.email = outbox_mail.to_address) as refused`;
/** Why a refused message was not sent (the dev mailbox leaves these out). */
export const UNSUBSCRIBED = 'unsubscribed';
// The ids as one text parameter: the same statement for a batch of any size. Scrubbed: the body
// goes too (codes and links that have done their job).
const markSentSql = (scrub: boolean) =>
  `update outbox_mail set sent_at = now(), last_error = null${scrub ? ", html = '', text_body = ''" : ''}
  where id = any(string_to_array($1, ',')::int[])`;

export const mailRepository = {
  /** Mails not sent yet (waiting or between retries) and the age of the oldest, in seconds. */
  backlog: async (db: DbOrTx) =>
    rowsOf<{ unsent: number; oldest: number }>(
      await db.execute(sql`select count(*)::int as unsent,
        coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as oldest
        from outbox_mail where sent_at is null`),
    )[0]!,
  insert: (tx: DbOrTx, rows: OutboxRow[]) => namedQuery(tx, 'outbox_insert', tx.insert(outboxMail).values(rows)),

  /** Leases up to `batch` due messages for `leaseS` seconds (skip locked: two processes never claim one). */
  claimDue: (db: DbOrTx, batch: number, leaseS: number) => named<Claimed>(db, 'outbox_claim', CLAIM, [batch, leaseS]),

  markSent: (db: DbOrTx, ids: number[], scrub: boolean) =>
    named(db, scrub ? 'outbox_sent_scrubbed' : 'outbox_sent', markSentSql(scrub), [ids.join(',')]),

  /** Messages not sent because their address unsubscribed: done, with the reason. */
  markRefused: (db: DbOrTx, ids: number[]) =>
    named(
      db,
      'outbox_refused',
      `update outbox_mail set sent_at = now(), last_error = '${UNSUBSCRIBED}' where id = any(string_to_array($1, ',')::int[])`,
      [ids.join(',')],
    ),

  // --- Unsubscribes ---

  suppress: (db: DbOrTx, email: string, source: string) =>
    db.insert(mailSuppression).values({ email, source }).onConflictDoNothing(),
  /** The key that signs unsubscribe links: made once, shared by every instance. */
  signingKey: (db: DbOrTx, fresh: string) => storeValues.putIfAbsent(db, 'mail.unsubscribe-key', fresh),

  retryLater: (db: DbOrTx, id: number, delayMs: number, reason: string) =>
    db.execute(sql`
    update outbox_mail set next_attempt_at = now() + make_interval(secs => ${delayMs / 1000}), last_error = ${reason} where id = ${id}
  `),

  /** The dev mailbox's list: what was delivered, newest first. */
  recentSent: (db: DbOrTx, limit: number) =>
    db
      .select({
        id: outboxMail.id,
        kind: outboxMail.kind,
        to: outboxMail.toAddress,
        subject: outboxMail.subject,
        text: outboxMail.textBody,
        sentAt: outboxMail.sentAt,
      })
      .from(outboxMail)
      .where(and(isNotNull(outboxMail.sentAt), sql`${outboxMail.lastError} is distinct from ${UNSUBSCRIBED}`))
      .orderBy(desc(outboxMail.id))
      .limit(limit),

  html: async (db: DbOrTx, id: number) =>
    (await db.select({ html: outboxMail.html }).from(outboxMail).where(eq(outboxMail.id, id)).limit(1))[0] ?? null,
};
