import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every e-mail the store sends, written in the same transaction as the change that causes it and
 * delivered afterwards with retries (modules/mail/outbox.ts). Bodies of messages that carry a
 * secret are blanked once delivered over SMTP.
 */
export const outboxMail = pgTable(
  'outbox_mail',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    textBody: text('text_body').notNull(),
    sensitive: boolean('sensitive').notNull().default(false),
    /** Files sent with the message (a calendar invitation), as text. */
    attachments:
      jsonb('attachments').$type<
        Array<{ filename: string; contentType: string; content: string; encoding?: 'base64' }>
      >(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_mail_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`sent_at is null`),
  ],
);
