import type { MailWordsSet } from './words.ts';

// Branded HTML + plain-text e-mails. Every value is escaped; layouts are table-based and inline-
// styled because mail clients ignore <style> and most of CSS.

export interface StoreInfo {
  name: string;
  email: string;
  phone: string;
  address: string;
  publicUrl: string;
  /** The owner's words for the e-mails that take them (absent: the store's own). */
  words?: MailWordsSet;
}
export interface Rendered {
  subject: string;
  html: string;
  text: string;
}

/** Escapes text for HTML (every value in a mail or the dev mailbox passes through it). */
export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export const INK = '#1c1917';
export const MUTED = '#57534e';
export const ACCENT = '#1f5e4b'; // the store's primary green (visual.md)

/** Paragraphs, an optional call to action and an optional highlighted block (a code). */
export interface Body {
  /** The owner's opening (words.ts), already rendered: before any greeting and paragraphs. */
  intro?: { html: string; text: string };
  greeting?: string;
  paragraphs: string[];
  code?: string;
  action?: { label: string; url: string };
  after?: string[];
  /** Pre-rendered, already-escaped HTML rows (order tables). */
  htmlBlock?: string;
  textBlock?: string;
  /** A message the shopper may refuse: its unsubscribe page, said at the foot. */
  unsubscribeUrl?: string;
}

export function layout(store: StoreInfo, subject: string, body: Body): Rendered {
  const p = (t: string) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:${INK}">${esc(t)}</p>`;
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${esc(subject)}</title></head>
<body style="margin:0;background:#f7f4ef;font-family:Helvetica,Arial,sans-serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f7f4ef;padding:32px 12px"><tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border:1px solid #e7e1d8">
<tr><td style="padding:28px 32px;border-bottom:1px solid #e7e1d8;text-align:center">
<a href="${esc(store.publicUrl)}/" style="font-family:Georgia,'Times New Roman',serif;font-size:26px;letter-spacing:6px;color:${INK};text-decoration:none">FACET</a>
<div style="font-size:11px;letter-spacing:3px;color:${ACCENT};margin-top:4px">FINE JEWELRY</div></td></tr>
<tr><td style="padding:32px">
${body.intro?.html ?? ''}
${body.greeting ? p(body.greeting) : ''}
${body.paragraphs.map(p).join('\n')}
${body.code ? `<div style="margin:8px 0 24px;text-align:center"><span style="display:inline-block;padding:14px 24px;border:1px solid #e7e1d8;background:#faf8f5;font-size:30px;letter-spacing:10px;font-family:'Courier New',monospace;color:${INK}">${esc(body.code)}</span></div>` : ''}
${
  body.action
    ? `<div style="margin:8px 0 24px;text-align:center"><a href="${esc(body.action.url)}" style="display:inline-block;padding:14px 28px;background:${ACCENT};color:#ffffff;text-decoration:none;font-size:14px;letter-spacing:1px">${esc(body.action.label)}</a></div>
<p style="margin:0 0 16px;font-size:12px;line-height:1.5;color:${MUTED}">If the button does not work, paste this address into your browser:<br><span style="word-break:break-all">${esc(body.action.url)}</span></p>`
    : ''
}
${body.htmlBlock ?? ''}
${(body.after ?? []).map(p).join('\n')}
</td></tr>
<tr><td style="padding:20px 32px;border-top:1px solid #e7e1d8;font-size:12px;line-height:1.6;color:${MUTED};text-align:center">
${esc(store.name)} · ${esc(store.address)}<br>${esc(store.phone)} · <a href="mailto:${esc(store.email)}" style="color:${MUTED}">${esc(store.email)}</a>
${body.unsubscribeUrl ? `<br>You agreed to hear from us. <a href="${esc(body.unsubscribeUrl)}" style="color:${MUTED}">Unsubscribe</a>` : ''}
</td></tr></table></td></tr></table></body></html>`;
  const text = [
    `FACET — FINE JEWELRY`,
    '',
    ...(body.intro ? [body.intro.text, ''] : []),
    ...(body.greeting ? [body.greeting, ''] : []),
    ...body.paragraphs.flatMap((t) => [t, '']),
    ...(body.code ? [`    ${body.code}`, ''] : []),
    ...(body.action ? [`${body.action.label}: ${body.action.url}`, ''] : []),
    ...(body.textBlock ? [body.textBlock, ''] : []),
    ...(body.after ?? []).flatMap((t) => [t, '']),
    '—',
    `${store.name} · ${store.address}`,
    `${store.phone} · ${store.email}`,
    ...(body.unsubscribeUrl ? [`You agreed to hear from us. Unsubscribe: ${body.unsubscribeUrl}`] : []),
  ].join('\n');
  return { subject, html, text };
}
