import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';
import { MAIL_WORDS, type MailWordKind } from '@facet/contracts/mail-words';
import { esc, INK, type StoreInfo } from './layout.ts';

// The owner's words at the top of an e-mail (or the store's own, never edited): a subject and an
// opening in Markdown whose placeholders are the message's facts. Values are escaped into the HTML;
// the Markdown itself is reduced to paragraphs, emphasis, lists and links.

/** The words the owner saved, by e-mail (absent: the store's own). */
export type MailWordsSet = Partial<Record<MailWordKind, { subject: string; body: string }>>;

const fill = (text: string, values: Record<string, string>, escape: (s: string) => string) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in values ? escape(values[name]!) : whole));

const P = `margin:0 0 16px;font-size:15px;line-height:1.6;color:${INK}`;

/** The subject and opening of `kind` for these facts, as HTML (styled for mail clients) and as text. */
export function opening(store: StoreInfo, kind: MailWordKind, facts: Record<string, string>) {
  const words = store.words?.[kind] ?? MAIL_WORDS[kind];
  const values = { storeName: store.name, ...facts };
  const safe = sanitizeHtml(marked.parse(words.body, { async: false }), {
    allowedTags: ['p', 'br', 'strong', 'em', 'a', 'ul', 'ol', 'li'],
    allowedAttributes: { a: ['href'] },
    allowedSchemes: ['https', 'mailto', 'tel'],
  });
  const html = fill(safe, values, esc)
    .replace(/<p>/g, `<p style="${P}">`)
    .replace(/<(ul|ol)>/g, `<$1 style="${P};padding-left:20px">`)
    .replace(/<a href=/g, '<a style="color:#1f5e4b" href=');
  const text = fill(words.body, values, (s) => s)
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(^|\s)[*_](\S.*?\S|\S)[*_]/g, '$1$2')
    .replace(/^#+\s*/gm, '')
    .trim();
  return { subject: fill(words.subject, values, (s) => s), intro: { html, text } };
}
