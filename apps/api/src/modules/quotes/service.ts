import type { z } from 'zod';
import {
  depositOf,
  QUOTE_MAX_DAYS,
  type AdminQuote,
  type CustomerQuote,
  type QuoteLine,
  type QuoteStatus,
  type QuoteVersion,
  type acceptQuoteBody,
  type newQuoteBody,
  type quoteVersionBody,
} from '@facet/contracts/quotes';
import { formatMoney } from '@facet/contracts/money';
import { paths } from '@facet/contracts/paths';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { Conflict, NotFound, Unprocessable, Validation } from '../../errors.ts';
import { runFlow, type FlowHooks, type Step } from '../../flow.ts';
import { hashToken, newReference, newToken } from '../../secrets.ts';
import { storeInfo, type SettingsSource } from '../../store-facts.ts';
import { audit, type Actor } from '../audit/index.ts';
import { priceChoice, priceSku, taxedTotals } from '../cart/index.ts';
import { configuratorReads } from '../configurator/index.ts';
import type { ConfigureInput } from '@facet/contracts/configurator';
import { findStones, stoneStock } from '../inventory/index.ts';
import { enqueueMail, type MailOutbox } from '../mail/index.ts';
import {
  orderAfterSale,
  placeDepositOrder,
  balanceOf,
  takeLinkPayment,
  type DepositOrderLine,
  type LinkPaymentState,
} from '../order/index.ts';
import type { PaymentProvider } from '../payments/index.ts';
import type { TaxProvider } from '../tax/index.ts';
import { quoteMail } from './mail.ts';
import { quoteRepository as repo, type QuoteRow, type QuoteVersionRow } from './repository.ts';

export interface QuoteDeps {
  db: Db;
  config: Config;
  settings: SettingsSource;
  outbox: MailOutbox;
  payments: PaymentProvider;
  tax: TaxProvider;
}

type VersionInput = z.output<typeof quoteVersionBody>;
type NewQuoteInput = z.output<typeof newQuoteBody>;

/** The hold a sent quote puts its named stones under, until its last day ends. */
const holdReason = (number: string) => `Quote ${number}`;
const money = (c: number) => formatMoney(c, { exact: true });
const dayText = (day: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );

/** The instant a day of the store's calendar ends (its next midnight there). */
export function dayEndsAt(day: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`) + 86_400_000;
  const offsetAt = (ms: number) => {
    const v = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      })
        .formatToParts(new Date(ms))
        .map((p) => [p.type, p.value]),
    );
    return Date.UTC(+v.year!, +v.month! - 1, +v.day!, +v.hour!, +v.minute!, +v.second!) - ms;
  };
  const first = midnightUtc - offsetAt(midnightUtc);
  return new Date(midnightUtc - offsetAt(first));
}

/** A sent quote past its last day reads as expired. */
const statusOf = (q: QuoteRow, v: QuoteVersionRow): QuoteStatus =>
  q.status === 'sent' && v.expiresAt.getTime() <= Date.now() ? 'expired' : (q.status as QuoteStatus);

// --- Pricing a version: once, when it is made ---

/** A configured piece's SKU read back into its configuration (SERIES:METAL:S7:W4:STYLE:L1D123:L2M5). */
async function ringConfig(db: DbOrTx, sku: string): Promise<ConfigureInput | null> {
  const [series, metal, ...rest] = sku.split(':');
  if (!series || !metal) return null;
  const groupId = await configuratorReads.groupIdBySeries(db, series);
  const model = groupId ? await configuratorReads.model(db, groupId) : null;
  if (!groupId || !model) return null;
  const config: ConfigureInput = { groupId, metal, stones: [] };
  const KINDS = { D: 'diamond', G: 'gemstone', M: 'melee' } as const;
  for (const part of rest) {
    const stone = /^L(\d+)([DGM])(\d+)$/.exec(part);
    if (stone) config.stones.push({ location: Number(stone[1]), kind: KINDS[stone[2] as 'D'], id: Number(stone[3]) });
    else if (/^S\d+(\.\d+)?$/.test(part)) config.size = Number(part.slice(1));
    else if (/^W\d+(\.\d+)?$/.test(part)) config.widthMm = Number(part.slice(1));
    else {
      const style = model.styles?.find((x) => x.name.replace(/\W+/g, '').toUpperCase() === part);
      if (!style) return null;
      config.style = style.name;
    }
  }
  return config;
}

async function priceLines(
  db: DbOrTx,
  number: string | null,
  input: VersionInput['lines'],
  previous: QuoteLine[] = [],
): Promise<QuoteLine[]> {
  const out: QuoteLine[] = [];
  const seen = new Set<string>();
  for (const [i, l] of input.entries()) {
    const where = `Line ${i + 1}`;
    if (l.kind === 'custom') {
      out.push({
        kind: 'custom',
        title: l.title,
        details: l.description ? [l.description] : [],
        image: paths.itemArt({ kind: 'ring', title: l.title }),
        quantity: l.quantity,
        unitPriceCents: l.priceCents,
        lineTotalCents: l.priceCents * l.quantity,
        ref: null,
        stones: [],
        productId: null,
        onHand: false,
      });
      continue;
    }
    if (l.kind === 'ring') {
      const sku = l.sku.toUpperCase();
      // A ring this quote priced already keeps its price: its stones are held for it, so they are
      // not "on sale" to price again.
      const kept = previous.find((p) => p.kind === 'ring' && p.ref === sku);
      if (kept) {
        out.push(kept);
        continue;
      }
      const config = await ringConfig(db, sku);
      if (!config)
        throw new Validation(`${where}: ${sku} is not the SKU of a configured piece.`, {
          [`lines.${i}.sku`]: 'Not a configured SKU',
        });
      const p = await priceChoice(db, {
        id: 0,
        kind: 'configured',
        refId: config.groupId,
        configuration: config,
        lineKey: `configured:${sku}`,
      });
      if (!p.available || p.incomplete)
        throw new Validation(`${where}: ${p.message ?? 'this piece cannot be made as configured.'}`, {
          [`lines.${i}.sku`]: 'Cannot be made as configured',
        });
      for (const st of p.stones) {
        if (seen.has(`${st.kind}:${st.id}`)) throw new Validation(`${where}: a stone in it is on the quote twice.`);
        seen.add(`${st.kind}:${st.id}`);
      }
      out.push({
        kind: 'ring',
        title: p.title,
        details: p.details,
        image: p.image,
        quantity: 1,
        unitPriceCents: p.unitPriceCents,
        lineTotalCents: p.unitPriceCents,
        ref: sku,
        stones: p.stones,
        productId: null,
        onHand: false,
        configuration: config,
        melee: p.melee ?? null,
      });
      continue;
    }
    if (l.kind === 'piece') {
      const p = await priceSku(db, l.sku, l.quantity);
      if (!p || p.gone)
        throw new Validation(`${where}: no piece on sale has the SKU ${l.sku}.`, {
          [`lines.${i}.sku`]: 'Not a SKU on sale',
        });
      out.push({
        kind: 'piece',
        title: p.title,
        details: p.details,
        image: p.image,
        quantity: l.quantity,
        unitPriceCents: p.unitPriceCents,
        lineTotalCents: p.unitPriceCents * l.quantity,
        ref: l.sku.toUpperCase(),
        stones: [],
        productId: p.refId,
        onHand: !!p.onHand,
      });
      continue;
    }
    const found = (await findStones(db as Db, l.ref)).filter((s) => s.status !== 'sold' && s.status !== 'withdrawn');
    const s = found[0];
    if (!s)
      throw new Validation(`${where}: no stone on sale has the number ${l.ref}.`, {
        [`lines.${i}.ref`]: 'Not a stone on sale',
      });
    const ours = number !== null && s.status === 'held' && s.holdReason === holdReason(number);
    if (s.status !== 'available' && !ours)
      throw new Conflict(
        `${where}: ${s.title} (${s.serial}) is ${s.orderNumber ? `in order ${s.orderNumber}` : s.status === 'held' ? `on hold (${s.holdReason})` : s.status}: choose another stone.`,
      );
    const key = `${s.kind}:${s.id}`;
    if (seen.has(key)) throw new Validation(`${where}: ${s.serial} is on the quote twice.`);
    seen.add(key);
    const p = await priceChoice(db, { id: 0, kind: s.kind, refId: s.id, configuration: null, lineKey: key });
    out.push({
      kind: 'stone',
      title: p.title,
      details: p.details,
      image: p.image,
      quantity: 1,
      unitPriceCents: p.unitPriceCents,
      lineTotalCents: p.unitPriceCents,
      ref: s.serial,
      stones: [{ kind: s.kind, id: s.id }],
      productId: null,
      onHand: false,
    });
  }
  return out;
}

async function makeVersion(
  deps: QuoteDeps,
  tx: DbOrTx,
  q: { id: number; number: string | null; address: QuoteRow['address'] },
  number: number,
  input: VersionInput,
  actor: Actor,
  previous: QuoteLine[] = [],
) {
  const tz = deps.config.STORE_TIMEZONE;
  const expiresAt = dayEndsAt(input.expiresOn, tz);
  const days = (expiresAt.getTime() - Date.now()) / 86_400_000;
  if (days <= 0) throw new Validation('Choose today or a later day.', { expiresOn: 'Today or later' });
  if (days > QUOTE_MAX_DAYS + 1)
    throw new Validation(`A quote is open at most ${QUOTE_MAX_DAYS} days.`, {
      expiresOn: `Within ${QUOTE_MAX_DAYS} days`,
    });
  const lines = await priceLines(tx, q.number, input.lines, previous);
  const subtotalCents = lines.reduce((a, l) => a + l.lineTotalCents, 0);
  const settings = deps.settings.current();
  const { totals, calculation: _calc } = await taxedTotals(deps.tax, settings, subtotalCents, 'standard', q.address);
  const totalCents = totals.totalCents;
  const depositCents = depositOf(input.deposit, totalCents);
  if (input.deposit.kind === 'amount' && input.deposit.cents > totalCents)
    throw new Validation(`The deposit is more than the quote's total of ${money(totalCents)}.`, {
      deposit: 'At most the total',
    });
  return repo.insertVersion(tx, {
    quoteId: q.id,
    number,
    lines,
    subtotalCents,
    shippingCents: totals.shippingCents,
    taxCents: totals.taxCents,
    taxLines: totals.taxLines ?? [],
    totalCents,
    deposit: input.deposit,
    depositCents,
    expiresOn: input.expiresOn,
    expiresAt,
    message: input.message,
    staffName: actor.email,
  });
}

/** What changed from one version to the next, in words the customer reads. */
function changesOf(v: QuoteVersionRow, before: QuoteVersionRow | undefined): string[] {
  if (!before) return [];
  const out: string[] = [];
  const key = (l: QuoteLine) => `${l.title}|${l.quantity}|${l.unitPriceCents}`;
  const was = new Map(before.lines.map((l) => [key(l), l]));
  const now = new Map(v.lines.map((l) => [key(l), l]));
  for (const [k, l] of now)
    if (!was.has(k))
      out.push(`Added: ${l.title}${l.quantity > 1 ? ` × ${l.quantity}` : ''}, ${money(l.lineTotalCents)}`);
  for (const [k, l] of was) if (!now.has(k)) out.push(`Removed: ${l.title}, ${money(l.lineTotalCents)}`);
  if (v.totalCents !== before.totalCents) out.push(`Total: ${money(before.totalCents)} → ${money(v.totalCents)}`);
  if (v.depositCents !== before.depositCents)
    out.push(`Deposit: ${money(before.depositCents)} → ${money(v.depositCents)}`);
  if (v.expiresOn !== before.expiresOn) out.push(`Open until: ${dayText(before.expiresOn)} → ${dayText(v.expiresOn)}`);
  return out;
}

function versionShape(v: QuoteVersionRow, before: QuoteVersionRow | undefined): QuoteVersion {
  return {
    number: v.number,
    lines: v.lines,
    amounts: {
      subtotalCents: v.subtotalCents,
      shippingCents: v.shippingCents,
      taxCents: v.taxCents,
      totalCents: v.totalCents,
      depositCents: v.depositCents,
      balanceCents: v.totalCents - v.depositCents,
    },
    taxLabel: v.taxLines.map((t) => t.name).join(', ') || 'Sales tax',
    deposit: v.deposit,
    expiresOn: v.expiresOn,
    message: v.message,
    createdAt: v.createdAt.toISOString(),
    changes: changesOf(v, before),
  };
}

const shapedVersions = (vs: QuoteVersionRow[]) => vs.map((v, i) => versionShape(v, vs[i - 1]));

/** The stones a version names. */
const stonesOf = (v: QuoteVersionRow) => v.lines.flatMap((l) => l.stones);

/**
 * A sent quote holds exactly the stones its current version names, until that version's last day
 * ends; a stone no longer on it goes back on sale. Throws Conflict when one is no longer free.
 */
async function holdStones(tx: DbOrTx, q: QuoteRow, v: QuoteVersionRow) {
  const reason = holdReason(q.number);
  const stones = stonesOf(v);
  await stoneStock.releaseHeldFor(tx, reason, stones);
  for (const s of stones)
    if (!(await stoneStock.holdFor(tx, s.kind, s.id, reason, v.expiresAt)))
      throw new Conflict(
        `${v.lines.find((l) => l.stones.some((x) => x.kind === s.kind && x.id === s.id))!.title} is no longer on sale: take it off the quote or choose another.`,
      );
}

async function userIdOf(tx: DbOrTx, email: string) {
  return repo.userIdByEmail(tx, email);
}

// --- Staff ---

export async function listQuotes(db: Db) {
  return (await repo.list(db)).map(({ q, v }) => rowShape(q, v));
}

const rowShape = (q: QuoteRow, v: QuoteVersionRow) => ({
  number: q.number,
  status: statusOf(q, v),
  email: q.email,
  name: q.address.name,
  version: v.number,
  totalCents: v.totalCents,
  depositCents: v.depositCents,
  expiresOn: v.expiresOn,
  orderNumber: q.orderNumber,
  updatedAt: q.updatedAt.toISOString(),
});

/** The quote's row id, for its files (404 when there is no such quote). */
export async function quoteIdOf(db: DbOrTx, number: string) {
  const q = await repo.byNumber(db, number);
  if (!q) throw new NotFound(`There is no quote ${number}.`);
  return q.id;
}

export async function quoteForStaff(db: DbOrTx, number: string): Promise<AdminQuote> {
  const q = await repo.byNumber(db, number);
  if (!q) throw new NotFound(`There is no quote ${number}.`);
  const [versions, files, events] = await Promise.all([
    repo.versions(db, q.id),
    repo.files(db, q.id),
    repo.events(db, q.id),
  ]);
  const current = versions.find((v) => v.number === q.currentVersion)!;
  const status = statusOf(q, current);
  return {
    ...rowShape(q, current),
    address: q.address,
    userId: q.userId,
    versions: shapedVersions(versions).reverse(),
    files: files.map((f) => ({
      id: f.id,
      name: f.name,
      contentType: f.contentType,
      bytes: f.bytes,
      url: `/api/admin/quotes/${q.number}/${f.contentType === 'application/pdf' ? 'documents' : 'images'}/${f.id}`,
    })),
    holds: status === 'sent' ? current.lines.filter((l) => l.stones.length).map((l) => `${l.title} (${l.ref})`) : [],
    createdBy: q.createdBy,
    events: events.map((e) => ({ at: e.at.toISOString(), what: e.what, by: e.by })),
  };
}

export async function createQuote(deps: QuoteDeps, actor: Actor, input: NewQuoteInput): Promise<AdminQuote> {
  const number = await deps.db.transaction(async (tx) => {
    const address = { ...input.address, company: input.address.company ?? '', line2: input.address.line2 ?? '' };
    const q = await repo.insert(tx, {
      number: newReference('QTE'),
      email: input.email,
      userId: await userIdOf(tx, input.email),
      address,
      createdBy: actor.email,
    });
    await makeVersion(deps, tx, q, 1, { ...input, baseVersion: undefined }, actor);
    await repo.event(tx, q.id, 'Made (version 1)', actor.email);
    await audit(tx, actor, 'quote.create', 'quote', q.number, null, { email: q.email });
    return q.number;
  });
  return quoteForStaff(deps.db, number);
}

/** Each change to a quote is a new version; a sent quote's customer is e-mailed it and its holds follow it. */
export async function reviseQuote(deps: QuoteDeps, actor: Actor, number: string, input: VersionInput) {
  const started = await deps.db.transaction(async (tx) => {
    const q = await repo.byNumber(tx, number, true);
    if (!q) throw new NotFound(`There is no quote ${number}.`);
    if (q.status === 'accepted' || q.status === 'withdrawn')
      throw new Conflict(`This quote is ${q.status}: make a new quote instead.`);
    if (input.baseVersion !== undefined && input.baseVersion !== q.currentVersion)
      throw new Conflict(`Version ${q.currentVersion} was saved since you opened this quote: reload it and try again.`);
    const current = (await repo.version(tx, q.id, q.currentVersion))!;
    const v = await makeVersion(deps, tx, q, q.currentVersion + 1, input, actor, current.lines);
    await repo.update(tx, q.id, { currentVersion: v.number });
    await repo.event(tx, q.id, `Version ${v.number}`, actor.email);
    await audit(tx, actor, 'quote.revise', 'quote', q.number, { version: q.currentVersion }, { version: v.number });
    if (q.status === 'sent') {
      await holdStones(tx, q, v);
      await sendLink(deps, tx, { ...q, currentVersion: v.number }, v, 'revised');
    }
    return q.intentRef;
  });
  // A deposit the browser had started is for the old version's amount: the next accept starts anew.
  if (started) await releaseDeposit(deps, number, started);
  void deps.outbox.kick();
  return quoteForStaff(deps.db, number);
}

/**
 * A deposit the browser started for a version that can no longer be accepted (a newer version, a
 * withdrawn quote) is cancelled at the provider; one that was paid meanwhile is given back in full.
 */
async function releaseDeposit(deps: QuoteDeps, number: string, ref: string) {
  if (deps.payments.flow !== 'intent') return;
  if (!(await deps.payments.cancelIntent(ref))) {
    const paid = await deps.payments.retrieveIntent(ref);
    if (paid.status === 'succeeded' && paid.receivedCents > 0)
      await deps.payments.refund({ ref, amountCents: paid.receivedCents, key: `quote-deposit-back:${ref}` });
  }
  await deps.db.transaction(async (tx) => {
    const q = await repo.byNumber(tx, number, true);
    if (q?.intentRef === ref) await repo.update(tx, q.id, { intentRef: null });
    if (q) await repo.event(tx, q.id, 'Deposit started for an earlier version cancelled (or given back)', 'store');
  });
}

/**
 * Deposits the browser paid whose customer never came back to the page (closed the tab after
 * paying): checked with the provider at start and every minute, on any instance (the quote's row
 * lock orders them), and accepted as if the page had asked; one that can no longer be accepted
 * is given back.
 */
export async function settleOpenDeposits(deps: QuoteDeps) {
  if (deps.payments.flow !== 'intent') return 0;
  let n = 0;
  for (const q of await repo.openDeposits(deps.db)) {
    const s = await deps.payments.retrieveIntent(q.intentRef!);
    if (s.status !== 'succeeded') continue;
    try {
      await acceptQuote(
        deps,
        { number: q.number, token: null, user: null, store: true },
        { version: q.currentVersion },
      );
      n++;
    } catch (err) {
      if (!(err instanceof Conflict)) throw err;
      await releaseDeposit(deps, q.number, q.intentRef!);
    }
  }
  return n;
}

async function sendLink(deps: QuoteDeps, tx: DbOrTx, q: QuoteRow, v: QuoteVersionRow, kind: 'sent' | 'revised') {
  const token = newToken();
  await repo.update(tx, q.id, { tokenHash: hashToken(token) });
  const store = storeInfo(deps.settings.current(), deps.config);
  const url = `${store.publicUrl}/quotes/${q.number}?token=${token}`;
  await enqueueMail(tx, {
    kind: `quote-${kind}`,
    to: q.email,
    ...quoteMail(store, { number: q.number, name: q.address.name }, { kind, version: versionShape(v, undefined), url }),
  });
}

export async function actOnQuote(deps: QuoteDeps, actor: Actor, number: string, action: 'send' | 'withdraw') {
  const started = await deps.db.transaction(async (tx) => {
    const q = await repo.byNumber(tx, number, true);
    if (!q) throw new NotFound(`There is no quote ${number}.`);
    const v = (await repo.version(tx, q.id, q.currentVersion))!;
    if (q.status === 'accepted') throw new Conflict(`This quote was accepted: its order is ${q.orderNumber}.`);
    if (q.status === 'withdrawn') throw new Conflict('This quote was withdrawn.');
    if (action === 'send') {
      if (v.expiresAt.getTime() <= Date.now())
        throw new Unprocessable('Its last day has passed: save a new version with a later day, then send it.');
      await holdStones(tx, q, v);
      await repo.update(tx, q.id, { status: 'sent' });
      await sendLink(deps, tx, q, v, 'sent');
      await repo.event(
        tx,
        q.id,
        q.status === 'sent' ? `Sent again (version ${v.number})` : `Sent (version ${v.number})`,
        actor.email,
      );
      await audit(
        tx,
        actor,
        'quote.send',
        'quote',
        q.number,
        { status: q.status },
        { status: 'sent', version: v.number },
      );
    } else {
      const freed = await stoneStock.releaseHeldFor(tx, holdReason(q.number));
      await repo.update(tx, q.id, { status: 'withdrawn', tokenHash: null });
      await repo.event(
        tx,
        q.id,
        `Withdrawn${freed ? ` (${freed} stone${freed > 1 ? 's' : ''} back on sale)` : ''}`,
        actor.email,
      );
      await audit(tx, actor, 'quote.withdraw', 'quote', q.number, { status: q.status }, { status: 'withdrawn' });
      if (q.status === 'sent') {
        const store = storeInfo(deps.settings.current(), deps.config);
        await enqueueMail(tx, {
          kind: 'quote-withdrawn',
          to: q.email,
          ...quoteMail(store, { number: q.number, name: q.address.name }, { kind: 'withdrawn' }),
        });
      }
      return q.intentRef;
    }
    return null;
  });
  if (started) await releaseDeposit(deps, number, started);
  void deps.outbox.kick();
  return quoteForStaff(deps.db, number);
}

// --- The customer ---

/** Who asks: the holder of the quote's latest link, or its customer signed in. */
export interface Who {
  number: string;
  token: string | null;
  user: { id: number; email: string } | null;
  /** The store itself, settling a deposit paid while nobody was on the page. */
  store?: true;
}

async function findForCustomer(db: DbOrTx, who: Who, lock = false): Promise<QuoteRow> {
  const q = await repo.byNumber(db, who.number, lock);
  const mine =
    q &&
    (who.store ||
      (who.token !== null && q.tokenHash !== null && hashToken(who.token) === q.tokenHash) ||
      (who.user !== null && (q.userId === who.user.id || q.email === who.user.email)));
  if (!mine || q.status === 'draft')
    throw new NotFound(
      'This quote link is not valid any more: a newer e-mail about your quote has the current link (or sign in to see your quotes).',
    );
  return q;
}

async function customerShape(
  db: DbOrTx,
  q: QuoteRow,
  payment: CustomerQuote['payment'],
  token: string | null,
  /** The order the quote became, when the caller has just made it. */
  made?: NonNullable<CustomerQuote['order']>,
): Promise<CustomerQuote> {
  const [versions, files] = await Promise.all([repo.versions(db, q.id), repo.files(db, q.id)]);
  const shaped = shapedVersions(versions);
  const current = shaped.find((v) => v.number === q.currentVersion)!;
  const row = !made && q.orderNumber ? await orderAfterSale.byNumber(db, q.orderNumber) : null;
  const order =
    made ??
    (row ? { number: row.number, status: row.status, paidCents: row.paidCents, balanceCents: balanceOf(row) } : null);
  return {
    number: q.number,
    status: statusOf(
      q,
      versions.find((v) => v.number === q.currentVersion)!,
    ),
    name: q.address.name,
    current,
    history: shaped.filter((v) => v.number !== q.currentVersion).reverse(),
    files: files.map((f) => ({
      id: f.id,
      name: f.name,
      contentType: f.contentType,
      bytes: f.bytes,
      url: `/api/quotes/${q.number}/files/${f.id}${token ? `?token=${encodeURIComponent(token)}` : ''}`,
    })),
    order,
    payment,
  };
}

export const quoteForCustomer = async (db: Db, who: Who) =>
  customerShape(db, await findForCustomer(db, who), null, who.token);

/** The quote's row for its customer (its files are served with it). */
export const quoteOfCustomer = (db: Db, who: Who) => findForCustomer(db, who);

export async function quotesOfCustomer(db: Db, userId: number, email: string) {
  return (await repo.ofCustomer(db, userId, email)).map(({ q, v }) => ({
    number: q.number,
    status: statusOf(q, v),
    totalCents: v.totalCents,
    depositCents: v.depositCents,
    expiresOn: v.expiresOn,
    updatedAt: q.updatedAt.toISOString(),
  }));
}

interface AcceptState extends LinkPaymentState {
  deps: QuoteDeps;
  tx: DbOrTx;
  who: Who;
  input: z.output<typeof acceptQuoteBody>;
  q?: QuoteRow;
  v?: QuoteVersionRow;
  orderNumber?: string;
  /** The order made, as the answer shows it. */
  made?: NonNullable<CustomerQuote['order']>;
}

/**
 * Accepting a quote, in one transaction on the locked quote: the version read is still the current
 * one and still open; its deposit taken (given back if anything after fails); the order made in
 * production with the deposit as its first payment and the quote's stones sold to it; the quote
 * marked accepted; both sides e-mailed. A second accept of the same version (two clicks, a retried
 * request) finds it accepted and takes nothing.
 */
export const ACCEPT_QUOTE_STEPS: Array<Step<AcceptState>> = [
  {
    name: 'read quote',
    async run(s) {
      const q = await findForCustomer(s.tx, s.who, true);
      s.q = q;
      if (q.status === 'accepted' && q.acceptedVersion === s.input.version) {
        s.done = true;
        return;
      }
      if (q.status === 'accepted')
        throw new Conflict(`This quote was accepted already (version ${q.acceptedVersion}).`);
      if (q.status === 'withdrawn') throw new Conflict('This quote was withdrawn. Reply to our e-mail or call us.');
      const v = (await repo.version(s.tx, q.id, q.currentVersion))!;
      if (s.input.version !== q.currentVersion)
        throw new Conflict(
          `We sent version ${q.currentVersion} of this quote after the one you accepted: read it (it is on this page now) and accept it instead.`,
        );
      if (v.expiresAt.getTime() <= Date.now())
        throw new Conflict(
          `This quote expired on ${dayText(v.expiresOn)}. Reply to our e-mail and we will send a new one.`,
        );
      s.v = v;
    },
  },
  takeLinkPayment<AcceptState>(
    (s) =>
      s.v!.depositCents > 0
        ? {
            amountCents: s.v!.depositCents,
            reference: `${s.q!.number}-v${s.v!.number}`,
            email: s.q!.email,
            card: s.input.card,
            intentRef: s.q!.intentRef,
          }
        : null,
    (s, ref) => repo.update(s.tx, s.q!.id, { intentRef: ref }),
  ),
  {
    name: 'make order',
    async run(s) {
      const q = s.q!;
      const v = s.v!;
      const lines: DepositOrderLine[] = v.lines.map((l) => ({
        kind:
          l.kind === 'piece'
            ? 'product'
            : l.kind === 'stone'
              ? l.stones[0]!.kind
              : l.kind === 'ring'
                ? 'configured'
                : 'custom',
        refId: l.kind === 'ring' ? (l.configuration as ConfigureInput).groupId : (l.stones[0]?.id ?? l.productId ?? 0),
        title: l.title,
        details: l.details,
        image: l.image ?? '',
        quantity: l.quantity,
        unitPriceCents: l.unitPriceCents,
        lineTotalCents: l.lineTotalCents,
        stones: l.stones,
        configuration: l.configuration ?? null,
        melee: l.melee ?? null,
        onHand: l.onHand,
      }));
      const o = await placeDepositOrder({ settings: s.deps.settings }, s.tx, {
        email: q.email,
        userId: q.userId,
        address: q.address,
        lines,
        amounts: {
          subtotalCents: v.subtotalCents,
          shippingCents: v.shippingCents,
          taxCents: v.taxCents,
          taxLines: v.taxLines,
          totalCents: v.totalCents,
        },
        depositCents: v.depositCents,
        paid: s.paid ?? null,
        provider: s.deps.payments.name,
        holdReason: holdReason(q.number),
        idempotencyKey: `${q.number}:v${v.number}`,
        source: `Quote ${q.number}, version ${v.number}`,
      });
      s.orderNumber = o.number;
      s.made = { number: o.number, status: o.status, paidCents: o.paidCents, balanceCents: balanceOf(o) };
    },
  },
  {
    name: 'mark accepted',
    async run(s) {
      const q = s.q!;
      await repo.update(s.tx, q.id, {
        status: 'accepted',
        acceptedVersion: s.v!.number,
        orderNumber: s.orderNumber!,
        intentRef: null,
      });
      await repo.event(s.tx, q.id, `Accepted (version ${s.v!.number}); order ${s.orderNumber}`, 'customer');
      s.q = { ...q, status: 'accepted', acceptedVersion: s.v!.number, orderNumber: s.orderNumber!, intentRef: null };
    },
  },
  {
    name: 'tell customer and store',
    async run(s) {
      const q = s.q!;
      const store = storeInfo(s.deps.settings.current(), s.deps.config);
      const facts = { number: q.number, name: q.address.name };
      const version = versionShape(s.v!, undefined);
      await enqueueMail(s.tx, {
        kind: 'quote-accepted',
        to: q.email,
        ...quoteMail(store, facts, { kind: 'accepted', version, orderNumber: s.orderNumber!, paid: s.paid ?? null }),
      });
      await enqueueMail(s.tx, {
        kind: 'quote-accepted-store',
        to: store.email,
        ...quoteMail(store, facts, { kind: 'accepted-store', version, orderNumber: s.orderNumber! }),
      });
    },
  },
];

export async function acceptQuote(
  deps: QuoteDeps,
  who: Who,
  input: z.output<typeof acceptQuoteBody>,
  hooks?: FlowHooks,
): Promise<CustomerQuote> {
  const state = await deps.db.transaction(async (tx) =>
    runFlow('accept quote', ACCEPT_QUOTE_STEPS, { deps, tx, who, input }, hooks),
  );
  if (state.browser) {
    const { clientSecret, publishableKey } = state.browser;
    return customerShape(deps.db, state.q!, { clientSecret, publishableKey }, who.token);
  }
  void deps.outbox.kick();
  // Answered from what the flow holds: the quote as it left it, and the order it made.
  return customerShape(deps.db, state.q!, null, who.token, state.made);
}
