import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client.ts';
import { reloadCatalogueCopies } from './modules/catalog/index.ts';
import { forgetConfiguratorMemo, refreshConfiguredPrices } from './modules/configurator/index.ts';
import { reloadSales, saleBook } from './modules/sales/index.ts';

/** The channel the facet_catalogue_changed trigger (migration 0009) notifies, with the table's name. */
export const CATALOGUE_CHANNEL = 'facet_catalogue';

const STONES = new Set(['diamond']);
const PRODUCTS = new Set(['product_group', 'product', 'product_attribute', 'product_photo', 'category', 'menu_item']);
const PRICING = new Set(['metal_rate', 'configuration_model']);

/**
 * Keeps this instance's caches and in-process copies in step with every write to the catalogue,
 * whichever instance (or person) made it: PostgreSQL notifies at commit, and each instance drops
 * its answer cache and refreshes the copies the table feeds. No timer decides freshness.
 */
export async function followCatalogueChanges(app: FastifyInstance, database: Database): Promise<() => Promise<void>> {
  let pending = new Set<string>();
  let scheduled = false;
  // A sale starts and ends on time with nobody writing anything: at each moment a price changes,
  // the answers and pages priced before it are dropped (prices themselves are worked out per request).
  let saleTimer: NodeJS.Timeout | undefined;
  const onSalesReloaded = () => {
    clearTimeout(saleTimer);
    saleBook(database.db).then(
      (book) => {
        const next = book.nextChange();
        if (next === null) return;
        // A timer holds at most ~24.8 days: a change further off is scheduled again when it fires.
        saleTimer = setTimeout(
          () => {
            app.answerCache.invalidate();
            onSalesReloaded();
          },
          Math.min(next - Date.now() + 1, 2 ** 31 - 1),
        );
        saleTimer.unref();
      },
      (err: unknown) => app.log.warn({ err }, 'sales: could not be read; the next change retries'),
    );
  };
  onSalesReloaded();
  // Notifications of one burst (an import, a re-seed) are handled once, on the next tick.
  const apply = () => {
    scheduled = false;
    const tables = pending;
    pending = new Set();
    const all = tables.has('*');
    app.answerCache.invalidate();
    // New settings change prices, promises and pages: answers made meanwhile are dropped again.
    if (all || tables.has('store_setting'))
      app.storeSettings.reload().then(
        () => app.answerCache.invalidate(),
        (err: unknown) => app.log.warn({ err }, 'store settings: reload failed; the next change retries'),
      );
    if (all || [...tables].some((t) => STONES.has(t))) app.diamondIndex.invalidate();
    // A sale's scope names categories: a moved category moves what is on sale.
    if (all || tables.has('sale') || tables.has('category'))
      reloadSales(database.db).then(
        () => {
          app.answerCache.invalidate();
          onSalesReloaded();
        },
        (err: unknown) => app.log.warn({ err }, 'sales: reload failed; the next change retries'),
      );
    // The memo holds models of published groups, so a publish or unpublish clears it too.
    if (all || [...tables].some((t) => PRICING.has(t) || PRODUCTS.has(t))) forgetConfiguratorMemo(database.db);
    if (all || [...tables].some((t) => PRODUCTS.has(t))) {
      reloadCatalogueCopies(database.db).then(
        // Answers cached while the new copies were being built came from the old ones: drop them too.
        () => app.answerCache.invalidate(),
        (err: unknown) => app.log.warn({ err }, 'catalogue copies: reload failed; the next change retries'),
      );
    }
  };
  const note = (table: string) => {
    pending.add(table);
    if (!scheduled) {
      scheduled = true;
      setImmediate(apply);
    }
  };
  const stop = await database.listen(CATALOGUE_CHANNEL, note, () => note('*'));
  return async () => {
    clearTimeout(saleTimer);
    await stop();
  };
}

/**
 * This instance's shopper-facing answers after a write to the catalogue, at once: the write's
 * NOTIFY reaches every instance (this one too) a moment after commit, but the writer's next page
 * must not be older than its own write. Back-office writes call it from one hook of the admin
 * scope (a new route cannot forget it); lint keeps invalidations out of route files.
 */
export function catalogueWritten(app: FastifyInstance) {
  app.answerCache.invalidate();
  app.diamondIndex.invalidate();
}

/**
 * After stones were sold or put back on sale: as `catalogueWritten`, and the stone may have been
 * (or now be) the cheapest that fits a setting, so configured "from" prices are worked out again
 * (in the background).
 */
export const afterStockChange = (app: FastifyInstance, what: 'sale' | 'cancellation') => () => {
  catalogueWritten(app);
  refreshConfiguredPrices(app.db).catch((err: unknown) =>
    app.log.error({ err }, `configured prices were not refreshed after a ${what}`),
  );
};
