import { and, asc, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { rowsOf, type DbOrTx } from '../../db/client.ts';
import { appUserView as appUser } from '../account/index.ts';
import { savedSearch, savedSearchHit } from './schema.ts';
import { storeValues } from '../store-values/index.ts';
import type { DiamondIndexRow } from '../catalog/index.ts';

export type SearchRow = typeof savedSearch.$inferSelect;
export type NewSearch = typeof savedSearch.$inferInsert;
export interface Candidate extends DiamondIndexRow {
  /** Epoch milliseconds. */
  listedAt: number;
  priceDroppedAt: number | null;
  priceBeforeDropCents: number | null;
}
export interface NewHit {
  searchId: number;
  diamondId: number;
  kind: 'new' | 'price_drop';
  priceCents: number;
  previousCents: number | null;
}
export interface DigestLine {
  searchId: number;
  diamondId: number;
  kind: 'new' | 'price_drop';
  previousCents: number | null;
  toldCents: number;
  serial: string;
  origin: string;
  shape: string;
  caratPoints: number;
  color: string;
  clarity: string;
  cut: string;
  lab: string;
  priceCents: number;
  status: string;
}

const WATERMARK = 'saved_search_snapshot';
const SIGNING_KEY = 'alert_signing_key';
/** Where alerts go: an account's current address, a guest's own. */
const recipient = sql<string>`lower(coalesce(${appUser.email}, ${savedSearch.email}))`;

export const savedSearchRepository = {
  insert: async (db: DbOrTx, row: NewSearch) => (await db.insert(savedSearch).values(row).returning())[0]!,

  /** Searches kept for an account or (pending or active) for a guest's address: the cap counts them. */
  countFor: async (db: DbOrTx, who: { userId: number } | { email: string }) =>
    (
      await db
        .select({ n: count() })
        .from(savedSearch)
        .where(
          'userId' in who
            ? eq(savedSearch.userId, who.userId)
            : and(isNull(savedSearch.userId), sql`lower(${savedSearch.email}) = lower(${who.email})`),
        )
    )[0]!.n,

  forUser: (db: DbOrTx, userId: number) =>
    db.select().from(savedSearch).where(eq(savedSearch.userId, userId)).orderBy(asc(savedSearch.id)),

  byId: async (db: DbOrTx, id: number) =>
    (await db.select().from(savedSearch).where(eq(savedSearch.id, id)).limit(1))[0] ?? null,

  /** watchFromNow: matches count from this write, on the database's clock (as a stone's listing is). */
  update: async (
    db: DbOrTx,
    id: number,
    userId: number,
    { watchFromNow, ...patch }: Omit<Partial<NewSearch>, 'watchFrom'> & { watchFromNow?: boolean },
  ) =>
    (
      await db
        .update(savedSearch)
        .set(watchFromNow ? { ...patch, watchFrom: sql`now()` } : patch)
        .where(and(eq(savedSearch.id, id), eq(savedSearch.userId, userId)))
        .returning()
    )[0] ?? null,

  /** Stones found under the old filters are not news under the new ones. */
  dropUnsentHits: (db: DbOrTx, searchId: number) =>
    db.delete(savedSearchHit).where(and(eq(savedSearchHit.searchId, searchId), isNull(savedSearchHit.sentAt))),

  remove: async (db: DbOrTx, id: number, userId: number | null) =>
    (
      await db
        .delete(savedSearch)
        .where(and(eq(savedSearch.id, id), userId === null ? sql`true` : eq(savedSearch.userId, userId)))
        .returning({ id: savedSearch.id })
    ).length > 0,

  confirm: async (db: DbOrTx, tokenHash: string) =>
    (
      await db
        .update(savedSearch)
        .set({ status: 'active', confirmTokenHash: null, watchFrom: sql`now()` })
        .where(and(eq(savedSearch.confirmTokenHash, tokenHash), eq(savedSearch.status, 'pending')))
        .returning({ id: savedSearch.id })
    ).length > 0,

  /** The key that signs unsubscribe links: made once, shared by every instance. */
  signingKey: (db: DbOrTx, fresh: string) => storeValues.putIfAbsent(db, SIGNING_KEY, fresh),

  // --- Matching ---

  /** The snapshot up to which changes were matched, locked for this run (one run at a time); null on the first run. */
  lockWatermark: async (db: DbOrTx) => {
    const at = await storeValues.get<string>(db, WATERMARK, true);
    if (at !== null) return at;
    await storeValues.putIfAbsent(db, WATERMARK, await savedSearchRepository.snapshot(db));
    return null;
  },
  setWatermark: (db: DbOrTx, snapshot: string) => storeValues.put(db, WATERMARK, snapshot),
  snapshot: async (db: DbOrTx) =>
    rowsOf<{ s: string }>(await db.execute(sql`select pg_current_snapshot()::text as s`))[0]!.s,

  /** Stones on sale written by transactions the last run could not see. */
  changedSince: async (db: DbOrTx, snapshot: string) =>
    rowsOf<Candidate>(
      await db.execute(sql`
      select id, origin, shape, carat_points as "caratPoints", color_rank as "colorRank", clarity_rank as "clarityRank", cut_rank as "cutRank",
        polish, symmetry, fluorescence, lab, depth_pct as "depthPct", table_pct as "tablePct", lw_ratio as "lwRatio", price_cents as "priceCents",
        status, created_at::text as "createdAt", (extract(epoch from listed_at) * 1000)::float8 as "listedAt",
        (extract(epoch from price_dropped_at) * 1000)::float8 as "priceDroppedAt",
        price_before_drop_cents as "priceBeforeDropCents",
        exists (select 1 from stone_photo_view ph where ph.kind = 'diamond' and ph.stone_id = diamond_view.id) as photo,
        coalesce(lower(substring(video_url from '^(https?://[^/?#]+)')), '') as "videoOrigin"
      from diamond_view
      where status = 'available'
        and changed_xid >= pg_snapshot_xmin(${snapshot}::pg_snapshot) and not pg_visible_in_snapshot(changed_xid, ${snapshot}::pg_snapshot)`),
    ),

  activeSearches: (db: DbOrTx) =>
    db
      // Milliseconds with the microseconds kept, as listedAt is read: a Date would cut them off.
      .select({
        id: savedSearch.id,
        filters: savedSearch.filters,
        watchFrom: sql<number>`(extract(epoch from ${savedSearch.watchFrom}) * 1000)::float8`,
      })
      .from(savedSearch)
      .where(eq(savedSearch.status, 'active')),

  /**
   * Keeps what the runs found. A stone already told (or waiting to be) is news again only when its
   * price is now lower than the one told: then it is a price cut from that price.
   */
  addHits: async (db: DbOrTx, hits: NewHit[]) => {
    if (!hits.length) return;
    await db.execute(sql`
      insert into saved_search_hit (search_id, diamond_id, kind, price_cents, previous_cents)
      select * from unnest(
        ${`{${hits.map((h) => h.searchId).join(',')}}`}::int[], ${`{${hits.map((h) => h.diamondId).join(',')}}`}::int[],
        ${`{${hits.map((h) => h.kind).join(',')}}`}::text[], ${`{${hits.map((h) => h.priceCents).join(',')}}`}::int[],
        ${`{${hits.map((h) => h.previousCents ?? 'NULL').join(',')}}`}::int[])
      on conflict (search_id, diamond_id) do update
        set kind = 'price_drop', previous_cents = saved_search_hit.price_cents, price_cents = excluded.price_cents,
          found_at = now(), sent_at = null
        where excluded.price_cents < saved_search_hit.price_cents`);
  },
  addMoreFound: async (db: DbOrTx, more: Map<number, number>) => {
    if (!more.size) return;
    await db.execute(sql`
      update saved_search s set more_found = s.more_found + m.n
      from unnest(${`{${[...more.keys()].join(',')}}`}::int[], ${`{${[...more.values()].join(',')}}`}::int[]) as m(id, n)
      where s.id = m.id`);
  },

  // --- Digests ---

  /** Addresses with news whose last digest was over a day ago (or never). */
  dueRecipients: async (db: DbOrTx) =>
    (
      await db
        .selectDistinct({ to: recipient })
        .from(savedSearch)
        .leftJoin(appUser, eq(appUser.id, savedSearch.userId))
        .innerJoin(savedSearchHit, and(eq(savedSearchHit.searchId, savedSearch.id), isNull(savedSearchHit.sentAt)))
        .where(
          and(
            eq(savedSearch.status, 'active'),
            sql`not exists (
              select 1 from saved_search o left join app_user_view ou on ou.id = o.user_id
              where lower(coalesce(ou.email, o.email)) = ${recipient} and o.last_digest_at > now() - interval '1 day')`,
          ),
        )
    ).map((r) => r.to),

  /** A recipient's active searches, locked (an instance sending the same digest waits, then finds it sent). */
  searchesOf: (db: DbOrTx, to: string) =>
    db
      .select({ search: savedSearch, firstName: appUser.firstName })
      .from(savedSearch)
      .leftJoin(appUser, eq(appUser.id, savedSearch.userId))
      .where(and(eq(savedSearch.status, 'active'), sql`${recipient} = ${to}`))
      .orderBy(asc(savedSearch.id))
      .for('update', { of: savedSearch }),

  unsentLines: async (db: DbOrTx, searchIds: number[]) =>
    searchIds.length
      ? rowsOf<DigestLine>(
          await db.execute(sql`
          select h.search_id as "searchId", h.diamond_id as "diamondId", h.kind, h.previous_cents as "previousCents", h.price_cents as "toldCents",
            d.serial, d.origin, d.shape, d.carat_points as "caratPoints", d.color, d.clarity, d.cut, d.lab, d.price_cents as "priceCents", d.status
          from saved_search_hit h join diamond_view d on d.id = h.diamond_id
          where h.search_id in (${sql.join(
            searchIds.map((id) => sql`${id}`),
            sql`, `,
          )}) and h.sent_at is null
          order by h.search_id, d.price_cents, d.id`),
        )
      : [],

  markSent: async (
    db: DbOrTx,
    searchIds: number[],
    told: Array<{ searchId: number; diamondId: number; priceCents: number }>,
    mailed: boolean,
  ) => {
    if (!searchIds.length) return;
    // What was told is remembered at the price told; stones no longer on sale are forgotten.
    for (const t of told)
      await db
        .update(savedSearchHit)
        .set({ sentAt: sql`now()`, priceCents: t.priceCents })
        .where(and(eq(savedSearchHit.searchId, t.searchId), eq(savedSearchHit.diamondId, t.diamondId)));
    await db
      .delete(savedSearchHit)
      .where(and(inArray(savedSearchHit.searchId, searchIds), isNull(savedSearchHit.sentAt)));
    if (mailed)
      await db
        .update(savedSearch)
        .set({ lastDigestAt: sql`now()`, moreFound: 0 })
        .where(inArray(savedSearch.id, searchIds));
  },

  /** For tests and the profile: whether anything waits to be told. */
};
