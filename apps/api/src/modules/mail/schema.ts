import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, pgView, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
    /** Headers of a message sent to a list (List-Unsubscribe and its one-click POST). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /**
     * A message the shopper may refuse (a reminder, a note): not delivered to an address that has
     * unsubscribed since it was written.
     */
    marketing: boolean('marketing').notNull().default(false),
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

/** Addresses that asked for no more of the store's e-mails (the one-click link or header): only messages they must get (an order's) still go. */
export const mailSuppression = pgTable('mail_suppression', {
  email: text('email').primaryKey(),
  /** How they asked: 'link' (the page), 'one-click' (the mail program's button), 'staff'. */
  source: text('source').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
export const mailSuppressionView = pgView('mail_suppression_view').as((qb) => qb.select().from(mailSuppression));
