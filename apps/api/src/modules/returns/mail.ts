import { formatMoney } from '@facet/contracts/money';
import { paths } from '@facet/contracts/paths';
import { layout, type Rendered, type StoreInfo } from '../mail/index.ts';

/** What happened to a return, as its customer (or, for `staff`, the store) is told. */
export type ReturnStep =
  | { kind: 'requested' }
  | { kind: 'staff' }
  | { kind: 'approved'; message: string; label: { filename: string; base64: string } | null }
  | { kind: 'declined'; message: string }
  | { kind: 'received' }
  | { kind: 'inspected' }
  | { kind: 'refunded'; amountCents: number; feeCents: number };

interface ReturnFacts {
  number: string;
  orderNumber: string;
  name: string;
  items: Array<{ title: string; quantity: number }>;
}

const money = (c: number) => formatMoney(c, { exact: true });
const itemsText = (r: ReturnFacts) =>
  r.items.map((i) => `${i.title}${i.quantity > 1 ? ` × ${i.quantity}` : ''}`).join('; ');

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
        paragraphs: [`${r.name} asks to return ${itemsText(r)} from order ${r.orderNumber}.`],
        action: { label: 'Open the return', url: `${store.publicUrl}/admin/returns/${r.number}` },
      });
    case 'approved':
      return {
        ...layout(store, `Return ${r.number} approved: how to send it`, {
          greeting,
          paragraphs: [
            `Your return ${r.number} (${itemsText(r)}) is approved.`,
            s.message,
            ...(s.label ? ['The prepaid, insured label is attached: print it and fix it to the outer box.'] : []),
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
        paragraphs: [`We have inspected your return ${r.number}. Your refund follows shortly.`],
        after: [follow],
      });
    case 'refunded':
      return layout(store, `Return ${r.number}: refund of ${money(s.amountCents)}`, {
        greeting,
        paragraphs: [
          `We refunded ${money(s.amountCents)} for your return ${r.number} to the way you paid (gift cards first, then your card)${
            s.feeCents ? `, less the ${money(s.feeCents)} restocking fee on made-to-order pieces` : ''
          }. It can take a few business days for your bank to show it.`,
        ],
        after: [follow],
      });
  }
}
