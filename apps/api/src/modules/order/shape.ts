import type { EngravingOnLine } from '@facet/contracts/engraving';
import type { SettingsSource } from '../../store-facts.ts';
import type { StoreSettings } from '@facet/contracts/store-settings';
import type { z } from 'zod';
import type { Order, placeOrderBody } from '@facet/contracts/commerce';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { shippingOptions, type RatesSource } from '../cart/index.ts';
import type { MailOutbox } from '../mail/index.ts';
import type { TaxProvider } from '../tax/index.ts';
import type { PaymentProvider } from '../payments/index.ts';
import type { OrderRow } from './repository.ts';

// What the order module's parts share: its dependencies, the checkout body, and an order's answer.

export type PlaceOrder = z.output<typeof placeOrderBody>;

export interface OrderDeps {
  db: Db;
  config: Config;
  settings: SettingsSource;
  outbox: MailOutbox;
  payments: PaymentProvider;
  /** Sales tax at the address (the store's table, or a tax service). */
  tax: TaxProvider;
  /** The carrier's rates for the address (absent: the store's own prices). */
  rates?: RatesSource;
  /** Stones were sold: the caches showing them are dropped (all, when none are named). */
  onStonesSold: (stones?: Array<{ kind: 'diamond' | 'gemstone' | 'melee'; id: number }>) => void;
}

export function toOrder(
  o: OrderRow,
  lines: Array<{
    kind: string;
    title: string;
    details: string[];
    image: string;
    quantity: number;
    unitPriceCents: number;
    lineTotalCents: number;
    wasUnitCents?: number | null;
    saleName?: string | null;
    discountCents?: number;
    engraving?: EngravingOnLine | null;
  }>,
  settings: StoreSettings,
  giftCards: Array<{ last4: string; cents: number }> = [],
): Order {
  const shipping = shippingOptions(settings, o.subtotalCents).find((s) => s.method === o.shippingMethod)!;
  return {
    number: o.number,
    status: o.status,
    placedAt: o.placedAt.toISOString(),
    email: o.email,
    lines: lines.map((l) => ({
      kind: l.kind as Order['lines'][number]['kind'],
      title: l.title,
      details: l.details,
      image: l.image,
      quantity: l.quantity,
      unitPriceCents: l.unitPriceCents,
      lineTotalCents: l.lineTotalCents,
      ...(l.wasUnitCents != null && l.saleName != null ? { wasUnitCents: l.wasUnitCents, saleName: l.saleName } : {}),
      ...(l.discountCents ? { discountCents: l.discountCents } : {}),
      ...(l.engraving ? { engraving: l.engraving } : {}),
    })),
    ...(giftCards.length ? { giftCards } : {}),
    ...(o.exchangeCreditCents ? { exchangeCreditCents: o.exchangeCreditCents } : {}),
    shippingAddress: o.shippingAddress,
    billingAddress: o.billingAddress,
    // What was promised when the order was placed; orders from before that was kept, today's wording.
    shipping: {
      ...shipping,
      label: o.shippingLabel ?? shipping.label,
      days: o.shippingDays ?? shipping.days,
      cents: o.shippingCents,
    },
    totals: {
      subtotalCents: o.subtotalCents,
      discountCents: o.discountCents,
      discountLabel: o.discountLabel,
      shippingCents: o.shippingCents,
      taxCents: o.taxCents,
      taxState: o.shippingAddress.state,
      taxLines: o.taxLines,
      totalCents: o.totalCents,
    },
    payment: { brand: o.cardBrand, last4: o.cardLast4, state: o.paymentState },
    ...(o.paymentState === 'authorized' && o.authorizedUntil
      ? { supplierConfirmBy: o.authorizedUntil.toISOString() }
      : {}),
    // Paid in parts (a commission's deposit): what has been paid and what is left.
    ...(o.paidCents < o.totalCents && o.paymentState === 'paid' && o.status !== 'cancelled'
      ? { balance: { paidCents: o.paidCents, dueCents: o.totalCents - o.paidCents } }
      : {}),
  };
}
