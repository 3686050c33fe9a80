import { and, asc, eq, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { supplier } from './schema.ts';
import type { CategoryMappingRow } from '@facet/contracts/admin-feeds';
import type { FeedDesign } from './product-feed.ts';

export const feedsRepository = {
  supplierByCode: async (db: DbOrTx, code: string) =>
    (await db.select().from(supplier).where(eq(supplier.code, code)).limit(1))[0] ?? null,
  addSupplier: async (db: DbOrTx, code: string, name: string) =>
    (await db.insert(supplier).values({ code, name }).onConflictDoNothing().returning())[0] ??
    (await db.select().from(supplier).where(eq(supplier.code, code)).limit(1))[0]!,
};

// The SQL of product feeds: a supplier's category mapping, designs waiting for one, and the
// designs and variants a feed writes (by supplier and series; variants by SKU).

/** A product group as the mapping list shows it (the contract's row, its date not yet text). */
export type CategoryMapping = Omit<CategoryMappingRow, 'firstSeenAt'> & { firstSeenAt: Date };

export const productFeedRepository = {
  /** Group description → category (null: waiting for the manager) for one supplier. */
  mappings: async (db: DbOrTx, supplierId: number) =>
    new Map(
      rowsOf<{ groupDescription: string; categoryId: number | null }>(
        await db.execute(sql`select group_description as "groupDescription", category_id as "categoryId"
          from supplier_category where supplier_id = ${supplierId}`),
      ).map((r) => [r.groupDescription, r.categoryId]),
    ),

  /** Every group the suppliers' feeds named (unplaced first), with where it goes and how many designs wait or are listed. */
  mappingList: async (db: DbOrTx) =>
    rowsOf<CategoryMapping>(
      await db.execute(sql`select s.code as supplier, m.group_description as "groupDescription", m.category_id as "categoryId", c.name as "categoryName",
        (select count(*)::int from feed_product_waiting w where w.supplier_id = m.supplier_id and w.group_description = m.group_description) as waiting,
        (select count(*)::int from product_group_view g where g.supplier_id = m.supplier_id and g.description = m.group_description) as designs,
        m.first_seen_at as "firstSeenAt"
        from supplier_category m join supplier s on s.id = m.supplier_id left join category_view c on c.id = m.category_id
        order by m.category_id is not null, s.code, m.group_description`),
    ),

  addUnmapped: (db: DbOrTx, supplierId: number, groupDescription: string) =>
    db.execute(sql`insert into supplier_category (supplier_id, group_description) values (${supplierId}, ${groupDescription})
      on conflict do nothing`),

  setMapping: (db: DbOrTx, supplierId: number, groupDescription: string, categoryId: number | null) =>
    db.execute(sql`insert into supplier_category (supplier_id, group_description, category_id) values (${supplierId}, ${groupDescription}, ${categoryId})
      on conflict (supplier_id, group_description) do update set category_id = excluded.category_id, updated_at = now()`),

  wait: (db: DbOrTx, supplierId: number, d: FeedDesign) =>
    db.execute(sql`insert into feed_product_waiting (supplier_id, series, group_description, draft)
      values (${supplierId}, ${d.series}, ${d.groupDescription}, ${JSON.stringify(d)}::jsonb)
      on conflict (supplier_id, series) do update set group_description = excluded.group_description, draft = excluded.draft, updated_at = now()`),

  stopWaiting: (db: DbOrTx, supplierId: number, series: string) =>
    db.execute(sql`delete from feed_product_waiting where supplier_id = ${supplierId} and series = ${series}`),

  /** Designs waiting whose group now has a category, a page at a time. */
  waitingMapped: async (db: DbOrTx, supplierId: number, afterSeries: string, limit: number) =>
    rowsOf<{ series: string; draft: FeedDesign }>(
      await db.execute(sql`select w.series, w.draft from feed_product_waiting w
        join supplier_category m on m.supplier_id = w.supplier_id and m.group_description = w.group_description
        where w.supplier_id = ${supplierId} and m.category_id is not null and w.series > ${afterSeries}
        order by w.series limit ${limit}`),
    ),

  countWaitingMapped: async (db: DbOrTx, supplierId: number) =>
    rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from feed_product_waiting w
        join supplier_category m on m.supplier_id = w.supplier_id and m.group_description = w.group_description
        where w.supplier_id = ${supplierId} and m.category_id is not null`),
    )[0]!.n,
};

/** A supplier's feed as the store fetches it itself: where, how often, what came last. */
export type SupplierRow = typeof supplier.$inferSelect;

// Suppliers' pull settings (the imports module schedules and runs the pulls).
export const supplierPullRepository = {
  suppliers: (db: DbOrTx): Promise<SupplierRow[]> => db.select().from(supplier).orderBy(asc(supplier.code)),

  /** The supplier's pull settings; the supplier is made if it is new. The next pull is due at once. */
  async setPull(
    db: DbOrTx,
    code: string,
    p: { feedUrl: string | null; everyMinutes: number; full: boolean; kind: 'diamonds' | 'products' },
  ): Promise<SupplierRow> {
    const set = {
      feedUrl: p.feedUrl,
      feedFull: p.full,
      feedKind: p.kind,
      pullEveryMinutes: p.feedUrl ? p.everyMinutes : null,
      nextPullAt: p.feedUrl ? sql`now()` : null,
      // A new address starts afresh: its validators belong to the old one.
      etag: null,
      lastModified: null,
    };
    const [row] = await db
      .insert(supplier)
      .values({ code, name: code, ...set })
      .onConflictDoUpdate({ target: supplier.code, set })
      .returning();
    return row!;
  },

  /**
   * Claims the supplier whose pull is most overdue, moving its next pull on by its interval in the
   * same statement (SKIP LOCKED: two instances never claim the same one). Null when none is due.
   */
  async claimDuePull(db: DbOrTx): Promise<SupplierRow | null> {
    const rows = await db.execute(sql`
      update supplier set next_pull_at = now() + make_interval(mins => pull_every_minutes)
      where id = (
        select id from supplier
        where pull_every_minutes is not null and feed_url is not null and next_pull_at <= now()
        order by next_pull_at limit 1 for update skip locked)
      returning id, code, feed_url as "feedUrl", feed_full as "feedFull", feed_kind as "feedKind", etag, last_modified as "lastModified"`);
    return rowsOf<SupplierRow>(rows)[0] ?? null;
  },

  async recordPull(
    db: DbOrTx,
    id: number,
    r: { result: string; etag?: string | null; lastModified?: string | null },
  ): Promise<void> {
    await db
      .update(supplier)
      .set({
        lastPullAt: sql`now()`,
        lastPullResult: r.result.slice(0, 300),
        ...(r.etag !== undefined ? { etag: r.etag, lastModified: r.lastModified ?? null } : {}),
      })
      .where(eq(supplier.id, id));
  },

  /** Tests and "pull now": the supplier's next pull is due at once. */
  async pullNow(db: DbOrTx, code: string): Promise<void> {
    await db
      .update(supplier)
      .set({ nextPullAt: sql`now()` })
      .where(and(eq(supplier.code, code), sql`${supplier.pullEveryMinutes} is not null`));
  },
};
