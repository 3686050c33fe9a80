import { randomBytes } from 'node:crypto';
import { EXCHANGE_CREDIT, paymentText } from '@facet/contracts/commerce';
import { formatMoney } from '@facet/contracts/money';
import type { ExchangeOffer } from '@facet/contracts/returns';
import type { Config } from '../../config.ts';
import type { DbOrTx } from '../../db/client.ts';
import { Conflict } from '../../errors.ts';
import { hashToken, newReference } from '../../secrets.ts';
import { storeFacts, storeInfo, type SettingsSource } from '../../store-facts.ts';
import { enqueueMail } from '../mail/index.ts';
import type { LinkPaid } from './link-payment.ts';
import { orderConfirmation, orderNotification } from './mail.ts';
import { orderRepository as repo, type OrderRow } from './repository.ts';
import { orderStock } from './stock.ts';
import { toOrder } from './shape.ts';

// An exchange's replacement: a new order for the pieces staff chose, paid by the credit of what
// came back (and, when it costs more, by the shopper's payment of the difference). The credit
// leaves the original order as a refund to this order, so neither order counts the money twice.

export interface ReplacementInput {
  original: OrderRow;
  offer: ExchangeOffer;
  /** The return it comes from: at most one replacement per return (the idempotency key). */
  returnNumber: string;
  /** The difference, paid by the shopper (null: the credit pays it all). */
  paid: LinkPaid | null;
  provider: string;
  staff: { id: number | null; email: string } | null;
}

export async function placeReplacement(
  deps: { settings: SettingsSource; config: Config },
  tx: DbOrTx,
  x: ReplacementInput,
): Promise<OrderRow> {
  for (const l of x.offer.lines)
    if (l.onHand && !(await orderStock.takeStock(tx, l.refId, l.quantity)))
      throw new Conflict(
        `${l.title} (${l.sku}) is no longer in stock for ${l.quantity}: nothing was charged; choose another replacement.`,
      );
  const settings = deps.settings.current();
  const standard = settings.shipping.standard;
  const credit = Math.min(x.offer.creditCents, x.offer.totalCents);
  const accessToken = randomBytes(24).toString('base64url');
  const row = await repo.insert(tx, {
    number: newReference('FCT'),
    userId: x.original.userId,
    email: x.original.email,
    accessTokenHash: hashToken(accessToken),
    shippingAddress: x.original.shippingAddress,
    billingAddress: x.original.billingAddress,
    shippingMethod: 'standard',
    shippingLabel: standard.label,
    shippingDays: standard.days,
    subtotalCents: x.offer.subtotalCents,
    discountCents: 0,
    giftCardCents: 0,
    exchangeCreditCents: credit,
    exchangeOfOrderId: x.original.id,
    shippingCents: 0,
    taxCents: x.offer.taxCents,
    taxLines: x.offer.taxLines,
    taxCalculation: x.offer.taxCalculation,
    totalCents: x.offer.totalCents,
    paidCents: x.offer.totalCents,
    paymentState: 'paid',
    paymentProvider: x.paid ? x.provider : 'exchange',
    paymentRef: x.paid?.ref ?? `exchange:${x.returnNumber}`,
    cardBrand: x.paid?.brand ?? EXCHANGE_CREDIT,
    cardLast4: x.paid?.last4 ?? '',
    idempotencyScope: 'exchange',
    idempotencyKey: x.returnNumber,
    requestHash: x.returnNumber,
    answer: {},
  });
  await orderStock.recordLines(
    tx,
    x.offer.lines.map((l, i) => ({
      orderId: row.id,
      position: i,
      kind: 'product',
      refId: l.refId,
      title: l.title,
      details: l.details,
      image: l.image,
      configuration: null,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      lineTotalCents: l.lineTotalCents,
    })),
  );
  const order = toOrder(row, await repo.lines(tx, row.id), settings);
  await repo.finalize(tx, row.id, {
    paymentRef: row.paymentRef,
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
    answer: { ...order, accessToken },
  });
  await repo.insertEvent(tx, {
    orderId: row.id,
    type: 'placed',
    visibleToCustomer: true,
    data: {
      totalCents: x.offer.totalCents,
      card: x.paid
        ? `${paymentText({ brand: EXCHANGE_CREDIT, last4: '' })} ${formatMoney(credit, { exact: true })}, ${x.paid.brand} ending ${x.paid.last4} ${formatMoney(x.offer.totalCents - credit, { exact: true })}`
        : paymentText({ brand: EXCHANGE_CREDIT, last4: '' }),
      exchangeOf: x.original.number,
      return: x.returnNumber,
    },
    staffId: x.staff?.id ?? null,
    staffName: x.staff?.email ?? null,
  });
  // The credit moves from the original order to this one: a refund there that no card sees.
  const after = await repo.updateIfVersion(tx, x.original.id, x.original.version, {
    refundedCents: x.original.refundedCents + credit,
  });
  if (!after) throw new Conflict('The original order was changed by someone else — reload and try again.');
  await repo.insertRefund(tx, {
    orderId: x.original.id,
    amountCents: credit,
    reason: `Exchange ${x.returnNumber}: credit to order ${row.number}`,
    providerRef: `exchange:${row.number}`,
    staffId: x.staff?.id ?? null,
  });
  const store = storeInfo(settings, deps.config);
  await enqueueMail(tx, {
    kind: 'order-confirmation',
    to: row.email,
    ...orderConfirmation(
      store,
      storeFacts(settings, deps.config),
      order,
      `${store.publicUrl}/order-confirmation?number=${row.number}&token=${accessToken}`,
    ),
  });
  await enqueueMail(tx, { kind: 'order-notification', to: store.email, ...orderNotification(store, order) });
  return row;
}
