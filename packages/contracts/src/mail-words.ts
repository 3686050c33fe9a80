import { z } from 'zod';

// The words of the e-mails customers read most, as the owner writes them: a subject and an opening
// in Markdown, with the message's facts as `{{placeholders}}`. What must be exact — the order's
// lines and totals, what is promised about making, delivery and returns, buttons, codes — the store
// writes after the owner's words, from its data, so no edit can make an e-mail say something untrue.

export const MAIL_WORD_KINDS = [
  'order-confirmation',
  'order-shipped',
  'order-delivered',
  'return-approved',
  'service-received',
  'gift-card',
  'date-note',
] as const;
export type MailWordKind = (typeof MAIL_WORD_KINDS)[number];

interface Template {
  label: string;
  /** What the store adds after the owner's words. */
  then: string;
  placeholders: Record<string, string>;
  subject: string;
  body: string;
}

const STORE = { storeName: 'The store’s name' };
export const MAIL_WORDS: Record<MailWordKind, Template> = {
  'order-confirmation': {
    label: 'Order confirmation',
    then: 'what happens next (making and delivery times, returns), the order’s lines and totals, the addresses and a link to the order',
    placeholders: { ...STORE, firstName: 'The customer’s first name', orderNumber: 'The order number (FCT-…)' },
    subject: 'Your {{storeName}} order {{orderNumber}}',
    body: 'Thank you, {{firstName}}.\n\nWe have your order {{orderNumber}}.',
  },
  'order-shipped': {
    label: 'Order shipped',
    then: 'whether it is insured and needs a signature, the tracking button and how to follow the order',
    placeholders: {
      ...STORE,
      firstName: 'The customer’s first name',
      orderNumber: 'The order number',
      carrier: 'The carrier (UPS, FedEx…)',
      trackingNumber: 'The tracking number',
    },
    subject: 'Your {{storeName}} order {{orderNumber}} has shipped',
    body: 'Hello {{firstName}},\n\nYour order {{orderNumber}} is on its way with {{carrier}}. Tracking number: {{trackingNumber}}.',
  },
  'order-delivered': {
    label: 'Order delivered',
    then: 'how to ask for a return, with its button, and where signed-in customers find their orders',
    placeholders: { ...STORE, firstName: 'The customer’s first name', orderNumber: 'The order number' },
    subject: 'Your {{storeName}} order {{orderNumber}} was delivered',
    body: 'Hello {{firstName}},\n\nYour order {{orderNumber}} was delivered. We hope you love it.',
  },
  'return-approved': {
    label: 'Return approved',
    then: 'your note to the customer, how to pack the pieces, the prepaid label or where to send them, and how to follow the return',
    placeholders: {
      ...STORE,
      firstName: 'The customer’s first name',
      returnNumber: 'The return number (RMA-…)',
      orderNumber: 'The order number',
      pieces: 'The pieces coming back, in words',
    },
    subject: 'Return {{returnNumber}} approved: how to send it',
    body: 'Hello {{firstName}},\n\nYour return {{returnNumber}} ({{pieces}}) is approved.',
  },
  'service-received': {
    label: 'Repair or resize received',
    then: 'whether the work is free or estimated first, the day it will be ready and how to reach the store',
    placeholders: {
      ...STORE,
      firstName: 'The customer’s first name',
      ticketNumber: 'The ticket number (SVC-…)',
      piece: 'The piece, in words',
      work: 'The work: repair, resize…',
    },
    subject: '{{ticketNumber}}: we have your {{piece}}',
    body: 'Hello {{firstName}},\n\nWe have your {{piece}} for {{work}}. Its ticket number is {{ticketNumber}}; keep your receipt.',
  },
  'gift-card': {
    label: 'Gift card',
    then: 'the sender’s message, the code, the shopping button and how to spend it and check what is left',
    placeholders: {
      ...STORE,
      recipientName: 'Who receives it',
      senderName: 'Who sends it',
      amount: 'Its value ($250)',
    },
    subject: '{{senderName}} sent you a {{amount}} {{storeName}} gift card',
    body: 'Dear {{recipientName}},\n\n{{senderName}} sent you a {{storeName}} gift card for {{amount}}.',
  },
  'date-note': {
    label: 'A note before a customer’s date',
    then: 'a button to the store and the unsubscribe line (it goes only to customers who agreed to e-mails)',
    placeholders: {
      ...STORE,
      firstName: 'The customer’s first name',
      occasion: 'The occasion, in words (Your anniversary, Sam’s birthday)',
      date: 'The day (June 1)',
      partnerName: 'The partner’s name (empty when not kept)',
    },
    subject: '{{occasion}} is on {{date}}',
    body: 'Hello {{firstName}},\n\n{{occasion}} is on {{date}}. If you would like to mark it with something made for the day, we would love to help: an engraving, a piece to add to, or an appointment to choose together.',
  },
};

/** The owner's words for one e-mail. */
export const mailWordsBody = z
  .object({
    version: z.number().int().min(0),
    subject: z
      .string()
      .trim()
      .min(1, 'Write the subject')
      .max(150, 'At most 150 characters')
      .refine((s) => !/[\r\n]/.test(s), 'One line'),
    body: z.string().trim().min(1, 'Write the opening').max(4_000, 'At most 4,000 characters'),
  })
  .strict();
export const mailWordsParams = z.object({ kind: z.enum(MAIL_WORD_KINDS) }).strict();

/** One e-mail's words as the back office shows them. */
export const adminMailWords = z.object({
  kind: z.enum(MAIL_WORD_KINDS),
  label: z.string(),
  then: z.string(),
  placeholders: z.record(z.string(), z.string()),
  subject: z.string(),
  body: z.string(),
  /** The owner's words (false: the store's own). */
  edited: z.boolean(),
  /** The version of all the e-mails' words, read with them (0: never saved). */
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type AdminMailWords = z.infer<typeof adminMailWords>;

/** POST /api/admin/mail-words/:kind/preview: the e-mail as a customer would get it with these words. */
export const mailPreviewBody = mailWordsBody.omit({ version: true }).strict();
export const mailPreview = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
  /** Whose message it was made from ("order FCT-…", or "an example" when the store has none yet). */
  from: z.string(),
});

/** Placeholders a text uses that the e-mail does not have (a typo is refused, never sent). */
export function unknownPlaceholders(kind: MailWordKind, ...texts: string[]): string[] {
  const known = MAIL_WORDS[kind].placeholders;
  return [...new Set(texts.flatMap((t) => [...t.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!)))].filter(
    (name) => !(name in known),
  );
}
