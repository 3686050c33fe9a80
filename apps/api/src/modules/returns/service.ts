import { hashToken, newReference, newToken } from '../../secrets.ts';
import { privatePhoto, withPrivatePhoto, type MediaStore } from '../media-store/index.ts';
import { ENGRAVED_NOT_RETURNABLE } from '@facet/contracts/engraving-rules';
import { formatMoney } from '@facet/contracts/money';
import { proratedRefund, type RefundTo } from '@facet/contracts/refunds';
import type { ProcessedPhoto } from '../media-store/index.ts';
import {
  OPEN_RETURN_STATUSES,
  RETURN_PHOTOS_MAX,
  RETURN_STATUS_LABELS,
  type AdminReturn,
  type AdminReturnList,
  type ExchangeOffer,
  type OrderReturns,
  type ReturnStatus,
  type StaffOrderReturns,
} from '@facet/contracts/returns';
import type { z } from 'zod';
import type {
  adminReturnQuery,
  approveReturnBody,
  declineReturnBody,
  exchangeReturnBody,
  inspectReturnBody,
  payDifferenceBody,
  returnRequestBody,
} from '@facet/contracts/returns';
import type { ConfigureInput } from '@facet/contracts/configurator';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { Conflict, NotFound, Unprocessable, Validation } from '../../errors.ts';
import { runFlow, type FlowHooks, type Step } from '../../flow.ts';
import { stateMachine } from '../../state-machine.ts';
import { storeFacts, storeInfo, type SettingsSource } from '../../store-facts.ts';
import { audit, type Actor } from '../audit/index.ts';
import { enqueueMails, type MailOutbox } from '../mail/index.ts';
import { paths } from '@facet/contracts/paths';
import { priceSku, taxedTotals } from '../cart/index.ts';
import { tableTaxProvider, type TaxProvider } from '../tax/index.ts';
import { saleBook } from '../sales/index.ts';
import {
  orderAfterSale as orders,
  placeReplacement,
  refundInTx,
  takeLinkPayment,
  type LinkPaid,
  type LinkPaymentState,
  type OrderRow,
} from '../order/index.ts';
import type { PaymentProvider } from '../payments/index.ts';
import { returnsRepository as repo, type ReturnRow } from './repository.ts';
import { returnMail, type ReturnStep } from './mail.ts';

// Returns (RMA): a shopper asks to send pieces of a delivered order back within the return window;
// staff approve or decline, receive, inspect (and put back on sale) and refund through the order's
// own refund, each step on the order's timeline and e-mailed.

export interface ReturnsDeps {
  db: Db;
  /** Where the customer's photographs are kept (with the store's other media files). */
  media: MediaStore;
  config: Config;
  settings: SettingsSource;
  outbox: MailOutbox;
  payments: PaymentProvider;
  /** Stones went back on sale: catalogue copies refresh (the database also tells other instances). */
  onStonesReleased: () => void;
  /** Sales tax at the address (absent: the store's table). */
  tax?: TaxProvider;
  /** Told after each step of a flow (tests inject failures there). */
  hooks?: FlowHooks;
  /** A prepaid return label from the carrier service, bought once per return (absent: none connected). */
  returnLabel?: (
    actor: Actor,
    r: { number: string; orderId: number; valueCents: number; pieces: number },
  ) => Promise<{ filename: string; pdf: Buffer }>;
}
type Who = { userId: number | null; token: string | null };

const newNumber = () => newReference('RMA');
const STALE = 'This return was changed by someone else — reload to see the change, then try again.';
const DAY_MS = 86_400_000;

const dayText = (d: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone }).format(d);

/**
 * The order as its customer may see it: signed in as its owner, a token of its e-mails, or the
 * link e-mailed to pay an exchange's difference (which opens this order's returns only).
 */
async function customerOrder(deps: ReturnsDeps, number: string, who: Who) {
  try {
    return await orders.forCustomer(deps.db, number, who);
  } catch (err) {
    if (!(err instanceof NotFound) || !who.token) throw err;
    const o = await orders.byNumber(deps.db, number);
    const hash = hashToken(who.token);
    if (!o || !(await repo.ofOrder(deps.db, o.id)).some((r) => r.payTokenHash === hash)) throw err;
    return o;
  }
}

/** Each line of the order, with how many can still be returned now, or why none can. */
async function returnableLines(db: DbOrTx, o: OrderRow, facts: { returnDays: number; timezone: string }) {
  const [lines, deliveredAt, returns] = await Promise.all([
    orders.lines(db, o.id),
    orders.deliveredAt(db, o.id),
    repo.ofOrder(db, o.id),
  ]);
  const taken = new Map<number, number>();
  // Lines in a return still under way (asked, approved, on its way, being inspected): not yet returned.
  const underWay = new Set<number>();
  for (const r of returns)
    if (r.status !== 'declined')
      for (const l of r.lines) {
        taken.set(l.orderLineId, (taken.get(l.orderLineId) ?? 0) + l.quantity);
        if (['requested', 'approved', 'received', 'inspected', 'awaiting-payment'].includes(r.status))
          underWay.add(l.orderLineId);
      }
  const until = deliveredAt ? new Date(deliveredAt.getTime() + facts.returnDays * DAY_MS) : null;
  const closed =
    o.status === 'cancelled'
      ? 'This order was cancelled.'
      : !until
        ? 'Returns open once the order is delivered.'
        : Date.now() > until.getTime()
          ? `The ${facts.returnDays}-day return window closed on ${dayText(until, facts.timezone)}.`
          : null;
  const rows = lines.map((l) => {
    const left = l.quantity - (taken.get(l.id) ?? 0);
    const why =
      closed ??
      (l.engraving
        ? ENGRAVED_NOT_RETURNABLE
        : l.kind === 'gift-card'
          ? 'Gift cards cannot be returned.'
          : left <= 0
            ? underWay.has(l.id)
              ? 'Its return is under way (see below).'
              : 'Already returned.'
            : null);
    return { row: l, line: l.position, returnable: why ? 0 : left, why };
  });
  return { rows, until, returns, lines };
}

/** What the return page shows: every line with what can be returned, and the returns asked so far. */
export async function returnsOfOrder(deps: ReturnsDeps, number: string, who: Who): Promise<OrderReturns> {
  const o = await customerOrder(deps, number, who);
  const facts = storeFacts(deps.settings.current(), deps.config);
  const { rows, until, returns, lines } = await returnableLines(deps.db, o, facts);
  const titleOf = new Map(lines.map((l) => [l.id, l.title]));
  return {
    number: o.number,
    until: until ? until.toISOString() : null,
    returnDays: facts.returnDays,
    lines: rows.map((r) => ({
      line: r.line,
      title: r.row.title,
      details: r.row.details,
      image: r.row.image,
      quantity: r.row.quantity,
      returnable: r.returnable,
      why: r.why,
    })),
    returns: returns.map((r) => ({
      number: r.number,
      status: r.status as ReturnStatus,
      resolution: r.resolution as 'refund' | 'exchange',
      createdAt: r.createdAt.toISOString(),
      lines: r.lines.map((l) => ({ title: titleOf.get(l.orderLineId) ?? '', quantity: l.quantity })),
      message: r.message,
      refundCents: r.refundCents,
      photos: r.photos,
      exchangeFor: r.exchangeFor,
      exchange: r.exchange,
    })),
    payment: null,
  };
}

/** A shopper's photograph of what they send back, while the request waits for staff. */
export async function addReturnPhoto(
  deps: ReturnsDeps,
  number: string,
  rmaNumber: string,
  who: Who,
  photo: ProcessedPhoto,
) {
  const o = await customerOrder(deps, number, who);
  await withPrivatePhoto(deps.media, 'return', photo, (putFiles) =>
    deps.db.transaction(async (tx) => {
      const r = await repo.byNumber(tx, rmaNumber, true);
      if (!r || r.orderId !== o.id) throw new NotFound('There is no such return on this order.');
      if (r.status !== 'requested')
        throw new Conflict('Photographs are added while the request waits for us; reply to our e-mail with more.');
      if ((await repo.photos(tx, r.id)).length >= RETURN_PHOTOS_MAX)
        throw new Unprocessable(`A return takes at most ${RETURN_PHOTOS_MAX} photographs.`, { photo: 'Too many' });
      await putFiles(tx);
      await repo.addPhoto(tx, { key: photo.key, returnId: r.id, width: photo.width, height: photo.height });
    }),
  );
  return returnsOfOrder(deps, number, who);
}

export async function returnPhotoBytes(deps: Pick<ReturnsDeps, 'db' | 'media'>, rmaNumber: string, file: string) {
  const r = await repo.byNumber(deps.db, rmaNumber);
  const bytes = r ? await privatePhoto(deps.media, 'return', file, (key) => repo.hasPhoto(deps.db, r.id, key)) : null;
  if (!bytes) throw new NotFound('There is no such photograph.');
  return bytes;
}

/** A shopper's request: every line checked against the window, engraving and what is left to return. */
export async function requestReturn(
  deps: ReturnsDeps,
  number: string,
  who: Who,
  body: z.output<typeof returnRequestBody>,
): Promise<OrderReturns> {
  await orders.forCustomer(deps.db, number, who);
  const facts = storeFacts(deps.settings.current(), deps.config);
  const store = storeInfo(deps.settings.current(), deps.config);
  await deps.db.transaction(async (tx) => {
    // One request at a time per order: two at once cannot both return the last piece.
    const o = (await orders.lock(tx, number))!;
    const { rows } = await returnableLines(tx, o, facts);
    const chosen = body.lines.map((c) => {
      const r = rows.find((x) => x.line === c.line);
      if (!r) throw new Validation('That piece is not part of this order.', { lines: 'Unknown piece' });
      if (r.why) throw new Unprocessable(`${r.row.title}: ${r.why}`, { lines: r.why });
      if (c.quantity > r.returnable)
        throw new Unprocessable(
          `${r.row.title}: only ${r.returnable} can be returned (you bought ${r.row.quantity}).`,
          { lines: `At most ${r.returnable}` },
        );
      return { r, quantity: c.quantity };
    });
    const rma = await repo.insert(tx, {
      number: newNumber(),
      orderId: o.id,
      resolution: body.resolution,
      reason: body.reason,
      note: body.note,
      exchangeFor: body.resolution === 'exchange' ? body.exchangeFor : '',
    });
    await repo.insertLines(
      tx,
      chosen.map((c) => ({ returnId: rma.id, orderLineId: c.r.row.id, quantity: c.quantity })),
    );
    await orders.event(tx, {
      orderId: o.id,
      type: 'return',
      visibleToCustomer: true,
      data: { number: rma.number, status: 'requested' },
    });
    const items = chosen.map((c) => ({ title: c.r.row.title, quantity: c.quantity }));
    await enqueueMails(tx, [
      {
        kind: 'return-requested',
        to: o.email,
        ...returnMail(
          store,
          { number: rma.number, orderNumber: o.number, name: o.shippingAddress.name, items },
          { kind: 'requested' },
        ),
      },
      {
        kind: 'return-notification',
        to: store.email,
        ...returnMail(
          store,
          {
            number: rma.number,
            orderNumber: o.number,
            name: o.shippingAddress.name,
            items,
            exchangeFor: rma.exchangeFor,
          },
          { kind: 'staff' },
        ),
      },
    ]);
  });
  void deps.outbox.kick();
  return returnsOfOrder(deps, number, who);
}

// --- Back office ---

export async function listReturns(db: Db, q: z.output<typeof adminReturnQuery>): Promise<AdminReturnList> {
  const pageSize = 50;
  const statuses = q.status === 'open' ? OPEN_RETURN_STATUSES : [q.status];
  const { rows, total } = await repo.list(db, { statuses, limit: pageSize, offset: (q.page - 1) * pageSize });
  return {
    rows: rows.map((r) => ({ ...r, createdAt: new Date(r.createdAt).toISOString() })),
    total,
    page: q.page,
    pageSize,
  };
}

/** What a refund of these lines gives back: their share of what was paid, with tax, less the fee on made-to-order rings. */
async function quoteOf(deps: ReturnsDeps, db: DbOrTx, o: OrderRow, lines: Awaited<ReturnType<typeof repo.lines>>) {
  const shape = orders.shape(o, await orders.lines(db, o.id), deps.settings.current());
  const percent = storeFacts(deps.settings.current(), deps.config).madeToOrderRestockingPercent;
  let goodsCents = 0,
    taxCents = 0,
    feeCents = 0;
  for (const l of lines) {
    const share = proratedRefund(shape, [{ line: l.position, quantity: l.quantity }]);
    goodsCents += share.goodsCents;
    taxCents += share.taxCents;
    if (l.kind === 'configured') feeCents += Math.round((share.goodsCents * percent) / 100);
  }
  return { goodsCents, taxCents, feeCents };
}

/** What a refund of the quoted lines gives back now: never more than is left of what was paid. */
const refundDue = (q: Awaited<ReturnType<typeof quoteOf>>, o: Pick<OrderRow, 'paidCents' | 'refundedCents'>) =>
  Math.max(0, Math.min(q.goodsCents + q.taxCents - q.feeCents, o.paidCents - o.refundedCents));

/** The pieces are back but the refund is not given yet: the order owes the customer. */
const OWING: readonly ReturnStatus[] = ['received', 'inspected'];

/** An order's returns for its page in the back office, each with the refund it still owes. */
export async function returnsOnOrder(deps: ReturnsDeps, number: string): Promise<StaffOrderReturns> {
  const o = await orders.byNumber(deps.db, number);
  if (!o) throw new NotFound(`There is no order ${number}.`);
  const rows = await repo.ofOrder(deps.db, o.id);
  // Oldest first, so two owing returns never both claim the last of what was paid.
  let left = { paidCents: o.paidCents, refundedCents: o.refundedCents };
  const owed = new Map<number, number>();
  for (const r of [...rows].reverse()) {
    if (r.resolution !== 'refund' || !OWING.includes(r.status as ReturnStatus)) continue;
    const due = refundDue(await quoteOf(deps, deps.db, o, await repo.lines(deps.db, r.id)), left);
    owed.set(r.id, due);
    left = { ...left, refundedCents: left.refundedCents + due };
  }
  return {
    returns: rows.map((r) => ({
      number: r.number,
      status: r.status as ReturnStatus,
      resolution: r.resolution as 'refund' | 'exchange',
      items: r.lines.reduce((n, l) => n + l.quantity, 0),
      createdAt: r.createdAt.toISOString(),
      owedCents: owed.get(r.id) ?? 0,
    })),
  };
}

export async function returnForStaff(deps: ReturnsDeps, number: string): Promise<AdminReturn> {
  const r = await repo.byNumber(deps.db, number);
  if (!r) throw new NotFound(`There is no return ${number}.`);
  const o = (await orders.byId(deps.db, r.orderId))!;
  const [lines, deliveredAt, history, photos] = await Promise.all([
    repo.lines(deps.db, r.id),
    orders.deliveredAt(deps.db, o.id),
    orders.returnEvents(deps.db, o.id, r.number),
    repo.photos(deps.db, r.id),
  ]);
  return {
    number: r.number,
    version: r.version,
    status: r.status as ReturnStatus,
    resolution: r.resolution as 'refund' | 'exchange',
    reason: r.reason as AdminReturn['reason'],
    note: r.note,
    createdAt: r.createdAt.toISOString(),
    order: {
      number: o.number,
      email: o.email,
      customer: o.shippingAddress.name,
      deliveredAt: deliveredAt ? deliveredAt.toISOString() : null,
    },
    lines: lines.map((l) => ({
      line: l.position,
      kind: l.kind,
      title: l.title,
      details: l.details,
      image: l.image,
      quantity: l.quantity,
      madeToOrder: l.kind === 'configured',
    })),
    message: r.message,
    label: r.labelName,
    condition: r.condition as AdminReturn['condition'],
    restocked: r.restocked,
    inspectionNote: r.inspectionNote,
    quote: await quoteOf(deps, deps.db, o, lines),
    refundCents: r.refundCents,
    exchangeFor: r.exchangeFor,
    exchange: r.exchange,
    history,
    photos: photos.map((p) => ({
      key: p.key,
      width: p.width,
      height: p.height,
      small: `/api/admin/returns/${r.number}/photos/${p.key}-small.webp`,
      large: `/api/admin/returns/${r.number}/photos/${p.key}-large.webp`,
    })),
  };
}

/** A return's statuses and the moves between them. An exchange the shopper has not paid the difference of may still become a refund, or another offer. */
const RETURNS = stateMachine<ReturnStatus>({
  noun: 'return',
  labels: RETURN_STATUS_LABELS,
  moves: {
    requested: ['approved', 'declined'],
    approved: ['received'],
    received: ['inspected'],
    inspected: ['refunded', 'exchanged', 'awaiting-payment'],
    'awaiting-payment': ['refunded', 'exchanged', 'awaiting-payment'],
    declined: [],
    refunded: [],
    exchanged: [],
  },
  stale: STALE,
});

/** The steps staff take: where each goes, and what it is called in a refusal. */
type StaffStep = 'approved' | 'declined' | 'received' | 'inspected' | 'refunded' | 'exchanged';
const STEPS: Record<StaffStep, { to: ReturnStatus; verb: string }> = {
  approved: { to: 'approved', verb: 'approved' },
  declined: { to: 'declined', verb: 'declined' },
  received: { to: 'received', verb: 'marked received' },
  inspected: { to: 'inspected', verb: 'inspected' },
  refunded: { to: 'refunded', verb: 'refunded' },
  exchanged: { to: 'exchanged', verb: 'exchanged' },
};

type StepWork = (
  tx: DbOrTx,
  r: ReturnRow,
  o: OrderRow,
  lines: Awaited<ReturnType<typeof repo.lines>>,
) => Promise<{
  patch: Parameters<typeof repo.updateIfVersion>[3];
  mail: ReturnStep;
  event?: Record<string, unknown>;
  /** Where the return goes when not the step's usual status (an exchange waiting for the difference). */
  to?: ReturnStatus;
}>;

interface StepState {
  deps: ReturnsDeps;
  actor: Actor;
  number: string;
  version: number;
  kind: StaffStep;
  work: StepWork;
  tx?: DbOrTx;
  r?: ReturnRow;
  o?: OrderRow;
  lines?: Awaited<ReturnType<typeof repo.lines>>;
  result?: Awaited<ReturnType<StepWork>>;
  to?: ReturnStatus;
  done?: boolean;
}

const inTx = (s: StepState) => s.tx!;

/**
 * One staff step on a return, as a flow in one transaction: the return locked and checked against
 * the version the member saw and the status it may come from; the step's own work (restocking,
 * the refund's own flow, the replacement order); the new status; its line on the order's timeline;
 * the audit; the customer's e-mail. A failure after any of them leaves the return, the order, the
 * stock and the outbox as they were.
 */
export const RETURN_STEP_STEPS: Array<Step<StepState>> = [
  {
    name: 'lock return',
    async run(s) {
      const r = await repo.byNumber(inTx(s), s.number, true);
      if (!r) throw new NotFound(`There is no return ${s.number}.`);
      RETURNS.fresh(r.version, s.version);
      RETURNS.check(r.status as ReturnStatus, STEPS[s.kind].to, `be ${STEPS[s.kind].verb}`);
      s.r = r;
      s.o = (await orders.lockById(inTx(s), r.orderId))!;
      s.lines = await repo.lines(inTx(s), r.id);
    },
  },
  {
    name: 'do the step',
    async run(s) {
      s.result = await s.work(inTx(s), s.r!, s.o!, s.lines!);
      s.to = s.result.to ?? STEPS[s.kind].to;
      RETURNS.check(s.r!.status as ReturnStatus, s.to, `be ${STEPS[s.kind].verb}`);
    },
  },
  {
    name: 'record status',
    async run(s) {
      if (!(await repo.updateIfVersion(inTx(s), s.r!.id, s.version, { ...s.result!.patch, status: s.to })))
        throw new Conflict(STALE);
    },
  },
  {
    name: 'note on order',
    async run(s) {
      await orders.event(inTx(s), {
        orderId: s.o!.id,
        type: 'return',
        visibleToCustomer: s.kind !== 'inspected',
        data: { number: s.r!.number, status: s.to, ...s.result!.event },
        staff: s.actor,
      });
    },
  },
  {
    name: 'audit',
    async run(s) {
      await audit(
        inTx(s),
        s.actor,
        `return.${s.kind}`,
        'return',
        s.r!.number,
        { status: s.r!.status },
        { status: s.to, ...s.result!.event },
      );
    },
  },
  {
    name: 'tell customer',
    async run(s) {
      const { r, o, lines } = s as Required<Pick<StepState, 'r' | 'o' | 'lines'>>;
      const store = storeInfo(s.deps.settings.current(), s.deps.config);
      const items = lines.map((l) => ({ title: l.title, quantity: l.quantity }));
      await enqueueMails(inTx(s), [
        {
          kind: `return-${s.result!.mail.kind}`,
          to: o.email,
          ...returnMail(
            store,
            { number: r.number, orderNumber: o.number, name: o.shippingAddress.name, items },
            s.result!.mail,
          ),
        },
      ]);
    },
  },
];

async function step(deps: ReturnsDeps, actor: Actor, number: string, version: number, kind: StaffStep, work: StepWork) {
  const s: StepState = { deps, actor, number, version, kind, work };
  await runFlow(`return ${kind}`, RETURN_STEP_STEPS, s, deps.hooks, (body) =>
    deps.db.transaction(async (tx) => {
      s.tx = tx;
      await body();
    }),
  );
  void deps.outbox.kick();
  if (kind === 'inspected' && s.result!.patch.restocked === true) deps.onStonesReleased();
  return returnForStaff(deps, number);
}

/** The label sent with a return's approval, in the media store (never at a public address). */
const returnLabelFile = (number: string) => `label/return-${number}.pdf`;

export async function approveReturn(
  deps: ReturnsDeps,
  actor: Actor,
  number: string,
  body: z.output<typeof approveReturnBody>,
) {
  let attached: { filename: string; pdf: Buffer } | null = body.label
    ? { filename: body.label.filename, pdf: Buffer.from(body.label.base64, 'base64') }
    : null;
  if (body.carrierLabel && !attached) {
    if (!deps.returnLabel) throw new Unprocessable('No carrier service is connected: attach a label instead.');
    // Bought before the approval's transaction (the carrier may take seconds), once per return: an
    // approval refused below (someone else changed the return) leaves a label the next one reuses.
    const r = await repo.byNumber(deps.db, number);
    if (!r) throw new NotFound(`There is no return ${number}.`);
    if (r.version !== body.version) throw new Conflict(STALE);
    const lines = (await repo.lines(deps.db, r.id)).filter((l) => l.kind !== 'gift-card');
    attached = await deps.returnLabel(actor, {
      number: r.number,
      orderId: r.orderId,
      valueCents: lines.reduce((s, l) => s + l.unitPriceCents * l.quantity, 0),
      pieces: lines.reduce((s, l) => s + l.quantity, 0),
    });
  }
  return step(deps, actor, number, body.version, 'approved', async (tx, r) => {
    const label = attached?.pdf ?? null;
    if (label && label.subarray(0, 5).toString('latin1') !== '%PDF-')
      throw new Validation('The label must be a PDF file.', { label: 'Not a PDF' });
    // Kept with the store's media files (the approval's e-mail carries it too). One name per
    // return: an approval refused after this and tried again writes the same file.
    if (label) await deps.media.put(returnLabelFile(r.number), label, 'application/pdf', tx);
    return {
      patch: { message: body.message, labelName: attached?.filename ?? null },
      mail: {
        kind: 'approved',
        message: body.message,
        label: label && attached ? { filename: attached.filename, base64: label.toString('base64') } : null,
      },
      event: { message: body.message, label: attached?.filename ?? null },
    };
  });
}

export const declineReturn = (
  deps: ReturnsDeps,
  actor: Actor,
  number: string,
  body: z.output<typeof declineReturnBody>,
) =>
  step(deps, actor, number, body.version, 'declined', async () => ({
    patch: { message: body.message },
    mail: { kind: 'declined', message: body.message },
    event: { message: body.message },
  }));

export const receiveReturn = (deps: ReturnsDeps, actor: Actor, number: string, version: number) =>
  step(deps, actor, number, version, 'received', async () => ({ patch: {}, mail: { kind: 'received' } }));

/** Inspected; back on sale when staff say so: loose stones and stones set in a returned ring, shelf stock and melee. */
export const inspectReturn = (
  deps: ReturnsDeps,
  actor: Actor,
  number: string,
  body: z.output<typeof inspectReturnBody>,
) =>
  step(deps, actor, number, body.version, 'inspected', async (tx, r, o, lines) => {
    if (body.restock) {
      const stones = lines.flatMap((l) =>
        l.kind === 'diamond' || l.kind === 'gemstone'
          ? [{ kind: l.kind, id: l.refId }]
          : l.kind === 'configured'
            ? ((l.configuration as ConfigureInput | null)?.stones ?? [])
                .filter((s) => s.kind !== 'melee')
                .map((s) => ({ kind: s.kind, id: s.id }))
            : [],
      );
      await orders.releaseStones(tx, o.id, stones);
      await orders.returnStock(tx, lines);
    }
    return {
      patch: { condition: body.condition, restocked: body.restock, inspectionNote: body.note || null },
      mail: { kind: 'inspected', exchange: r.resolution === 'exchange' },
      event: { condition: body.condition, restocked: body.restock, note: body.note || null },
    };
  });

/** The refund, through the order's own (gift cards first, then the card), for what the quote says. */
export const refundReturn = (deps: ReturnsDeps, actor: Actor, number: string, version: number) =>
  step(deps, actor, number, version, 'refunded', async (tx, r, o, lines) => {
    const q = await quoteOf(deps, tx, o, lines);
    const amountCents = refundDue(q, o);
    if (amountCents <= 0) throw new Conflict('Nothing is left to refund on this order.');
    const to = await refundInTx(deps, tx, actor, o, {
      version: o.version,
      amountCents,
      reason: `Return ${r.number}${q.feeCents ? ` (less a ${formatMoney(q.feeCents, { exact: true })} restocking fee)` : ''}`,
      key: `${o.number}-${r.number}`,
      // The return's own e-mail says what was refunded, and where: one e-mail, not two.
      quiet: true,
    });
    return {
      patch: { refundCents: amountCents, intentRef: null, payTokenHash: null },
      mail: { kind: 'refunded', amountCents, feeCents: q.feeCents, to },
      event: { amountCents, feeCents: q.feeCents },
    };
  });

// --- Exchanges ---

/**
 * The replacement, priced today through the cart's own pricing (sales included), shipped free to the
 * original address with its tax there; against it, the credit of what came back, as a refund would
 * give it (less the restocking fee on made-to-order pieces).
 */
async function priceExchange(
  deps: ReturnsDeps,
  db: DbOrTx,
  o: OrderRow,
  lines: Awaited<ReturnType<typeof repo.lines>>,
  wanted: z.output<typeof exchangeReturnBody>['lines'],
): Promise<ExchangeOffer> {
  const sales = await saleBook(deps.db);
  const priced: ExchangeOffer['lines'] = [];
  for (const w of wanted) {
    const p = await priceSku(db, w.sku, w.quantity, sales);
    if (!p) throw new Validation(`There is no piece with the SKU ${w.sku}.`, { lines: `Unknown SKU ${w.sku}` });
    if (!p.available || p.incomplete)
      throw new Unprocessable(`${p.title} (${w.sku}): ${p.message ?? 'it is not for sale as it is.'}`, {
        lines: p.message ?? 'Not for sale',
      });
    priced.push({
      sku: w.sku.toUpperCase(),
      refId: p.refId,
      title: p.title,
      details: p.details,
      image: p.image,
      quantity: p.quantity,
      unitPriceCents: p.unitPriceCents,
      lineTotalCents: p.lineTotalCents,
      onHand: p.onHand === true,
    });
  }
  const subtotalCents = priced.reduce((sum, l) => sum + l.lineTotalCents, 0);
  // The tax owed at the original address, from the store's tax provider (the table without one);
  // the replacement ships free, so only the pieces are taxed.
  const a = o.shippingAddress;
  const taxed = await taxedTotals(
    deps.tax ?? tableTaxProvider(() => deps.settings.current()),
    deps.settings.current(),
    subtotalCents,
    'standard',
    { line1: a.line1, city: a.city, state: a.state, zip: a.zip, country: a.country },
    { cents: 0, freeShipping: true, label: '' },
  );
  const { taxCents, taxLines } = taxed.totals;
  const q = await quoteOf(deps, db, o, lines);
  const creditCents = refundDue(q, o);
  const totalCents = subtotalCents + taxCents;
  return {
    lines: priced,
    subtotalCents,
    taxCents,
    taxLines,
    taxCalculation: taxed.calculation,
    totalCents,
    creditCents,
    differenceCents: totalCents - creditCents,
    orderNumber: null,
  };
}

/**
 * The replacement order, paid by the credit (and the shopper's payment of the difference); what the
 * credit is worth beyond the replacement goes back to the original payment.
 */
async function completeExchange(
  deps: ReturnsDeps,
  tx: DbOrTx,
  actor: Actor | null,
  r: ReturnRow,
  o: OrderRow,
  offer: ExchangeOffer,
  paid: LinkPaid | null,
) {
  let refundCents = 0;
  let refundTo: RefundTo | null = null;
  let original = o;
  if (offer.differenceCents < 0 && actor) {
    refundCents = -offer.differenceCents;
    refundTo = await refundInTx(deps, tx, actor, o, {
      version: o.version,
      amountCents: refundCents,
      reason: `Return ${r.number}: exchanged for less`,
      key: `${o.number}-${r.number}`,
      quiet: true,
    });
    original = (await orders.lockById(tx, o.id))!;
  }
  const placed = await placeReplacement(deps, tx, {
    original,
    offer,
    returnNumber: r.number,
    paid,
    provider: deps.payments.name,
    staff: actor,
  });
  return { offer: { ...offer, orderNumber: placed.number }, orderId: placed.id, refundCents, refundTo };
}

const payLink = (deps: ReturnsDeps, orderNumber: string, token: string) =>
  `${storeInfo(deps.settings.current(), deps.config).publicUrl}${paths.orderReturn(orderNumber, token)}`;

/**
 * Staff choose the replacement (by SKU). With `preview` it is only priced. Otherwise: when the
 * credit covers it, the replacement order is made now and any rest refunded; when it costs more,
 * the shopper is e-mailed a link to pay the difference, and the order is made when they do.
 */
export async function exchangeReturn(
  deps: ReturnsDeps,
  actor: Actor,
  number: string,
  body: z.output<typeof exchangeReturnBody>,
): Promise<AdminReturn> {
  if (body.preview) {
    const r = await repo.byNumber(deps.db, number);
    if (!r) throw new NotFound(`There is no return ${number}.`);
    const o = (await orders.byId(deps.db, r.orderId))!;
    const offer = await priceExchange(deps, deps.db, o, await repo.lines(deps.db, r.id), body.lines);
    return { ...(await returnForStaff(deps, number)), exchange: offer };
  }
  return step(deps, actor, number, body.version, 'exchanged', async (tx, r, o, lines) => {
    if (r.resolution !== 'exchange') throw new Conflict('This return asks for a refund: refund it instead.');
    const offer = await priceExchange(deps, tx, o, lines, body.lines);
    if (offer.differenceCents > 0) {
      const token = newToken();
      return {
        to: 'awaiting-payment',
        patch: { exchange: offer, payTokenHash: hashToken(token), intentRef: null },
        mail: { kind: 'awaiting-payment', offer, link: payLink(deps, o.number, token) },
        event: { differenceCents: offer.differenceCents },
      };
    }
    const done = await completeExchange(deps, tx, actor, r, o, offer, null);
    return {
      patch: { exchange: done.offer, exchangeOrderId: done.orderId, refundCents: done.refundCents || null },
      mail: {
        kind: 'exchanged',
        offer: done.offer,
        refundCents: done.refundCents,
        refundTo: done.refundTo,
        paidCents: 0,
      },
      event: { orderNumber: done.offer.orderNumber, refundCents: done.refundCents },
    };
  });
}

interface PayState extends LinkPaymentState {
  deps: ReturnsDeps;
  rmaNumber: string;
  email: string;
  card: z.output<typeof payDifferenceBody>['card'];
  /** The return as the shopper saw it when paying. */
  r0: ReturnRow;
  offer: ExchangeOffer;
  tx?: DbOrTx;
  r?: ReturnRow;
  o?: OrderRow;
  made?: { offer: ExchangeOffer; orderId: number };
}

/**
 * The difference paid, the exchange is made in one transaction: the payment (given back if any
 * later step fails), the return locked as the shopper saw it, the replacement order (its stock,
 * the credit moved from the original order), the return exchanged on the order's timeline, the
 * customer's e-mail.
 */
export const PAY_DIFFERENCE_STEPS: Array<Step<PayState>> = [
  takeLinkPayment<PayState>(
    (s) => ({
      amountCents: s.offer.differenceCents,
      reference: s.r0.number,
      email: s.email,
      card: s.card,
      intentRef: s.r0.intentRef,
    }),
    (s, ref) => repo.setIntent(s.tx!, s.r0.id, ref),
  ),
  {
    name: 'lock return',
    async run(s) {
      const r = await repo.byNumber(s.tx!, s.rmaNumber, true);
      if (!r || r.status !== 'awaiting-payment' || r.version !== s.r0.version)
        throw new Conflict('We changed this exchange while you were paying: reload to see it. Nothing was charged.');
      s.r = r;
      s.o = (await orders.lockById(s.tx!, r.orderId))!;
    },
  },
  {
    name: 'place replacement',
    async run(s) {
      const made = await completeExchange(s.deps, s.tx!, null, s.r!, s.o!, s.offer, s.paid!);
      s.made = { offer: made.offer, orderId: made.orderId };
    },
  },
  {
    name: 'record return',
    async run(s) {
      const { r, o } = s as Required<Pick<PayState, 'r' | 'o'>>;
      const patch = { status: 'exchanged' as const, exchange: s.made!.offer, exchangeOrderId: s.made!.orderId };
      if (!(await repo.updateIfVersion(s.tx!, r.id, r.version, patch))) throw new Conflict(STALE);
      await orders.event(s.tx!, {
        orderId: o.id,
        type: 'return',
        visibleToCustomer: true,
        data: {
          number: r.number,
          status: 'exchanged',
          orderNumber: s.made!.offer.orderNumber,
          paidCents: s.offer.differenceCents,
        },
      });
    },
  },
  {
    name: 'tell customer',
    async run(s) {
      const { r, o } = s as Required<Pick<PayState, 'r' | 'o'>>;
      const lines = await repo.lines(s.tx!, r.id);
      await enqueueMails(s.tx!, [
        {
          kind: 'return-exchanged',
          to: o.email,
          ...returnMail(
            storeInfo(s.deps.settings.current(), s.deps.config),
            {
              number: r.number,
              orderNumber: o.number,
              name: o.shippingAddress.name,
              items: lines.map((l) => ({ title: l.title, quantity: l.quantity })),
            },
            {
              kind: 'exchanged',
              offer: s.made!.offer,
              refundCents: 0,
              refundTo: null,
              paidCents: s.offer.differenceCents,
            },
          ),
        },
      ]);
    },
  },
];

/**
 * The shopper pays an exchange's difference from the e-mailed link (or the order's returns when
 * signed in): by card with the test provider; with Stripe the first ask answers the payment for the
 * browser and the next one checks it. Paid, the replacement order is made; if it cannot be (a piece
 * sold out meanwhile), the payment is given back and nothing changes.
 */
export async function payDifference(
  deps: ReturnsDeps,
  number: string,
  rmaNumber: string,
  who: Who,
  body: z.output<typeof payDifferenceBody>,
): Promise<OrderReturns> {
  const o0 = await customerOrder(deps, number, who);
  const r0 = await repo.byNumber(deps.db, rmaNumber);
  if (!r0 || r0.orderId !== o0.id) throw new NotFound('There is no such return on this order.');
  if (r0.status !== 'awaiting-payment' || !r0.exchange)
    throw new Conflict(
      `This return is ${RETURN_STATUS_LABELS[r0.status as ReturnStatus].toLowerCase()}: there is nothing to pay.`,
    );
  const state: PayState = { deps, rmaNumber, email: o0.email, card: body.card, r0, offer: r0.exchange };
  await runFlow('pay exchange difference', PAY_DIFFERENCE_STEPS, state, deps.hooks, (work) =>
    deps.db.transaction(async (tx) => {
      state.tx = tx;
      await work();
    }),
  ).catch(async (err: unknown) => {
    // The next ask starts a new payment.
    await repo.setIntent(deps.db, r0.id, null);
    throw err;
  });
  if (state.browser) {
    const { clientSecret, publishableKey } = state.browser;
    return { ...(await returnsOfOrder(deps, number, who)), payment: { clientSecret, publishableKey } };
  }
  void deps.outbox.kick();
  return returnsOfOrder(deps, number, who);
}
