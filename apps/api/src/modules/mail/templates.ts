import { shownCode } from '@facet/contracts/constants';
import { formatMoney } from '@facet/contracts/money';
// Branded HTML + plain-text e-mails. Every value is escaped; layouts are table-based and inline-
// styled because mail clients ignore <style> and most of CSS.

export interface StoreInfo {
  name: string;
  email: string;
  phone: string;
  address: string;
  publicUrl: string;
}
export interface Rendered {
  subject: string;
  html: string;
  text: string;
}

/** Escapes text for HTML (every value in a mail or the dev mailbox passes through it). */
export const esc = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const INK = '#1c1917';
const MUTED = '#57534e';
const ACCENT = '#1f5e4b'; // the store's primary green (visual.md)

/** Paragraphs, an optional call to action and an optional highlighted block (a code). */
export interface Body {
  greeting?: string;
  paragraphs: string[];
  code?: string;
  action?: { label: string; url: string };
  after?: string[];
  /** Pre-rendered, already-escaped HTML rows (order tables). */
  htmlBlock?: string;
  textBlock?: string;
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
</td></tr></table></td></tr></table></body></html>`;
  const text = [
    `FACET — FINE JEWELRY`,
    '',
    ...(body.greeting ? [body.greeting, ''] : []),
    ...body.paragraphs.flatMap((t) => [t, '']),
    ...(body.code ? [`    ${body.code}`, ''] : []),
    ...(body.action ? [`${body.action.label}: ${body.action.url}`, ''] : []),
    ...(body.textBlock ? [body.textBlock, ''] : []),
    ...(body.after ?? []).flatMap((t) => [t, '']),
    '—',
    `${store.name} · ${store.address}`,
    `${store.phone} · ${store.email}`,
  ].join('\n');
  return { subject, html, text };
}

/** What an appointment e-mail says about the booking. */
export interface AppointmentMail {
  when: string;
  kind: 'in_store' | 'video';
  name: string;
  email: string;
  phone: string;
  reason: string;
  note: string;
  itemTitle: string | null;
  itemHref: string | null;
}

/** One saved search's news in a digest. */
export interface DigestSection {
  label: string;
  stones: Array<{ name: string; detail: string; url: string; priceCents: number; wasCents: number | null }>;
  /** Further matches not listed. */
  more: number;
  searchUrl: string;
  unsubscribeUrl: string;
}

export const templates = {
  verifyCode: (store: StoreInfo, firstName: string, code: string, forNewAddress = false): Rendered =>
    layout(store, `${shownCode(code)} is your ${store.name} verification code`, {
      greeting: `Hello ${firstName},`,
      paragraphs: [
        forNewAddress
          ? 'Enter this code in your profile to confirm your new e-mail address. It is valid for 10 minutes.'
          : 'Enter this code to verify your e-mail address and finish creating your account. It is valid for 10 minutes.',
      ],
      code: shownCode(code),
      after: ['If you did not ask for this, you can ignore this message: nothing changes without the code.'],
    }),

  resetLink: (store: StoreInfo, firstName: string, url: string): Rendered =>
    layout(store, `Reset your ${store.name} password`, {
      greeting: `Hello ${firstName},`,
      paragraphs: [
        'We received a request to reset the password of your account. The link below works once and expires in 30 minutes.',
      ],
      action: { label: 'Choose a new password', url },
      after: ['If you did not ask for a reset, ignore this message; your password stays as it is.'],
    }),

  registrationAttempt: (store: StoreInfo, firstName: string): Rendered =>
    layout(store, `Someone tried to register with your ${store.name} address`, {
      greeting: `Hello ${firstName},`,
      paragraphs: [
        'Someone just tried to create a new account with this e-mail address, which already has an account with us. Nothing was changed.',
        'If it was you, simply log in. If you have forgotten your password, choose "Forgot Password?" in the login panel and we will send you a link to set a new one.',
      ],
      action: { label: `Go to ${store.name}`, url: store.publicUrl },
      after: ['If it was not you, you can ignore this message: your account and password stay as they are.'],
    }),

  passwordChanged: (store: StoreInfo, firstName: string): Rendered =>
    layout(store, `Your ${store.name} password was changed`, {
      greeting: `Hello ${firstName},`,
      paragraphs: [
        'The password of your account was just changed, and every device that was signed in has been signed out.',
        `If this was not you, reply to this message or call us at ${store.phone} right away.`,
      ],
    }),

  contactToStore: (
    store: StoreInfo,
    m: { name: string; email: string; phone: string; subject: string; message: string },
  ): Rendered =>
    layout(store, `Contact form: ${m.subject}`, {
      paragraphs: [
        `From: ${m.name} <${m.email}>${m.phone ? ` · ${m.phone}` : ''}`,
        `Subject: ${m.subject}`,
        ...m.message.split(/\n{2,}/),
      ],
    }),

  /**
   * Goes to an address nobody has proved they own, so it carries none of the visitor's words (not
   * their name, not their subject): the form cannot be used to send anyone a message in our name.
   */
  contactReceipt: (store: StoreInfo): Rendered =>
    layout(store, `We received your message to ${store.name}`, {
      paragraphs: ['Thank you for writing to us. One of our jewelers will answer within one business day.'],
      after: ['If you did not write to us, someone else entered your address; you can ignore this message.'],
    }),

  newsletterConfirm: (store: StoreInfo, url: string): Rendered =>
    layout(store, `Confirm your subscription to ${store.name}`, {
      paragraphs: [
        'Please confirm that you would like our letters: new designs, rare stones and care advice, about twice a month.',
      ],
      action: { label: 'Confirm subscription', url },
      after: ['If you did not sign up, ignore this message and you will hear nothing more from us.'],
    }),

  searchConfirm: (store: StoreInfo, label: string, url: string): Rendered =>
    layout(store, `Confirm your diamond alert from ${store.name}`, {
      paragraphs: [
        `You asked us to write when a new diamond matches this search: ${label}.`,
        'Please confirm it is you. We send at most one e-mail a day, and each has a link to stop.',
      ],
      action: { label: 'Confirm the alert', url },
      after: ['If you did not ask for this, ignore this message and you will hear nothing more from us.'],
    }),

  searchDigest: (
    store: StoreInfo,
    firstName: string | null,
    sections: DigestSection[],
    manageUrl: string | null,
  ): Rendered => {
    const count = sections.reduce((n, s) => n + s.stones.length + s.more, 0);
    const drops = sections.every((s) => s.stones.every((x) => x.wasCents !== null));
    const subject = drops
      ? `Price cut on ${count === 1 ? 'a diamond' : `${count} diamonds`} you are watching`
      : `${count} ${count === 1 ? 'diamond matches' : 'diamonds match'} your saved search`;
    const price = (s: DigestSection['stones'][number]) =>
      s.wasCents === null ? formatMoney(s.priceCents) : `${formatMoney(s.priceCents)} (was ${formatMoney(s.wasCents)})`;
    const htmlBlock = sections
      .map(
        (
          s,
        ) => `<h2 style="margin:24px 0 8px;font-family:Georgia,serif;font-size:18px;font-weight:normal;color:${INK}">${esc(s.label)}</h2>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-top:1px solid #e7e1d8">
${s.stones
  .map(
    (
      x,
    ) => `<tr><td style="padding:10px 0;border-bottom:1px solid #e7e1d8;font-size:14px;line-height:1.5"><a href="${esc(x.url)}" style="color:${ACCENT}">${esc(x.name)}</a><br><span style="font-size:12px;color:${MUTED}">${esc(x.detail)}</span></td>
<td style="padding:10px 0;border-bottom:1px solid #e7e1d8;font-size:14px;text-align:right;white-space:nowrap;color:${INK}">${esc(price(x))}</td></tr>`,
  )
  .join('\n')}
</table>
<p style="margin:8px 0 0;font-size:13px"><a href="${esc(s.searchUrl)}" style="color:${ACCENT}">${s.more ? `See ${s.more} more matching stones` : 'See every match'}</a> · <a href="${esc(s.unsubscribeUrl)}" style="color:${MUTED}">Stop alerts for this search</a></p>`,
      )
      .join('\n');
    const textBlock = sections
      .map((s) =>
        [
          s.label,
          ...s.stones.map((x) => `- ${x.name}, ${price(x)}: ${x.url}`),
          `${s.more ? `See ${s.more} more` : 'See every match'}: ${s.searchUrl}`,
          `Stop alerts for this search: ${s.unsubscribeUrl}`,
        ].join('\n'),
      )
      .join('\n\n');
    return layout(store, subject, {
      greeting: firstName ? `Dear ${firstName},` : undefined,
      paragraphs: [
        'Here is what is new since we last wrote. Each stone is one of a kind: prices and availability are as of this e-mail.',
      ],
      htmlBlock,
      textBlock,
      after: manageUrl ? [`Change or pause your alerts on your profile: ${manageUrl}`] : [],
    });
  },

  appointmentRequested: (store: StoreInfo, a: AppointmentMail, kindLabel: string): Rendered =>
    layout(store, `Your appointment request: ${a.when}`, {
      greeting: `Dear ${a.name},`,
      paragraphs: [
        `Thank you for asking to see us. We have your request for ${a.when}: ${kindLabel.toLowerCase()}, about ${a.reason.toLowerCase()}${a.itemTitle ? ` (${a.itemTitle})` : ''}.`,
        'A jeweller will confirm it by e-mail, usually within a business day. The attached calendar file holds the time until then.',
        `To change or cancel, reply to this e-mail or call ${store.phone}.`,
      ],
    }),

  appointmentNotice: (store: StoreInfo, a: AppointmentMail, kindLabel: string): Rendered =>
    layout(store, `New appointment request: ${a.when}`, {
      paragraphs: [
        `${a.name} (${a.email}${a.phone ? `, ${a.phone}` : ''}) asks for ${a.when}: ${kindLabel.toLowerCase()}, about ${a.reason.toLowerCase()}.`,
        ...(a.itemTitle ? [`To see: ${a.itemTitle}${a.itemHref ? ` (${store.publicUrl}${a.itemHref})` : ''}.`] : []),
        ...(a.note ? [`Their note: ${a.note}`] : []),
        'Confirm or cancel it in the back office, under Appointments.',
      ],
      action: { label: 'Open Appointments', url: `${store.publicUrl}/admin/appointments` },
    }),

  appointmentConfirmed: (store: StoreInfo, a: AppointmentMail, kindLabel: string): Rendered =>
    layout(store, `Confirmed: your appointment on ${a.when}`, {
      greeting: `Dear ${a.name},`,
      paragraphs: [
        `Your appointment is confirmed for ${a.when}: ${kindLabel.toLowerCase()}, about ${a.reason.toLowerCase()}.`,
        a.kind === 'video'
          ? 'We will e-mail the link to the call before the appointment.'
          : `We look forward to welcoming you at ${store.address}.`,
        `The attached calendar file updates the event in your calendar. To change or cancel, reply to this e-mail or call ${store.phone}.`,
      ],
    }),

  appointmentCancelled: (store: StoreInfo, a: AppointmentMail, reason: string): Rendered =>
    layout(store, `Cancelled: your appointment on ${a.when}`, {
      greeting: `Dear ${a.name},`,
      paragraphs: [
        `Your appointment on ${a.when} is cancelled. ${reason}`,
        `We would be glad to find another time: book one at ${store.publicUrl}/book-appointment, reply to this e-mail, or call ${store.phone}.`,
      ],
    }),

  /** A hint: fixed words around the sender's name and note, and the store's own link. */
  hint: (
    store: StoreInfo,
    h: { fromName: string; note: string; title: string; price: string | null; url: string },
  ): Rendered =>
    layout(store, `${h.fromName} dropped a hint`, {
      paragraphs: [
        `${h.fromName} has been admiring a piece at ${store.name} and wanted you to see it:`,
        `${h.title}${h.price ? `, ${h.price}` : ''}.`,
        ...(h.note ? [`“${h.note}”`] : []),
      ],
      action: { label: 'See the piece', url: h.url },
      after: [
        `You received this because someone entered your address on our site to share this piece. We do not keep your address and will not write again unless you ask us to.`,
      ],
    }),
};
