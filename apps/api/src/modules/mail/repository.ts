import { desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { outboxMail } from '../../db/schema/accounts.ts';

export type Attachment = { filename: string; contentType: string; content: string };
export interface OutboxRow {
  kind: string;
  toAddress: string;
  subject: string;
  html: string;
  textBody: string;
  sensitive: boolean;
  attachments?: Attachment[] | null;
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
}

export const mailRepository = {
  insert: (tx: DbOrTx, rows: OutboxRow[]) => tx.insert(outboxMail).values(rows),

  /** Leases up to `batch` due messages for `leaseS` seconds (skip locked: two processes never claim one). */
  claimDue: async (db: DbOrTx, batch: number, leaseS: number) =>
    rowsOf<Claimed>(
      await db.execute(sql`
    update outbox_mail set next_attempt_at = now() + make_interval(secs => ${leaseS}), attempts = attempts + 1
    where id in (select id from outbox_mail where sent_at is null and next_attempt_at <= now() order by id limit ${batch} for update skip locked)
    returning id, to_address as "toAddress", subject, html, text_body as "textBody", sensitive, attempts, attachments
  `),
    ),

  markSent: (db: DbOrTx, ids: number[], scrub: boolean) =>
    db
      .update(outboxMail)
      .set({ sentAt: sql`now()`, lastError: null, ...(scrub ? { html: '', textBody: '' } : {}) })
      .where(inArray(outboxMail.id, ids)),

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
      .where(isNotNull(outboxMail.sentAt))
      .orderBy(desc(outboxMail.id))
      .limit(limit),

  html: async (db: DbOrTx, id: number) =>
    (await db.select({ html: outboxMail.html }).from(outboxMail).where(eq(outboxMail.id, id)).limit(1))[0] ?? null,
};
