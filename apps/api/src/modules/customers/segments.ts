import { decimalPrice } from '@facet/contracts/money';
import { describeSegment, type SegmentFilter } from '@facet/contracts/segments';
import { addDays } from '@facet/contracts/payment-plans';
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../errors.ts';
import { csvRow } from '../../csv.ts';
import { audit, type Actor } from '../audit/index.ts';
import { storeToday } from '../gift-cards/index.ts';
import { customersRepository as repo, type SegmentRow } from './repository.ts';

// Segments: saved filters over customers, counted when listed, previewed before saving, exported as CSV.

const isLeap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** The (month, day) of each of the next `days` days of the store's calendar; February 29 falls on the 28th in other years. */
export function windowDays(today: string, days: number) {
  const out: Array<{ month: number; day: number }> = [];
  for (let i = 0; i < days; i++) {
    const [y, m, d] = addDays(today, i).split('-').map(Number) as [number, number, number];
    out.push({ month: m, day: d });
    if (m === 2 && d === 28 && !isLeap(y)) out.push({ month: 2, day: 29 });
  }
  return out;
}
const daysOf = (f: SegmentFilter, timezone: string) =>
  f.dateWithin ? windowDays(storeToday(timezone), f.dateWithin.days) : [];

const out = (r: SegmentRow) => ({
  id: r.id,
  email: r.email,
  name: `${r.firstName} ${r.lastName}`.trim(),
  orders: r.orders,
  spentCents: r.spentCents,
  lastOrderAt: r.lastOrderAt ? new Date(r.lastOrderAt).toISOString() : null,
  agreedToEmails: r.agreedToEmails,
});

export async function previewSegment(db: Db, timezone: string, filter: SegmentFilter) {
  const days = daysOf(filter, timezone);
  const [count, first] = await Promise.all([
    repo.segmentCount(db, filter, days),
    repo.segmentPage(db, filter, days, 0, 20),
  ]);
  return { description: describeSegment(filter), count, customers: first.map(out) };
}

export async function listSegments(db: Db, timezone: string) {
  const rows = await repo.segments(db);
  return Promise.all(
    rows.map(async (s) => ({
      id: s.id,
      name: s.name,
      filter: s.filter,
      description: describeSegment(s.filter),
      count: await repo.segmentCount(db, s.filter, daysOf(s.filter, timezone)),
      updatedAt: s.updatedAt.toISOString(),
    })),
  );
}

/** A segment saved (new, or `id` changed), audited before → after. */
export async function saveSegment(
  db: Db,
  timezone: string,
  actor: Actor,
  id: number | null,
  body: { name: string; filter: SegmentFilter },
) {
  const row = { ...body, updatedBy: actor.email };
  const saved = await db.transaction(async (tx) => {
    if (id === null) {
      const made = await repo.addSegment(tx, row);
      await audit(tx, actor, 'segment.create', 'segment', made, null, body);
      return made;
    }
    const before = await repo.segment(tx, id);
    if (!before || !(await repo.updateSegment(tx, id, row))) throw new NotFound('There is no such segment.');
    await audit(tx, actor, 'segment.update', 'segment', id, { name: before.name, filter: before.filter }, body);
    return id;
  });
  return (await listSegments(db, timezone)).find((s) => s.id === saved)!;
}

export async function deleteSegment(db: Db, actor: Actor, id: number) {
  await db.transaction(async (tx) => {
    const before = await repo.segment(tx, id);
    if (!before || !(await repo.deleteSegment(tx, id))) throw new NotFound('There is no such segment.');
    await audit(tx, actor, 'segment.delete', 'segment', id, { name: before.name, filter: before.filter }, null);
  });
  return { deleted: true };
}

export async function segmentName(db: Db, id: number) {
  const s = await repo.segment(db, id);
  if (!s) throw new NotFound('There is no such segment.');
  return s.name;
}

/** Every customer the segment finds, as CSV rows read a page at a time (formulas neutralised by csvRow). */
export async function* segmentCsv(db: Db, timezone: string, id: number): AsyncGenerator<string> {
  const s = await repo.segment(db, id);
  if (!s) throw new NotFound('There is no such segment.');
  const days = daysOf(s.filter, timezone);
  yield csvRow([
    'Email',
    'First name',
    'Last name',
    'Phone',
    'Orders',
    'Spent (USD)',
    'Last order',
    'Agreed to e-mails',
  ]);
  for (let after = 0; ;) {
    const page = await repo.segmentPage(db, s.filter, days, after, 1000);
    for (const r of page)
      yield csvRow([
        r.email,
        r.firstName,
        r.lastName,
        r.phone,
        r.orders,
        decimalPrice(r.spentCents),
        r.lastOrderAt ? new Date(r.lastOrderAt).toISOString().slice(0, 10) : '',
        r.agreedToEmails ? 'yes' : 'no',
      ]);
    if (page.length < 1000) return;
    after = page.at(-1)!.id;
  }
}
