import { orderPromises, shipsPieces } from '@facet/contracts/order-promises';
import { refundDestinationText, type RefundTo } from '@facet/contracts/refunds';
import { madeToOrderText, type StoreFacts } from '@facet/contracts/store-facts';
import { paymentText, type Order } from '@facet/contracts/commerce';
import { ACCENT, esc, layout, opening, type Rendered, type StoreInfo } from '../mail/index.ts';
import { formatMoney } from '@facet/contracts/money';
import { engravingText } from '@facet/contracts/engraving-rules';

const money = (c: number) => formatMoney(c, { exact: true });

/** What a cancellation did with the money, as it was done. */
export type CancelledMoney =
  | { kind: 'refunded'; amountCents: number; to: RefundTo; keptCents?: number }
  | { kind: 'not-refunded'; paidCents: number }
  /** Cancelled under the layaway terms with no more paid than the fee: the store keeps it all. */
  | { kind: 'kept'; keptCents: number }
  | { kind: 'nothing-charged' };
const addr = (a: Order['shippingAddress']) =>
  [a.name, a.company, a.line1, a.line2, `${a.city}, ${a.state} ${a.zip}`, a.phone].filter(Boolean);

/** What a line cost before its sale, in all (null: no sale on it). */
const sale = (l: Order['lines'][number]) =>
  l.wasUnitCents !== undefined && l.saleName ? l.wasUnitCents * l.quantity : null;

/** The days engraving adds, said where the order's making time is. */
const engravingDays = (o: Order) => {
  const days = Math.max(0, ...o.lines.map((l) => l.engraving?.days ?? 0));
  return days ? `; engraving adds ${days} business ${days === 1 ? 'day' : 'days'}` : '';
};

function orderBlock(o: Order): { html: string; text: string } {
  const rows = o.lines
    .map(
      (l) =>
        `<tr><td style="padding:10px 0;border-bottom:1px solid #e7e1d8;font-size:14px;color:#1c1917">${esc(l.title)}<br><span style="font-size:12px;color:#57534e">${esc(l.details.join(' · '))}${l.quantity > 1 ? ` · Qty ${l.quantity}` : ''}</span>${l.engraving ? `<br><span style="font-size:13px;color:#1c1917">${esc(engravingText(l.engraving))}</span>` : ''}${sale(l) ? `<br><span style="font-size:12px;color:#1f5e4b">${esc(l.saleName!)}</span>` : ''}</td><td style="padding:10px 0;border-bottom:1px solid #e7e1d8;font-size:14px;text-align:right;white-space:nowrap">${money(l.lineTotalCents)}${sale(l) ? `<br><s style="font-size:12px;color:#57534e">was ${money(sale(l)!)}</s>` : ''}</td></tr>`,
    )
    .join('');
  const sum = (label: string, c: number, bold = false) =>
    `<tr><td style="padding:4px 0;font-size:14px;${bold ? 'font-weight:bold' : 'color:#57534e'}">${label}</td><td style="padding:4px 0;font-size:14px;text-align:right;${bold ? 'font-weight:bold' : ''}">${money(c)}</td></tr>`;
  const t = o.totals;
  // Gift cards alone ship nothing: no shipping line, no "ships to".
  const ships = shipsPieces(o.lines);
  const html = `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:8px 0 20px">${rows}
${sum('Subtotal', t.subtotalCents)}${t.discountCents ? sum(`Discount (${esc(t.discountLabel ?? '')})`, -t.discountCents) : ''}${ships ? sum(`Shipping (${esc(o.shipping.label)})`, t.shippingCents) : ''}${sum(`Sales tax${t.taxState ? ` (${t.taxState})` : ''}`, t.taxCents)}${sum('Total', t.totalCents, true)}${(o.giftCards ?? []).map((g) => sum(`Paid with gift card ending ${esc(g.last4)}`, -g.cents)).join('')}${o.exchangeCreditCents ? sum('Credit for the pieces you sent back', -o.exchangeCreditCents) : ''}</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 20px"><tr>
${ships ? `<td valign="top" style="font-size:13px;line-height:1.6;color:#1c1917;padding-right:12px"><strong>Ships to</strong><br>${addr(o.shippingAddress).map(esc).join('<br>')}</td>` : ''}
<td valign="top" style="font-size:13px;line-height:1.6;color:#1c1917"><strong>Billed to</strong><br>${addr(o.billingAddress).map(esc).join('<br>')}<br>${esc(paymentText(o.payment))}</td></tr></table>`;
  const text = [
    ...o.lines.map(
      (l) =>
        `${l.title}${l.quantity > 1 ? ` × ${l.quantity}` : ''} — ${money(l.lineTotalCents)}${sale(l) ? ` (${l.saleName}, was ${money(sale(l)!)})` : ''}\n  ${l.details.join(' · ')}${l.engraving ? `\n  ${engravingText(l.engraving)}` : ''}`,
    ),
    '',
    `Subtotal: ${money(t.subtotalCents)}`,
    ...(t.discountCents ? [`Discount (${t.discountLabel}): −${money(t.discountCents)}`] : []),
    ...(ships ? [`Shipping (${o.shipping.label}): ${money(t.shippingCents)}`] : []),
    `Sales tax: ${money(t.taxCents)}`,
    `Total: ${money(t.totalCents)}`,
    ...(o.giftCards ?? []).map((g) => `Paid with gift card ending ${g.last4}: −${money(g.cents)}`),
    ...(o.exchangeCreditCents ? [`Credit for the pieces you sent back: −${money(o.exchangeCreditCents)}`] : []),
    ...(ships ? ['', 'Ships to:', ...addr(o.shippingAddress).map((l) => `  ${l}`)] : []),
    '',
    'Billed to:',
    ...addr(o.billingAddress).map((l) => `  ${l}`),
    `  ${paymentText(o.payment)}`,
  ].join('\n');
  return { html, text };
}

const dayOf = (d: string) =>
  new Date(`${d}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** What the customer agreed to pay and when (layaway), or why the card is only authorised (a supplier's stone). */
function planParagraphs(o: Order): string[] {
  const out: string[] = [];
  if (o.plan) {
    const list = o.plan.instalments.map((i) => `${money(i.amountCents)} on ${dayOf(i.dueOn)}`).join('; ');
    out.push(
      `On layaway: you paid a deposit of ${money(o.plan.depositCents)} today. The rest is charged ${o.plan.card ? `to your ${o.plan.card}` : 'to your card'} in ${o.plan.instalments.length} instalments: ${list}. Your piece ships once it is paid in full.`,
      `An instalment still unpaid ${o.plan.graceDays} days after its day cancels the order; the store then keeps its cancellation fee of ${money(o.plan.feeCents)} and refunds the rest.`,
    );
  }
  if (o.supplierConfirmBy)
    out.push(
      `Your diamond comes from one of our suppliers: your card is authorised for ${money(o.totals.totalCents)} but not charged until the supplier confirms it. If they cannot, by ${new Date(o.supplierConfirmBy).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/New_York' })} ET, the authorisation is released and nothing is charged.`,
    );
  return out;
}

export function orderConfirmation(store: StoreInfo, facts: StoreFacts, o: Order, url: string): Rendered {
  const block = orderBlock(o);
  // Only what is true of this order's lines: a gift card alone is e-mailed, not made or shipped.
  const p = orderPromises(o, facts);
  const { subject, intro } = opening(store, 'order-confirmation', {
    firstName: o.shippingAddress.name.split(' ')[0] ?? '',
    orderNumber: o.number,
  });
  return layout(store, subject, {
    intro,
    paragraphs: [
      ...(p.ships
        ? [
            `Our jewelers will inspect every piece, and we will e-mail you the tracking number when it ships (${o.shipping.days} once ready; made-to-order rings take ${madeToOrderText(facts)} to craft${engravingDays(o)}).`,
          ]
        : []),
      ...(p.giftCards ? [p.giftCards] : []),
      ...planParagraphs(o),
    ],
    htmlBlock: block.html,
    textBlock: block.text,
    action: { label: 'View your order', url },
    after: [[p.ships ? p.delivery : '', p.returns].filter(Boolean).join(' ')],
  });
}

export function orderNotification(store: StoreInfo, o: Order): Rendered {
  const block = orderBlock(o);
  return layout(store, `New order ${o.number}: ${money(o.totals.totalCents)}`, {
    paragraphs: [
      `Order ${o.number} was placed by ${o.email} (${o.shipping.label}). Serialized stones in it are marked sold.`,
    ],
    htmlBlock: block.html,
    textBlock: block.text,
  });
}

export type OrderUpdate =
  | {
      kind: 'shipped';
      carrier: string;
      trackingNumber: string;
      trackingUrl: string;
      /** Whether the label asks for a signature (unknown for a label bought elsewhere: the store's policy says yes). */
      signature?: boolean;
    }
  | { kind: 'delivered'; returnUrl: string; reviewUrl: string }
  | { kind: 'cancelled'; reason: string; money: CancelledMoney }
  | { kind: 'refunded'; amountCents: number; to: RefundTo };

/** What the customer is told when staff move their order on: one e-mail per step that matters to them. */
export function orderUpdate(store: StoreInfo, o: { number: string; name: string }, u: OrderUpdate, ordersUrl: string) {
  const first = o.name.split(' ')[0] ?? '';
  const greeting = `Hello ${first},`;
  const signIn = `You can follow your order under Orders when signed in, or through the link in your confirmation e-mail.`;
  switch (u.kind) {
    case 'shipped': {
      const { subject, intro } = opening(store, 'order-shipped', {
        firstName: first,
        orderNumber: o.number,
        carrier: u.carrier,
        trackingNumber: u.trackingNumber,
      });
      return layout(store, subject, {
        intro,
        paragraphs: [`It travels insured${u.signature === false ? '' : ', and needs a signature on delivery'}.`],
        action: { label: 'Track your parcel', url: u.trackingUrl },
        after: [signIn],
      });
    }
    case 'delivered': {
      const { subject, intro } = opening(store, 'order-delivered', { firstName: first, orderNumber: o.number });
      return layout(store, subject, {
        intro,
        paragraphs: [
          'If something is not right, you can ask to return it within the return window, with or without an account.',
        ],
        action: { label: 'Return an item', url: u.returnUrl },
        htmlBlock: `<p style="margin:0 0 16px;font-size:15px;line-height:1.6">How do you like it? <a href="${esc(u.reviewUrl)}" style="color:${ACCENT}">Review your piece</a> — other shoppers read what buyers say.</p>`,
        textBlock: `How do you like it? Review your piece: ${u.reviewUrl}`,
        after: [`Signed in, your orders are under ${ordersUrl}.`],
      });
    }
    case 'cancelled':
      return layout(store, `Your ${store.name} order ${o.number} is cancelled`, {
        greeting,
        paragraphs: [
          `Your order ${o.number} is cancelled: ${u.reason}`,
          u.money.kind === 'refunded'
            ? u.money.keptCents
              ? `We have refunded ${money(u.money.amountCents)} of the ${money(u.money.amountCents + u.money.keptCents)} you paid, keeping the cancellation fee of ${money(u.money.keptCents)}. ${refundDestinationText(u.money.to, money)}`
              : `We have refunded what you paid, ${money(u.money.amountCents)}. ${refundDestinationText(u.money.to, money)}`
            : u.money.kind === 'kept'
              ? `The ${money(u.money.keptCents)} you paid is kept as the cancellation fee.`
              : u.money.kind === 'not-refunded'
                ? `You paid ${money(u.money.paidCents)} for it, and it has not been refunded yet: we will e-mail you as soon as it is.`
                : 'Nothing was charged for it.',
        ],
        after: [signIn],
      });
    case 'refunded':
      return layout(store, `Refund of ${money(u.amountCents)} for order ${o.number}`, {
        greeting,
        paragraphs: [
          `A refund of ${money(u.amountCents)} for your order ${o.number}. ${refundDestinationText(u.to, money)}`,
        ],
        after: [signIn],
      });
  }
}
