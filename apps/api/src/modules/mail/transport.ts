import { inSpan, SpanKind } from '../../tracing.ts';
import nodemailer from 'nodemailer';
import type { Config } from '../../config.ts';
import { devMailboxEnabled } from '../../config.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: Array<{ filename: string; contentType: string; content: string; encoding?: 'base64' }>;
  headers?: Record<string, string>;
}

/** Where the outbox delivers: real SMTP, the dev mailbox (the outbox row itself), or nowhere yet. */
export interface MailTransport {
  kind: 'smtp' | 'mailbox' | 'none';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createTransport(config: Config): MailTransport {
  if (config.SMTP_URL) {
    const smtp = nodemailer.createTransport(config.SMTP_URL, { from: config.MAIL_FROM });
    return {
      kind: 'smtp',
      send: async (m) => {
        await inSpan('smtp send', SpanKind.CLIENT, { 'server.address': new URL(config.SMTP_URL!).hostname }, () =>
          smtp.sendMail({
            to: m.to,
            subject: m.subject,
            html: m.html,
            text: m.text,
            attachments: m.attachments,
            headers: m.headers,
          }),
        );
      },
      close: () => smtp.close(),
    };
  }
  if (devMailboxEnabled(config)) {
    // The message is already stored; marking it delivered makes it appear at /dev/mailbox.
    return { kind: 'mailbox', send: async () => {}, close: () => {} };
  }
  return {
    kind: 'none',
    send: async () => {
      throw new Error('No SMTP_URL configured: the message waits in the outbox');
    },
    close: () => {},
  };
}
