import {
  MAIL_WORD_KINDS,
  MAIL_WORDS,
  unknownPlaceholders,
  type AdminMailWords,
  type MailWordKind,
} from '@facet/contracts/mail-words';
import type { StoreSettings } from '@facet/contracts/store-settings';
import type { Db, DbOrTx } from '../../db/client.ts';
import { Conflict, Validation } from '../../errors.ts';
import { audit, type Actor } from '../audit/index.ts';
import { layout, opening, type MailWordsSet, type StoreInfo } from '../mail/index.ts';
import { mailWordsRepository as repo } from './repository.ts';

// The owner's words for the e-mails customers read most: one versioned document, every save audited
// (before → after), each instance's copy travelling with its copy of the settings.

const STALE = 'These words were changed by someone else since you opened them. Reload and try again.';

// The words each instance uses, kept beside the settings they were read with: whoever holds the
// settings (a service about to send an e-mail) finds the words that go with them.
const wordsBySettings = new WeakMap<StoreSettings, MailWordsSet>();
export const rememberWords = (settings: StoreSettings, words: MailWordsSet) => wordsBySettings.set(settings, words);
export const wordsFor = (settings: StoreSettings): MailWordsSet | undefined => wordsBySettings.get(settings);
export const readWords = async (db: DbOrTx): Promise<MailWordsSet> => (await repo.read(db))?.body ?? {};

export async function wordsForStaff(db: DbOrTx): Promise<AdminMailWords[]> {
  const row = await repo.read(db);
  return MAIL_WORD_KINDS.map((kind) => {
    const own = row?.body[kind];
    const t = MAIL_WORDS[kind];
    return {
      kind,
      label: t.label,
      then: t.then,
      placeholders: t.placeholders,
      subject: own?.subject ?? t.subject,
      body: own?.body ?? t.body,
      edited: !!own,
      version: row?.version ?? 0,
      updatedAt: row ? new Date(row.updatedAt).toISOString() : null,
      updatedBy: row?.by ?? null,
    };
  });
}

function checkPlaceholders(kind: MailWordKind, subject: string, body: string) {
  const errors: Record<string, string> = {};
  for (const [field, text] of [
    ['subject', subject],
    ['body', body],
  ] as const) {
    const unknown = unknownPlaceholders(kind, text);
    if (unknown.length)
      errors[field] = `This e-mail has no {{${unknown[0]}}}: use one of the placeholders listed beside it.`;
  }
  if (Object.keys(errors).length) throw new Validation(Object.values(errors)[0]!, errors);
}

/** One e-mail's words saved (null: back to the store's own), as the next version of them all. */
export async function saveWords(
  db: Db,
  actor: Actor,
  kind: MailWordKind,
  version: number,
  words: { subject: string; body: string } | null,
): Promise<{ list: AdminMailWords[]; words: MailWordsSet }> {
  if (words) checkPlaceholders(kind, words.subject, words.body);
  return db.transaction(async (tx) => {
    const row = await repo.read(tx, true);
    const before = row?.body ?? {};
    const { [kind]: was, ...others } = before;
    const after: MailWordsSet = words ? { ...others, [kind]: words } : others;
    if (!(await repo.write(tx, version, after, actor.email))) throw new Conflict(STALE);
    await audit(
      tx,
      actor,
      words ? 'mail.words.save' : 'mail.words.reset',
      'mail_words',
      kind,
      was ?? MAIL_WORDS[kind],
      words ?? MAIL_WORDS[kind],
    );
    return { list: await wordsForStaff(tx), words: after };
  });
}

const EXAMPLE: Record<string, string> = {
  firstName: 'Alex',
  orderNumber: 'FCT-100234',
  carrier: 'UPS',
  trackingNumber: '1Z999AA10123456784',
  returnNumber: 'RMA-10042',
  pieces: 'Classic Solitaire Mounting',
  ticketNumber: 'SVC-10017',
  piece: 'eternity band',
  work: 'repair',
  recipientName: 'Sam Rivera',
  senderName: 'Alex Morgan',
  amount: '$250',
  occasion: 'Your anniversary',
  date: 'June 1',
  partnerName: 'Sam',
};

/**
 * The e-mail with these words, before saving: the order e-mails made from the newest real order
 * (its number, the customer's name, its carrier), the others from an example; then a note of what
 * the store writes after the words.
 */
export async function previewWords(
  db: DbOrTx,
  store: StoreInfo,
  kind: MailWordKind,
  words: { subject: string; body: string },
) {
  checkPlaceholders(kind, words.subject, words.body);
  const order = kind.startsWith('order-') ? await repo.latestOrder(db) : null;
  const facts = {
    ...EXAMPLE,
    ...(order && {
      orderNumber: order.number,
      firstName: order.name.split(' ')[0] ?? '',
      ...(order.carrier ? { carrier: order.carrier } : {}),
      ...(order.trackingNumber ? { trackingNumber: order.trackingNumber } : {}),
    }),
  };
  const { subject, intro } = opening({ ...store, words: { [kind]: words } }, kind, facts);
  const rendered = layout(store, subject, {
    intro,
    paragraphs: [`[Then the store adds ${MAIL_WORDS[kind].then}.]`],
  });
  return { ...rendered, from: order ? `order ${order.number}` : 'an example' };
}
