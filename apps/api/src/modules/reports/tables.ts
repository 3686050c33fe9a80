import type { Db } from '../../db/client.ts';
import { decimalPrice } from '@facet/contracts/money';
import { metalName } from '@facet/contracts/metals';
import type { ReportColumn, ReportQuery, ReportTable, TableReport, TableReportName } from '@facet/contracts/reports';
import { csvRow } from '../../csv.ts';
import { reportsRepository as repo, type Breakdown, type Group } from './repository.ts';
import { previousPeriod } from './service.ts';
import { refreshRollups } from './rollups.ts';

type Row = Record<string, string | number | null>;
const col = (key: string, label: string, kind: ReportColumn['kind']): ReportColumn => ({ key, label, kind });

/** Sums the money and count columns of `rows` (text columns stay empty but the first, which says "Total"). */
function totalsOf(columns: ReportColumn[], rows: Row[]): Row {
  return Object.fromEntries(
    columns.map((c, i) => [
      c.key,
      // A money column unknown on every row is unknown in total too, not $0.
      c.kind === 'money' && rows.length > 0 && rows.every((r) => r[c.key] === null)
        ? null
        : c.kind === 'money' || c.kind === 'int'
          ? rows.reduce((t, r) => t + (Number(r[c.key]) || 0), 0)
          : i === 0
            ? 'Total'
            : null,
    ]),
  );
}

const SALES_COLUMNS = (first: string): ReportColumn[] => [
  col('group', first, 'text'),
  col('lines', 'Lines sold', 'int'),
  col('gross', 'Gross', 'money'),
  col('reductions', 'Sales and codes', 'money'),
  col('refunds', 'Refunds', 'money'),
  col('net', 'Net', 'money'),
  col('cost', 'Cost (where known)', 'money'),
  col('margin', 'Margin', 'money'),
  col('costUnknown', 'Lines with cost unknown', 'int'),
];
/** A row whose every line sold has no cost has no cost or margin (null: "unknown"), never zero. */
const salesRow = (group: string, b: Breakdown): Row => {
  const unknown = b.lines > 0 && b.cost_unknown === b.lines;
  return {
    group,
    lines: b.lines,
    gross: b.gross,
    reductions: b.reductions,
    refunds: b.refunds,
    net: b.net,
    cost: unknown ? null : b.cost,
    margin: unknown ? null : b.margin,
    costUnknown: b.cost_unknown,
  };
};

const KIND_NAMES: Record<string, string> = {
  product: 'Jewelry',
  configured: 'Rings made to order',
  diamond: 'Loose diamonds',
  gemstone: 'Loose gemstones',
  melee: 'Melee',
  custom: 'Commission work',
};
const GROUP_NAMES: Record<Group, { first: string; name: (key: string) => string }> = {
  category: { first: 'Category', name: (k) => (k.startsWith('kind:') ? (KIND_NAMES[k.slice(5)] ?? k.slice(5)) : k) },
  metal: { first: 'Metal', name: (k) => (k ? metalName(k) : 'No metal (stones, work)') },
  origin: {
    first: 'Diamond',
    name: (k) => ({ natural: 'Natural', lab: 'Lab-grown' })[k] ?? 'No diamond (other pieces)',
  },
  channel: {
    first: 'Channel',
    name: (k) => ({ web: 'Online checkout', quote: 'Commission (quote)', layaway: 'Layaway' })[k] ?? k,
  },
};
const BREAKDOWNS: Partial<Record<TableReportName, Group>> = {
  'by-category': 'category',
  'by-metal': 'metal',
  'by-origin': 'origin',
  'by-channel': 'channel',
};

const SALES_NOTE =
  'Pieces sold in orders charged in these days (gift cards are owed, not sold). Refunds given in these days are shared over their order’s pieces in proportion to what each sold for. Margin counts only lines with a recorded cost: net, less their refunds, less their cost. A layaway or a commission counts when its order is placed, its deposit taken.';

type Made = Omit<TableReport, 'report' | 'from' | 'to' | 'previous' | 'previousTotals'>;

/** The tables where the period before means something (a total then and now). */
const COMPARED = new Set<TableReportName>(['discounts', 'tax', ...(Object.keys(BREAKDOWNS) as TableReportName[])]);

/** The tables read from the days kept by rollups.ts (brought up to date first). */
const KEPT = new Set<TableReportName>(['pieces', 'tax', ...(Object.keys(BREAKDOWNS) as TableReportName[])]);

async function make(db: Db, tz: string, name: TableReportName, q: ReportQuery): Promise<Made> {
  const range = { tz, ...q };
  const group = BREAKDOWNS[name];
  if (group) {
    const g = GROUP_NAMES[group];
    const columns = SALES_COLUMNS(g.first);
    const rows = (await repo.breakdown(db, range, group)).map((b) => salesRow(g.name(b.key), b));
    return {
      title: `Sales by ${g.first.toLowerCase()}`,
      note: SALES_NOTE,
      columns,
      rows,
      totals: totalsOf(columns, rows),
      summary: null,
      chart: { label: 'group', value: 'net' },
    };
  }
  switch (name) {
    case 'discounts': {
      const columns = [
        col('how', 'Taken off by', 'text'),
        col('name', 'Code or sale', 'text'),
        col('orders', 'Orders', 'int'),
        col('lines', 'Lines', 'int'),
        col('cents', 'Taken off', 'money'),
      ];
      const rows = (await repo.discounts(db, range)).map((r) => ({
        ...r,
        how: r.how === 'code' ? 'Discount code' : 'Sale',
      }));
      const totals = totalsOf(columns, rows);
      totals.orders = null; // an order may have a code and a sale
      return {
        title: 'Discounts by code and by sale',
        note: 'What each discount code and each automatic sale took off the pieces of orders charged in these days (a sale: the price before it less the price paid).',
        columns,
        rows,
        totals,
        summary: null,
        chart: { label: 'name', value: 'cents' },
      };
    }
    case 'pieces': {
      const columns = [col('group', 'Piece', 'text'), col('kind', 'Kind', 'text'), ...SALES_COLUMNS('').slice(1)];
      const rows = (await repo.pieces(db, range)).map((b) => ({
        ...salesRow(b.name, b),
        kind: KIND_NAMES[b.kind] ?? b.kind,
      }));
      return {
        title: 'Margin by piece',
        note: `${SALES_NOTE} Best first; a piece with no recorded cost has no margin and sits by its net.`,
        columns,
        rows,
        totals: totalsOf(columns, rows),
        summary: null,
        chart: null,
      };
    }
    case 'tax': {
      const columns = [
        col('state', 'State', 'text'),
        col('jurisdiction', 'Jurisdiction', 'text'),
        col('percent', 'Rate', 'percent'),
        col('orders', 'Orders', 'int'),
        col('tax', 'Tax', 'money'),
      ];
      const rows = (await repo.tax(db, range)).map((r) => ({
        state: r.state,
        jurisdiction: r.jurisdiction,
        percent: r.percent,
        orders: r.orders,
        tax: r.cents,
      }));
      const totals = totalsOf(columns, rows);
      totals.orders = null; // an order is in several jurisdictions' rows
      const states = new Map<string, number>();
      for (const r of rows) states.set(r.state, (states.get(r.state) ?? 0) + r.tax);
      return {
        title: 'Tax collected by state and jurisdiction',
        note: 'Tax on orders charged in these days, by the jurisdictions the tax service (or the store’s own table) gave each address, less what refunds on those orders have given back since.',
        columns,
        rows,
        totals,
        summary: {
          title: 'By state',
          columns: [col('state', 'State', 'text'), col('tax', 'Tax, net of refunds', 'money')],
          rows: [...states].map(([state, tax]) => ({ state, tax })),
        },
        chart: null,
      };
    }
    case 'gift-cards': {
      const columns = [
        col('card', 'Card', 'text'),
        col('issuedOn', 'Issued on', 'text'),
        col('source', 'How', 'text'),
        col('atStart', 'Held at start', 'money'),
        col('issued', 'Issued', 'money'),
        col('spent', 'Spent', 'money'),
        col('changed', 'Adjusted', 'money'),
        col('atEnd', 'Owed at end', 'money'),
      ];
      const rows = (await repo.giftCards(db, range)).map((c) => ({
        card: c.last4 ? `•••• ${c.last4}${c.active ? '' : ' (disabled)'}` : `No. ${c.id} (not yet sent)`,
        issuedOn: c.issued_on,
        source: c.source,
        atStart: c.at_start,
        issued: c.issued,
        spent: c.spent,
        changed: c.changed,
        atEnd: c.at_end,
      }));
      return {
        title: 'Gift-card liability',
        note: `What every card held when the first day began, what was issued, spent (less what came back to cards) and adjusted in these days, and what the store owes on them at the end of ${q.to}.`,
        columns,
        rows,
        totals: totalsOf(columns, rows),
        summary: null,
        chart: null,
      };
    }
    case 'memo': {
      const columns = [
        col('dealer', 'Dealer', 'text'),
        col('stones', 'Stones sold', 'int'),
        col('serials', 'Stones', 'text'),
        col('sold', 'Sold for', 'money'),
        col('owed', 'Owed to the dealer', 'money'),
        col('unknown', 'Stones with no memo price', 'int'),
      ];
      const rows = (await repo.memo(db, range)).map((m) => ({ ...m }));
      return {
        title: 'Memo stones sold: owed to dealers',
        note: 'Stones held on memo, sold in orders charged in these days and not returned: each dealer is owed the memo price recorded at the sale. A stone without one is counted, never taken as nothing owed.',
        columns,
        rows,
        totals: totalsOf(columns, rows),
        summary: null,
        chart: { label: 'dealer', value: 'owed' },
      };
    }
    case 'stock': {
      const columns = [
        col('kind', 'Kind', 'text'),
        col('name', 'Item', 'text'),
        col('ref', 'SKU or stone', 'text'),
        col('days', 'Days on hand', 'int'),
        col('units', 'Units', 'int'),
        col('cost', 'Cost tied up', 'money'),
      ];
      const rows = (await repo.stock(db)).map((r) => ({ ...r }));
      const totals = totalsOf(columns, rows);
      totals.days = null;
      const bands = [
        ['Under 90 days', 0, 90],
        ['90 to 179 days', 90, 180],
        ['180 to 364 days', 180, 365],
        ['365 days or more', 365, Infinity],
      ] as const;
      const summary: ReportTable & { title: string } = {
        title: 'By age',
        columns: [
          col('band', 'On hand for', 'text'),
          col('items', 'Items', 'int'),
          col('units', 'Units', 'int'),
          col('cost', 'Cost tied up', 'money'),
          col('unknown', 'Items with cost unknown', 'int'),
        ],
        rows: bands.map(([band, lo, hi]) => {
          const inBand = rows.filter((r) => r.days >= lo && r.days < hi);
          return {
            band,
            items: inBand.length,
            units: inBand.reduce((t, r) => t + r.units, 0),
            cost: inBand.reduce((t, r) => t + (r.cost ?? 0), 0),
            unknown: inBand.filter((r) => r.cost === null).length,
          };
        }),
      };
      return {
        title: 'Stock by age',
        note: 'Today’s stock, whatever the dates: pieces in stock (days since the design was added) and the store’s own loose diamonds (days since they came in; memo and suppliers’ stones are not the store’s). Cost is the recorded cost times the units; an item without one is counted apart.',
        columns,
        rows,
        totals,
        summary,
        chart: { label: 'band', value: 'cost' },
      };
    }
    case 'searches': {
      const columns = [
        col('term', 'Search', 'text'),
        col('searches', 'Times searched', 'int'),
        col('nothing', 'Times it found nothing', 'int'),
        col('last', 'Last searched', 'text'),
      ];
      const rows = (await repo.searches(db, range)).map((r) => ({ ...r }));
      return {
        title: 'Searches',
        note: 'What shoppers searched for on these days, most asked first, counted when the results page was seen (whatever cache served it). Only the words and a count per day are kept: no shopper, address or session.',
        columns,
        rows,
        totals: totalsOf(columns, rows),
        summary: {
          title: 'Found nothing',
          columns: [col('term', 'Search', 'text'), col('nothing', 'Times it found nothing', 'int')],
          rows: rows
            .filter((r) => r.nothing > 0)
            .sort((a, b) => b.nothing - a.nothing)
            .slice(0, 20)
            .map((r) => ({ term: r.term, nothing: r.nothing })),
        },
        chart: null,
      };
    }
    default:
      throw new Error(`No report ${name}`);
  }
}

/**
 * The period before's totals. A breakdown's are its lines summed whole — the same sums as adding up
 * its groups, without looking up what each line is or sorting them into groups.
 */
async function totalsBefore(db: Db, tz: string, name: TableReportName, q: ReportQuery) {
  if (!BREAKDOWNS[name]) return (await make(db, tz, name, q)).totals;
  return totalsOf(SALES_COLUMNS(''), [salesRow('Total', await repo.lineTotals(db, { tz, ...q }))]);
}

/** One of the tables, with the period before's totals where comparing means something (both asked at once). */
export async function tableReport(db: Db, tz: string, name: TableReportName, q: ReportQuery): Promise<TableReport> {
  const previous = COMPARED.has(name) ? previousPeriod(q.from, q.to) : null;
  if (KEPT.has(name)) await refreshRollups(db, tz);
  const [made, previousTotals] = await Promise.all([
    make(db, tz, name, q),
    previous ? totalsBefore(db, tz, name, { ...q, ...previous }) : null,
  ]);
  return { report: name, from: q.from, to: q.to, ...made, previous, previousTotals };
}

/** Exactly the report's rows (and its totals), money in dollars with cents. */
export function* tableCsv(report: TableReport) {
  yield csvRow(report.columns.map((c) => c.label));
  const cell = (r: Row, c: ReportColumn) => {
    const v = r[c.key] ?? null;
    return c.kind === 'money' && typeof v === 'number' ? decimalPrice(v) : v;
  };
  for (const r of report.rows) yield csvRow(report.columns.map((c) => cell(r, c)));
  if (report.totals && report.rows.length > 0) yield csvRow(report.columns.map((c) => cell(report.totals!, c)));
}
