import { refundDestinationText, type RefundTo } from '@facet/contracts/refunds';
import { formatMoney } from '@facet/contracts/money';
import { paths } from '@facet/contracts/paths';
import type { ExchangeOffer } from '@facet/contracts/returns';
import { layout, opening, type Rendered, type StoreInfo } from '../mail/index.ts';

/** What happened to a return, as its customer (or, for `staff`, the store) is told. */
export type ReturnStep =
  | { kind: 'requested' }
  | { kind: 'staff' }
  | { kind: 'approved'; message: string; label: { filename: string; base64: string } | null }
  | { kind: 'declined'; message: string }
  | { kind: 'received' }
  | { kind: 'inspected'; exchange: boolean }
  | { kind: 'refunded'; amountCents: number; feeCents: number; to: RefundTo }
  | { kind: 'awaiting-payment'; offer: ExchangeOffer; link: string }
  | { kind: 'exchanged'; offer: ExchangeOffer; refundCents: number; refundTo: RefundTo | null; paidCents: number };

interface ReturnFacts {
  number: string;
  orderNumber: string;
  name: string;
  items: Array<{ title: string; quantity: number }>;
  /** An exchange: what the shopper would like instead. */
  exchangeFor?: string;
}

const money = (c: number) => formatMoney(c, { exact: true });
const itemsText = (r: { items: Array<{ title: string; quantity: number }> }) =>
  r.items.map((i) => `${i.title}${i.quantity > 1 ? ` × ${i.quantity}` : ''}`).join('; ');
/** The replacement and its sums, as the shopper reads them. */
const offerText = (o: ExchangeOffer) => [
  `Your replacement: ${itemsText({ items: o.lines })}, ${money(o.totalCents)} with tax (${money(o.subtotalCents)} and ${money(
    o.taxCents,
  )} tax), shipped free and insured to the address on your order.`,
  `What you sent back is credited at ${money(o.creditCents)}.`,
];

/** One e-mail per step; a label staff attach travels with the approval as a PDF. */
export function returnMail(
  store: StoreInfo,
  r: ReturnFacts,
  s: ReturnStep,
): Rendered & { attachments?: Array<{ filename: string; contentType: string; content: string; encoding: 'base64' }> } {
  const greeting = `Hello ${r.name.split(' ')[0] ?? ''},`;
  const follow = `You can follow it under Orders when signed in (${store.publicUrl}${paths.orders()}), or reply to this e-mail.`;
  switch (s.kind) {
    case 'requested':
      return layout(store, `Return ${r.number} for order ${r.orderNumber}: we have your request`, {
        greeting,
        paragraphs: [
          `We have your request to return ${itemsText(r)} from order ${r.orderNumber}. Its number is ${r.number}.`,
          'We will reply within one business day with the next step. Please keep the piece in its box until then.',
        ],
        after: [follow],
      });
    case 'staff':
      return layout(store, `Return requested: ${r.number} (order ${r.orderNumber})`, {
        paragraphs: [
          `${r.name} asks to return ${itemsText(r)} from order ${r.orderNumber}.`,
          ...(r.exchangeFor ? [`They would like an exchange for: ${r.exchangeFor}`] : []),
        ],
        action: { label: 'Open the return', url: `${store.publicUrl}/admin/returns/${r.number}` },
      });
    case 'approved': {
      const approved = opening(store, 'return-approved', {
        firstName: r.name.split(' ')[0] ?? '',
        returnNumber: r.number,
        orderNumber: r.orderNumber,
        pieces: itemsText(r),
      });
      return {
        ...layout(store, approved.subject, {
          intro: approved.intro,
          paragraphs: [
            s.message,
            'Pack each piece in its original box with its certificates and appraisals, inside a plain outer box, and write the return number on the packing slip.',
            s.label
              ? 'The prepaid, insured label is attached: print it, fix it to the outer box, hand the parcel in at the carrier’s staffed counter and keep the receipt.'
              : `Send it fully insured for its value, signature required, to ${store.name}, ${store.address}, and keep the carrier’s receipt.`,
          ],
          after: [follow],
        }),
        ...(s.label
          ? {
              attachments: [
                {
                  filename: s.label.filename,
                  contentType: 'application/pdf',
                  content: s.label.base64,
                  encoding: 'base64',
                },
              ],
            }
          : {}),
      };
    }
    case 'declined':
      return layout(store, `Return ${r.number}: we cannot accept it`, {
        greeting,
        paragraphs: [`We cannot accept your return ${r.number} (${itemsText(r)}).`, s.message],
        after: [follow],
      });
    case 'received':
      return layout(store, `Return ${r.number}: it has arrived`, {
        greeting,
        paragraphs: [
          `Your return ${r.number} (${itemsText(r)}) has arrived. We inspect every return within three business days.`,
        ],
        after: [follow],
      });
    case 'inspected':
      return layout(store, `Return ${r.number}: inspected`, {
        greeting,
        paragraphs: [
          `We have inspected your return ${r.number}. ${
            s.exchange ? 'We will write shortly with your replacement.' : 'Your refund follows shortly.'
          }`,
        ],
        after: [follow],
      });
    case 'refunded':
      return layout(store, `Return ${r.number}: refund of ${money(s.amountCents)}`, {
        greeting,
        paragraphs: [
          `A refund of ${money(s.amountCents)} for your return ${r.number}${
            s.feeCents ? `, less the ${money(s.feeCents)} restocking fee on made-to-order pieces` : ''
          }. ${refundDestinationText(s.to, money)}`,
        ],
        after: [follow],
      });
    case 'awaiting-payment':
      return layout(store, `Return ${r.number}: your replacement is ready — ${money(s.offer.differenceCents)} to pay`, {
        greeting,
        paragraphs: [
          `Thank you for sending back ${itemsText(r)}.`,
          ...offerText(s.offer),
          `The difference is ${money(s.offer.differenceCents)}. Once it is paid we send your replacement and e-mail you its order.`,
        ],
        action: { label: `Pay ${money(s.offer.differenceCents)}`, url: s.link },
        after: [follow],
      });
    case 'exchanged':
      return layout(store, `Return ${r.number}: exchanged — your replacement is order ${s.offer.orderNumber}`, {
        greeting,
        paragraphs: [
          `Your return ${r.number} is exchanged. Your replacement is order ${s.offer.orderNumber}; we e-mail you its tracking number when it ships.`,
          ...offerText(s.offer),
          ...(s.paidCents ? [`You paid the difference of ${money(s.paidCents)}. Thank you.`] : []),
          ...(s.refundCents
            ? [
                `The credit was worth ${money(s.refundCents)} more than the replacement. ${
                  s.refundTo ? refundDestinationText(s.refundTo, money) : 'We refunded it the way you paid.'
                }`,
              ]
            : []),
        ],
        after: [follow],
      });
  }
}
