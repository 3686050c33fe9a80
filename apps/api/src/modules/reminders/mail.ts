import { formatMoney } from '@facet/contracts/money';
import type { StoneAlternative } from '@facet/contracts/commerce';
import { ACCENT, esc, INK, layout, MUTED, type Rendered, type StoreInfo } from '../mail/index.ts';

// This module's e-mails, in the store's layout.

export interface ReminderLine {
  title: string;
  details: string[];
  priceCents: number;
  quantity: number;
  /** Sold since it went in the cart (its price is not offered). */
  sold: boolean;
  message: string | null;
  alternatives: StoneAlternative[];
}

const row = (cells: string) => `<tr>${cells}</tr>`;
const cell = (html: string, right = false) =>
  `<td style="padding:10px 0;border-bottom:1px solid #e7e1d8;font-size:14px;line-height:1.5;vertical-align:top;${right ? 'text-align:right;white-space:nowrap;' : ''}color:${INK}">${html}</td>`;

export const reminderMails = {
  leftCart: (
    store: StoreInfo,
    m: {
      step: 1 | 2;
      firstName: string | null;
      lines: ReminderLine[];
      subtotalCents: number;
      restoreUrl: string;
      unsubscribeUrl: string;
    },
  ): Rendered => {
    const sold = m.lines.filter((l) => l.sold);
    const subject =
      m.step === 1 ? `Your cart at ${store.name} is waiting` : `Still thinking it over? Your cart at ${store.name}`;
    const htmlBlock = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-top:1px solid #e7e1d8;margin:0 0 16px">
${m.lines
  .map((l) =>
    row(
      cell(
        `<strong style="font-weight:600">${esc(l.title)}</strong>${l.quantity > 1 ? ` × ${l.quantity}` : ''}${l.details.length ? `<br><span style="font-size:12px;color:${MUTED}">${esc(l.details.join(' · '))}</span>` : ''}${
          l.sold
            ? `<br><span style="font-size:13px;color:#9f1239">${esc(l.message ?? 'Sold since you chose it.')}</span>${
                l.alternatives.length
                  ? `<br><span style="font-size:13px">Close to it, on sale now:</span>${l.alternatives
                      .map(
                        (a) =>
                          `<br><a href="${esc(`${store.publicUrl}${a.href}`)}" style="color:${ACCENT};font-size:13px">${esc(a.title)}</a> <span style="font-size:13px">${esc(formatMoney(a.priceCents))}</span>`,
                      )
                      .join('')}`
                  : ''
              }`
            : ''
        }`,
      ) + cell(l.sold ? `<span style="color:${MUTED}">Sold</span>` : esc(formatMoney(l.priceCents * l.quantity)), true),
    ),
  )
  .join('\n')}
${row(cell('<strong style="font-weight:600">Subtotal today</strong>') + cell(`<strong style="font-weight:600">${esc(formatMoney(m.subtotalCents))}</strong>`, true))}
</table>`;
    const textBlock = [
      ...m.lines.flatMap((l) => [
        `- ${l.title}${l.quantity > 1 ? ` × ${l.quantity}` : ''}: ${l.sold ? 'sold' : formatMoney(l.priceCents * l.quantity)}`,
        ...(l.details.length ? [`  ${l.details.join(' · ')}`] : []),
        ...(l.sold && l.message ? [`  ${l.message}`] : []),
        ...(l.sold && l.alternatives.length
          ? [
              '  Close to it, on sale now:',
              ...l.alternatives.map((a) => `  · ${a.title}, ${formatMoney(a.priceCents)}: ${store.publicUrl}${a.href}`),
            ]
          : []),
      ]),
      `Subtotal today: ${formatMoney(m.subtotalCents)}`,
    ].join('\n');
    return layout(store, subject, {
      greeting: m.firstName ? `Dear ${m.firstName},` : undefined,
      paragraphs: [
        m.step === 1
          ? 'You left these in your cart. Here they are as they are now, at today’s prices.'
          : 'Your cart is still here, as it is now, at today’s prices.',
        ...(sold.length
          ? [
              sold.length === 1
                ? 'One of the stones you chose has been sold since; we have picked the closest still on sale.'
                : 'Some of the stones you chose have been sold since; we have picked the closest still on sale.',
            ]
          : []),
      ],
      htmlBlock,
      textBlock,
      action: { label: 'Return to your cart', url: m.restoreUrl },
      after: ['The button brings this cart back on any device for 14 days, without signing in.'],
      unsubscribeUrl: m.unsubscribeUrl,
    });
  },
};
