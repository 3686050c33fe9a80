import type { z } from 'zod';
import type { ConfigureInput } from '@facet/contracts/configurator';
import { metalName } from '@facet/contracts/metals';
import { formatMoney } from '@facet/contracts/money';
import type { OrderChangePreview, orderChangeInput } from '@facet/contracts/order-changes';
import type { Db, DbOrTx } from '../../db/client.ts';
import { Conflict, Unprocessable } from '../../errors.ts';
import { runFlow, type FlowHooks, type Step } from '../../flow.ts';
import { hashToken, newToken } from '../../secrets.ts';
import { storeInfo } from '../../store-facts.ts';
import { audit, type Actor } from '../audit/index.ts';
import { configuratorReads, configureProduct } from '../configurator/index.ts';
import { enqueueMail, layout } from '../mail/index.ts';
import type { TaxProvider } from '../tax/index.ts';
import { refundInTx, type BackOfficeDeps } from './back-office.ts';
import { balanceOf } from './part-payments.ts';
import { orderRepository as repo, type OrderRow } from './repository.ts';
import { getOrderRow } from './service.ts';

// A ring changed before it is made: another size or metal. The line's new price is its old price
// plus what the setting costs more (or less) in the new size or metal today; its stones are the
// ones it was sold with. The order's tax is worked out again for the new goods; the difference is
// asked for by the pay link (the order's balance) or refunded to its payments at once.

type Change = z.output<typeof orderChangeInput>;
type Line = Awaited<ReturnType<typeof repo.lines>>[number];
const money = (c: number) => formatMoney(c, { exact: true });

export interface ChangeDeps extends BackOfficeDeps {
  tax: TaxProvider;
}

interface Worked {
  o: OrderRow;
  line: Line;
  config: ConfigureInput;
  next: ConfigureInput;
  unitCents: number;
  title: string;
  sku: string;
  subtotalCents: number;
  taxCents: number;
  taxLines: OrderRow['taxLines'];
  totalCents: number;
  options: OrderChangePreview['options'];
}

const sizeOf = (c: ConfigureInput) => c.size ?? null;

/** The change worked out on the order as it is (nothing written). */
async function work(deps: ChangeDeps, db: DbOrTx, o: OrderRow, change: Change, allowSame = false): Promise<Worked> {
  const lines = await repo.lines(db, o.id);
  const line = lines.find((l) => l.position === change.line);
  if (!line) throw new Unprocessable('There is no such piece on this order.', { 'change.line': 'Not on the order' });
  if (line.kind !== 'configured' || !line.configuration)
    throw new Unprocessable(
      `${line.title} cannot be changed here: it is made as it was chosen. Reply to your order e-mail and we will help.`,
    );
  const config = line.configuration as ConfigureInput;
  const model = await configuratorReads.model(db, config.groupId);
  if (!model) throw new Unprocessable(`${line.title} is no longer made: reply to your order e-mail and we will help.`);
  const next: ConfigureInput = {
    ...config,
    ...(change.size !== undefined ? { size: change.size } : {}),
    ...(change.metal !== undefined ? { metal: change.metal } : {}),
  };
  if (!allowSame && next.size === config.size && next.metal === config.metal)
    throw new Unprocessable('That is the size and metal it already has.', { 'change.size': 'Choose another' });
  // The setting alone, before and after, priced today: the stones are this order's already.
  const [was, now] = await Promise.all([
    configureProduct(db as Db, { ...config, stones: [] }),
    configureProduct(db as Db, { ...next, stones: [] }),
  ]);
  const unitCents = Math.max(0, line.unitPriceCents + now.totalCents - was.totalCents);
  const subtotalCents = o.subtotalCents - line.lineTotalCents + unitCents * line.quantity;
  const goodsCents = Math.max(0, subtotalCents - o.discountCents - o.giftCardCents);
  const a = o.shippingAddress;
  const tax = await deps.tax.quote({
    address: { line1: a.line1, city: a.city, state: a.state, zip: a.zip, country: a.country || 'US' },
    goodsCents,
    shippingCents: o.shippingCents,
  });
  const stoneParts = (line.details.find((d) => d.startsWith('SKU ')) ?? '')
    .slice(4)
    .split(':')
    .filter((p) => /^L\d/.test(p));
  return {
    o,
    line,
    config,
    next,
    unitCents,
    title: now.title,
    sku: [now.sku, ...stoneParts].join(':'),
    subtotalCents,
    taxCents: tax.cents,
    taxLines: tax.lines,
    totalCents: subtotalCents - o.discountCents + o.shippingCents + tax.cents,
    options: {
      sizes: model.sizes,
      metals: model.metals.map((code: string) => ({ code, name: metalName(code) })),
    },
  };
}

const previewOf = (w: Worked, payUrl: string | null, made: boolean): OrderChangePreview => ({
  line: w.line.position,
  before: {
    title: w.line.title,
    unitPriceCents: w.line.unitPriceCents,
    size: sizeOf(w.config),
    metal: w.config.metal,
  },
  after: { title: w.title, unitPriceCents: w.unitCents, size: sizeOf(w.next), metal: w.next.metal },
  totalBeforeCents: w.o.totalCents,
  totalAfterCents: w.totalCents,
  differenceCents: w.totalCents - w.o.totalCents,
  options: w.options,
  payUrl,
  made,
});

interface ChangeState {
  deps: ChangeDeps;
  tx: DbOrTx;
  actor: Actor;
  byStaff: boolean;
  number: string;
  change: Change;
  version?: number;
  note: string;
  w?: Worked;
  /** The order after its totals were rewritten. */
  after?: OrderRow;
  payUrl?: string | null;
  done?: boolean;
}

/**
 * The change, in one transaction on the locked order: allowed while the order is placed (staff, with
 * a note, in production too); the line rewritten and both versions kept on the timeline; the totals
 * and tax worked out again; a smaller total refunded at once, a larger one asked for by the pay link.
 */
export const CHANGE_STEPS: Array<Step<ChangeState>> = [
  {
    name: 'check order',
    async run(s) {
      const o = await repo.lockByNumber(s.tx, s.number);
      if (!o) throw new Unprocessable('There is no such order.');
      if (s.version !== undefined && o.version !== s.version)
        throw new Conflict('The order was changed by someone else since you opened it. Reload it and try again.');
      if (o.paymentState !== 'paid') throw new Conflict('This order is not paid yet: it cannot be changed.');
      const made = o.status !== 'placed';
      if (made && !(s.byStaff && o.status === 'in_production'))
        throw new Conflict(
          o.status === 'in_production'
            ? 'Your piece is already being made, so it can no longer be changed here. Reply to your order e-mail and we will see what can be done.'
            : `This order is ${o.status.replace(/_/g, ' ')}: it can no longer be changed.`,
        );
      if (made && !s.note)
        throw new Unprocessable('The piece is in production: say why it is changed anyway.', { note: 'Say why' });
      s.w = await work(s.deps, s.tx, o, s.change);
    },
  },
  {
    name: 'rewrite line',
    async run(s) {
      const w = s.w!;
      await repo.updateLine(s.tx, w.line.id, {
        title: w.title,
        configuration: w.next,
        details: [...w.line.details.filter((d) => !d.startsWith('SKU ')), `SKU ${w.sku}`],
        unitPriceCents: w.unitCents,
        lineTotalCents: w.unitCents * w.line.quantity,
      });
      const after = await repo.setTotals(s.tx, w.o.id, w.o.version, {
        subtotalCents: w.subtotalCents,
        taxCents: w.taxCents,
        taxLines: w.taxLines,
        totalCents: w.totalCents,
      });
      if (!after) throw new Conflict('The order was changed by someone else meanwhile. Reload it and try again.');
      s.after = after;
      const before = w.line;
      await repo.insertEvent(s.tx, {
        orderId: w.o.id,
        type: 'change',
        visibleToCustomer: true,
        data: {
          before: { title: before.title, unitPriceCents: before.unitPriceCents, details: before.details },
          after: { title: w.title, unitPriceCents: w.unitCents },
          differenceCents: w.totalCents - w.o.totalCents,
          totalBeforeCents: w.o.totalCents,
          totalAfterCents: w.totalCents,
          note: s.note,
        },
        staffId: s.byStaff ? s.actor.id : null,
        staffName: s.byStaff ? s.actor.email : null,
      });
      await audit(
        s.tx,
        s.actor,
        'order.change',
        'order',
        w.o.number,
        { title: before.title, unitPriceCents: before.unitPriceCents, totalCents: w.o.totalCents },
        { title: w.title, unitPriceCents: w.unitCents, totalCents: w.totalCents, note: s.note },
      );
    },
  },
  {
    name: 'settle difference',
    async run(s) {
      const w = s.w!;
      const o = s.after!;
      const over = o.paidCents - o.refundedCents - o.totalCents;
      s.payUrl = null;
      if (over > 0) {
        await refundInTx(s.deps, s.tx, s.actor, o, {
          version: o.version,
          amountCents: over,
          reason: `Change before production: ${w.title}`,
          key: `change:${o.number}:${o.version}`,
        });
        return;
      }
      if (balanceOf(o) > 0) {
        const token = newToken();
        await repo.setBalanceLink(s.tx, o.id, { balanceTokenHash: hashToken(token) });
        const store = storeInfo(s.deps.settings.current(), s.deps.config);
        s.payUrl = `${store.publicUrl}/pay/${o.number}?token=${token}`;
        const first = o.shippingAddress.name.split(' ')[0] ?? '';
        await enqueueMail(s.tx, {
          kind: 'order-change-due',
          to: o.email,
          ...layout(store, `Your change to order ${o.number}: ${money(balanceOf(o))} to pay`, {
            greeting: `Hello ${first},`,
            paragraphs: [
              `${w.line.title} is now ${w.title}. The order's total is ${money(o.totalCents)}; ${money(balanceOf(o))} is left to pay.`,
              'We make the piece as changed; it ships once paid in full.',
            ],
            action: { label: `Pay ${money(balanceOf(o))}`, url: s.payUrl },
            after: ['Reply to this e-mail or call us with any question; quote the order number.'],
          }),
        });
      }
    },
  },
];

/** The new total of a change, worked out and not made. */
export async function previewChange(
  deps: ChangeDeps,
  number: string,
  change: Change,
  who: { userId: number | null; token: string | null } | 'staff',
) {
  const o = who === 'staff' ? await repo.byNumber(deps.db, number) : await getOrderRow(deps.db, number, who);
  if (!o) throw new Unprocessable('There is no such order.');
  // Asked with nothing changed, it answers what the line may become (the page's first look).
  return previewOf(await work(deps, deps.db, o, change, true), null, false);
}

export async function changeOrder(
  deps: ChangeDeps,
  number: string,
  change: Change,
  by: { staff: Actor; version: number; note: string } | { customer: { userId: number | null; token: string | null } },
  hooks?: FlowHooks,
): Promise<OrderChangePreview> {
  if ('customer' in by) await getOrderRow(deps.db, number, by.customer);
  const actor: Actor = 'staff' in by ? by.staff : { id: null, email: 'customer' };
  const s = await deps.db.transaction((tx) =>
    runFlow(
      'change order',
      CHANGE_STEPS,
      {
        deps,
        tx,
        actor,
        byStaff: 'staff' in by,
        number,
        change,
        version: 'staff' in by ? by.version : undefined,
        note: 'staff' in by ? by.note : '',
      },
      hooks,
    ),
  );
  void deps.outbox.kick();
  return previewOf(s.w!, s.payUrl ?? null, true);
}
