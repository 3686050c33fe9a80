import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { catalogueStats, lastQuotedStoneCount, reloadCatalogueCopies } from '../modules/catalog/index.ts';
import { forgetCheapestStones, forgetConfiguratorMemo } from '../modules/configurator/index.ts';
import { refreshConfiguredPrices } from '../modules/products/index.ts';
import { reloadSales, saleBook } from '../modules/sales/index.ts';
import { nextPublishAt } from '../modules/content/index.ts';
import { STORE, tags, tagsForChange } from './cache-tags.ts';

/**
 * The channel the facet_catalogue_changed trigger (migration 0009) notifies, with the table's name;
 * a change to diamonds names the stones too ("diamond:<id>,<id>…", migration 0051).
 */
export const CATALOGUE_CHANNEL = 'facet_catalogue';

/** The table a notification on CATALOGUE_CHANNEL is about. */
export const changedTable = (payload: string) => payload.split(':', 1)[0]!;

const STONES = new Set(['diamond']);
/** Every kind of stone a setting can be filled with. */
const FILLS = new Set(['diamond', 'notable_gemstone', 'melee_parcel']);
const PRODUCTS = new Set([
  'product_group',
  'product',
  'product_attribute',
  'product_photo',
  'category_placement',
  'category',
  'menu_item',
  // An approved or hidden review: the stars on the listing's cards.
  'review',
]);
const PRICING = new Set(['metal_rate', 'configuration_model']);

/**
 * Keeps this instance's caches and in-process copies in step with every write to the catalogue,
 * whichever instance (or person) made it: PostgreSQL notifies at commit (with the table's name, and
 * a diamond's change with the stones' ids), and each instance drops its answer cache, refreshes the
 * copies the table feeds, and purges the shared cache in front by the tags of what changed. No
 * timer decides freshness.
 */
export async function followCatalogueChanges(app: FastifyInstance, database: Database): Promise<() => Promise<void>> {
  /** The notifications' payloads: "table" or "diamond:<id>,<id>…". */
  let pending = new Set<string>();
  let scheduled = false;
  // Answers (and pages) read while a copy was being rebuilt came from the old copy: dropped again.
  const dropAgain = (purge: string[]) => () => {
    app.answerCache.invalidate(purge);
    app.sharedCache.purge(purge);
  };
  // A sale starts and ends, and a scheduled post appears, on time with nobody writing anything: at
  // each such moment the answers and pages made before it are dropped (prices and what is readable
  // are worked out per request).
  let momentTimer: NodeJS.Timeout | undefined;
  const scheduleMoments = () => {
    clearTimeout(momentTimer);
    Promise.all([saleBook(database.db).then((book) => book.nextChange()), nextPublishAt(database.db)]).then(
      (moments) => {
        const next = Math.min(...moments.filter((m): m is number => m !== null));
        if (!Number.isFinite(next)) return;
        // A timer holds at most ~24.8 days: a moment further off is scheduled again when it fires.
        momentTimer = setTimeout(
          () => {
            dropAgain([STORE])();
            scheduleMoments();
          },
          Math.min(Math.max(next - Date.now() + 1, 0), 2 ** 31 - 1),
        );
        momentTimer.unref();
      },
      (err: unknown) => app.log.warn({ err }, 'sales and posts: could not be read; the next change retries'),
    );
  };
  scheduleMoments();
  // Pages quote the count of diamonds in words ("10,000+"): they are purged when the words change,
  // not with every stone sold. Each instance compares with the words it last gave (pages another
  // instance rendered, that one purges); one that gave none since it started purges to be sure.
  const recount = () => {
    const was = lastQuotedStoneCount(app.diamondIndex);
    catalogueStats(app.diamondIndex).then(
      ({ diamonds }) => {
        if (was !== diamonds) dropAgain([tags.stoneCount])();
      },
      () => dropAgain([tags.stoneCount])(),
    );
  };
  // Notifications of one burst (an import, a re-seed) are handled once, on the next tick.
  const apply = () => {
    scheduled = false;
    const payloads = pending;
    pending = new Set();
    const tables = new Set([...payloads].map(changedTable));
    const all = tables.has('*');
    const purge = [...new Set([...payloads].flatMap(tagsForChange))];
    app.answerCache.invalidate(purge);
    app.sharedCache.purge(purge);
    // New settings change prices, promises and pages: answers made meanwhile are dropped again.
    if (all || tables.has('store_setting'))
      app.storeSettings
        .reload()
        .then(dropAgain(purge), (err: unknown) =>
          app.log.warn({ err }, 'store settings: reload failed; the next change retries'),
        );
    if (all || [...tables].some((t) => FILLS.has(t))) forgetCheapestStones(database.db);
    if (all || [...tables].some((t) => STONES.has(t))) {
      app.diamondIndex.invalidate();
      recount();
    }
    // A sale's scope names categories: a moved category moves what is on sale.
    if (all || tables.has('sale') || tables.has('category'))
      reloadSales(database.db).then(
        () => {
          dropAgain(purge)();
          scheduleMoments();
        },
        (err: unknown) => app.log.warn({ err }, 'sales: reload failed; the next change retries'),
      );
    if (!all && tables.has('content_page')) scheduleMoments();
    // The memo holds models of published groups, so a publish or unpublish clears it too.
    if (all || [...tables].some((t) => PRICING.has(t) || PRODUCTS.has(t))) forgetConfiguratorMemo(database.db);
    if (all || [...tables].some((t) => PRODUCTS.has(t))) {
      reloadCatalogueCopies(database.db).then(dropAgain(purge), (err: unknown) =>
        app.log.warn({ err }, 'catalogue copies: reload failed; the next change retries'),
      );
    }
  };
  const note = (payload: string) => {
    pending.add(payload);
    if (!scheduled) {
      scheduled = true;
      setImmediate(apply);
    }
  };
  const stop = await database.listen(CATALOGUE_CHANNEL, note, () => note('*'));
  return async () => {
    clearTimeout(momentTimer);
    await stop();
  };
}

/**
 * This instance's shopper-facing answers after a write to the catalogue, at once: the write's
 * NOTIFY reaches every instance (this one too) a moment after commit, but the writer's next page
 * must not be older than its own write. Back-office writes call it from one hook of the admin
 * scope (a new route cannot forget it); lint keeps invalidations out of route files.
 */
export function catalogueWritten(app: FastifyInstance, stones?: ReadonlyArray<StoneRef>) {
  app.answerCache.invalidate(stones?.length ? tagsForStones(stones) : undefined);
  app.diamondIndex.invalidate();
  forgetCheapestStones(app.db);
}

/** A stone an order sold or gave back. */
export interface StoneRef {
  kind: 'diamond' | 'gemstone' | 'melee';
  id: number;
}

/** What showed these stones: their pages, the lists they were in, and pages that name nothing. */
export function tagsForStones(stones: ReadonlyArray<StoneRef>): string[] {
  const diamonds = stones.filter((s) => s.kind === 'diamond').map((s) => s.id);
  return [
    ...new Set([
      ...(diamonds.length ? tagsForChange(`diamond:${diamonds.join(',')}`) : []),
      ...(stones.some((s) => s.kind === 'gemstone') ? tagsForChange('notable_gemstone') : []),
      ...(stones.some((s) => s.kind === 'melee') ? tagsForChange('melee_parcel') : []),
    ]),
  ];
}

/**
 * After stones were sold or put back on sale: as `catalogueWritten` (only what showed them, when
 * the caller names them), and the stone may have been (or now be) the cheapest that fits a setting,
 * so configured "from" prices are worked out again (in the background).
 */
export const afterStockChange = (app: FastifyInstance, what: 'sale' | 'cancellation') => (stones?: StoneRef[]) => {
  catalogueWritten(app, stones);
  refreshConfiguredPrices(app.db).catch((err: unknown) =>
    app.log.error({ err }, `configured prices were not refreshed after a ${what}`),
  );
};
