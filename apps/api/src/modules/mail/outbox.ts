import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.ts';
import { mailRepository as repo } from './repository.ts';
import type { Rendered } from './layout.ts';
import type { Attachment } from './repository.ts';
import type { MailTransport } from './transport.ts';

export interface QueuedMail extends Rendered {
  kind: string;
  to: string;
  sensitive?: boolean;
  attachments?: Attachment[];
  /**
   * Sent to a list the shopper may leave (a left cart's reminder, a note before a date): carries the
   * one-click unsubscribe headers, and is not delivered once the address has unsubscribed.
   */
  unsubscribe?: { url: string; oneClick: string };
}

/** Writes a message in the caller's transaction: it exists exactly when the change that caused it does. */
export async function enqueueMail(tx: DbOrTx, mail: QueuedMail): Promise<void> {
  await enqueueMails(tx, [mail]);
}

/** Several messages in one statement (an order's confirmation and the store's notice). */
export async function enqueueMails(tx: DbOrTx, mails: QueuedMail[]): Promise<void> {
  if (!mails.length) return;
  await repo.insert(
    tx,
    mails.map((mail) => ({
      kind: mail.kind,
      toAddress: mail.to,
      subject: mail.subject,
      html: mail.html,
      textBody: mail.text,
      sensitive: mail.sensitive ?? false,
      attachments: mail.attachments ?? null,
      marketing: mail.unsubscribe !== undefined,
      headers: mail.unsubscribe
        ? {
            'List-Unsubscribe': `<${mail.unsubscribe.oneClick}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          }
        : null,
    })),
  );
}

const MAX_BACKOFF_MS = 15 * 60_000;
const LEASE_S = 120;
const BATCH = 10;

/**
 * Delivers the outbox: claims due messages with a lease (so two processes never send one twice),
 * sends each, and on failure retries later with doubling back-off. A message is never dropped.
 */
export class MailOutbox {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private again = false;
  private stopped = false;
  readonly db: Db;
  readonly transport: MailTransport;
  private readonly retryBaseMs: number;
  private readonly log?: FastifyBaseLogger;

  constructor(db: Db, transport: MailTransport, opts: { retryBaseMs: number; log?: FastifyBaseLogger }) {
    this.db = db;
    this.transport = transport;
    this.retryBaseMs = opts.retryBaseMs;
    this.log = opts.log;
  }

  start(): void {
    if (this.transport.kind === 'none')
      this.log?.warn('SMTP_URL is not set and the dev mailbox is off: e-mails wait in the outbox');
    const every = Math.min(Math.max(this.retryBaseMs, 50), 2_000);
    this.timer = setInterval(() => void this.kick(), every);
    this.timer.unref();
    void this.kick();
  }

  /** Deliver what is due now; concurrent kicks coalesce into one more pass. */
  kick(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      try {
        do {
          this.again = false;
          while (!this.stopped && (await this.deliverBatch()) === BATCH);
        } while (this.again && !this.stopped);
      } catch (err) {
        this.log?.error({ err }, 'outbox pass failed');
      } finally {
        this.running = undefined;
      }
    })();
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
    this.transport.close();
  }

  private async deliverBatch(): Promise<number> {
    const claimed = await repo.claimDue(this.db, BATCH, LEASE_S);
    // Delivered messages are marked together after the batch (one statement, not one each).
    const sent: number[] = [];
    const scrubbed: number[] = [];
    const refused: number[] = [];
    for (const m of claimed) {
      if (m.refused) {
        refused.push(m.id);
        continue;
      }
      try {
        await this.transport.send({
          to: m.toAddress,
          subject: m.subject,
          html: m.html,
          text: m.textBody,
          attachments: m.attachments ?? [],
          headers: m.headers ?? undefined,
        });
        // Codes and reset links have done their job once delivered over SMTP; do not keep them at rest.
        (m.sensitive && this.transport.kind === 'smtp' ? scrubbed : sent).push(m.id);
      } catch (err) {
        const delay = Math.min(this.retryBaseMs * 2 ** (m.attempts - 1), MAX_BACKOFF_MS);
        const reason = err instanceof Error ? err.message.slice(0, 300) : 'delivery failed';
        this.log?.warn({ mailId: m.id, attempts: m.attempts, retryInMs: delay }, `mail delivery failed: ${reason}`);
        await repo.retryLater(this.db, m.id, delay, reason);
      }
    }
    if (sent.length) await repo.markSent(this.db, sent, false);
    if (scrubbed.length) await repo.markSent(this.db, scrubbed, true);
    if (refused.length) await repo.markRefused(this.db, refused);
    return claimed.length;
  }
}

/** The outbox's backlog for /metrics: mails not sent yet and how long the oldest has waited. */
export const outboxBacklog = (db: DbOrTx) => repo.backlog(db);
