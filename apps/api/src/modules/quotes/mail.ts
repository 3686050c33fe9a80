import { paymentText } from '@facet/contracts/commerce';
import { formatMoney } from '@facet/contracts/money';
import type { QuoteVersion } from '@facet/contracts/quotes';
import { esc, INK, layout, MUTED, type Rendered, type StoreInfo } from '../mail/index.ts';

const money = (c: number) => formatMoney(c, { exact: true });
const dayText = (day: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );

export type QuoteMailKind =
  | { kind: 'sent' | 'revised'; version: QuoteVersion; url: string }
  | { kind: 'withdrawn' }
  | {
      kind: 'accepted';
      version: QuoteVersion;
      orderNumber: string;
      paid: { brand: string; last4: string } | null;
    }
  | { kind: 'accepted-store'; version: QuoteVersion; orderNumber: string };

/** The version's lines and amounts, as the quote page shows them (the same numbers, from the same row). */
function amountsBlock(v: QuoteVersion) {
  const a = v.amounts;
  const row = (label: string, c: number, bold = false) =>
    `<tr><td style="padding:4px 0;font-size:14px;${bold ? 'font-weight:bold;' : `color:${MUTED};`}">${esc(label)}</td><td style="padding:4px 0;font-size:14px;text-align:right;${bold ? 'font-weight:bold' : ''}">${money(c)}</td></tr>`;
  const lines = v.lines
    .map(
      (l) =>
        `<tr><td style="padding:8px 0;border-bottom:1px solid #e7e1d8;font-size:14px;color:${INK}">${esc(l.title)}${l.quantity > 1 ? ` × ${l.quantity}` : ''}${l.details.length ? `<br><span style="font-size:12px;color:${MUTED}">${esc(l.details.join(' · '))}</span>` : ''}</td><td style="padding:8px 0;border-bottom:1px solid #e7e1d8;font-size:14px;text-align:right">${money(l.lineTotalCents)}</td></tr>`,
    )
    .join('');
  const html = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:8px 0 20px">${lines}
${row('Subtotal', a.subtotalCents)}${row('Shipping, insured', a.shippingCents)}${row(v.taxLabel, a.taxCents)}${row('Total', a.totalCents, true)}${row('Deposit', a.depositCents, true)}${row('Balance when your piece is ready', a.balanceCents)}</table>`;
  const text = [
    ...v.lines.map((l) => `${l.title}${l.quantity > 1 ? ` × ${l.quantity}` : ''} — ${money(l.lineTotalCents)}`),
    '',
    `Subtotal: ${money(a.subtotalCents)}`,
    `Shipping, insured: ${money(a.shippingCents)}`,
    `${v.taxLabel}: ${money(a.taxCents)}`,
    `Total: ${money(a.totalCents)}`,
    `Deposit: ${money(a.depositCents)}`,
    `Balance when your piece is ready: ${money(a.balanceCents)}`,
  ].join('\n');
  return { html, text };
}

export function quoteMail(store: StoreInfo, q: { number: string; name: string }, m: QuoteMailKind): Rendered {
  const greeting = `Hello ${q.name.split(' ')[0] ?? ''},`;
  const reply = 'Reply to this e-mail or call us with any question; quote the number.';
  switch (m.kind) {
    case 'sent':
    case 'revised': {
      const block = amountsBlock(m.version);
      return layout(
        store,
        m.kind === 'sent' ? `Your quote ${q.number}` : `Your quote ${q.number}, version ${m.version.number}`,
        {
          greeting,
          paragraphs: [
            m.kind === 'sent'
              ? `Here is our quote ${q.number} for your piece.`
              : `We have updated quote ${q.number}: version ${m.version.number} replaces the one before, and the link in earlier e-mails no longer opens it.`,
            ...(m.version.message ? [m.version.message] : []),
            `It is open until ${dayText(m.version.expiresOn)}. Accept it with a deposit of ${money(m.version.amounts.depositCents)}; the balance of ${money(m.version.amounts.balanceCents)} is asked for when your piece is ready, and it ships once paid in full.`,
          ],
          action: { label: 'Open your quote', url: m.url },
          htmlBlock: block.html,
          textBlock: block.text,
          after: [reply],
        },
      );
    }
    case 'withdrawn':
      return layout(store, `Quote ${q.number} withdrawn`, {
        greeting,
        paragraphs: [`We have withdrawn quote ${q.number}; its link no longer opens it and nothing was charged.`],
        after: [reply],
      });
    case 'accepted': {
      const block = amountsBlock(m.version);
      return layout(store, `Your commission is under way — order ${m.orderNumber}`, {
        greeting,
        paragraphs: [
          `Thank you for accepting quote ${q.number}. Your order is ${m.orderNumber}, and we have started on it.`,
          m.paid
            ? `We received your deposit of ${money(m.version.amounts.depositCents)} (${paymentText(m.paid)}).`
            : 'No deposit was asked for.',
          `When your piece is ready we e-mail you a link to pay the balance of ${money(m.version.amounts.balanceCents)}; it ships, insured, once paid in full.`,
        ],
        htmlBlock: block.html,
        textBlock: block.text,
        after: [reply],
      });
    }
    case 'accepted-store':
      return layout(store, `Quote ${q.number} accepted — order ${m.orderNumber}`, {
        paragraphs: [
          `${q.name} accepted version ${m.version.number} of quote ${q.number} and paid its deposit of ${money(m.version.amounts.depositCents)}. Order ${m.orderNumber} is in production.`,
        ],
        action: { label: 'Open the order', url: `${store.publicUrl}/admin/orders/${m.orderNumber}` },
      });
  }
}
