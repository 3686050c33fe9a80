import { defaultMetalOf } from '@facet/contracts/metals';
import type { Readable } from 'node:stream';
import type { ProductImportReportAnswer } from '@facet/contracts/admin-feeds';
import type { Db, DbOrTx } from '../../db/client.ts';
import { metalName, metalOrder } from '../catalog/index.ts';
import {
  refreshListingCopies,
  refreshMinPrice,
  replaceAttributes,
  supplierDesigns,
  type ExistingDesign,
  type ExistingVariant,
  type NewVariant,
} from '../products/index.ts';
import type { ImageSpec, ItemKind } from '@facet/contracts/catalog';
import type { FeedError } from './diamond-feed.ts';
import type { ImportProgress } from './import-diamonds.ts';
import { markupRules, retailCents, type MarkupRule } from '../markup/index.ts';
import { checkProductFeed, type FeedDesign, type FeedVariant } from './product-feed.ts';
import { putPhotoFiles, type MediaStore } from '../media-store/index.ts';
import { fetchProductImage, type FetchedImage } from './product-images.ts';
import { feedsRepository, productFeedRepository as repo } from './repository.ts';

// A supplier's product feed into the catalogue, one design (series) per transaction. A design
// whose group description has a category goes on the storefront: new, changed or unchanged. A
// group seen for the first time has none: its designs wait, off the storefront, until the manager
// places the group (and then come in without the file being sent again). Images are fetched once
// per address; a design with an image that cannot be fetched stays unpublished with the reason.
// Variants are priced from their cost by the markup rules; the same file twice changes nothing.

export type ProductImportReport = ProductImportReportAnswer;
export const LISTED_MAX = 100;
/** How a design is drawn when its category has no pieces yet to copy the drawing from. */
const DRAWING_FALLBACK: { kind: ItemKind; image: ImageSpec } = {
  kind: 'finding',
  image: { kind: 'finding', style: 'finding' },
};

export interface ProductImportOptions {
  supplier: string;
  dryRun: boolean;
  /** host:port pairs an image may be fetched from although private (tests' local servers). */
  fetchAllow?: readonly string[];
  /** Where the photographs' files go. */
  media: MediaStore;
  onProgress?: (p: ImportProgress) => void;
}

function emptyReport(supplier: string, dryRun: boolean): ProductImportReport {
  return {
    supplier,
    dryRun,
    products: 0,
    variants: 0,
    rowsWithErrors: 0,
    errors: [],
    designs: 0,
    added: 0,
    changed: 0,
    unchanged: 0,
    waiting: 0,
    unmapped: [],
    unpriced: 0,
    imagesFetched: 0,
    imagesFailed: 0,
    held: [],
    heldCount: 0,
  };
}

const longDescription = (d: FeedDesign, metals: string[]) =>
  [
    `${d.groupDescription}.`,
    ...(d.attributes.length
      ? [
          `${d.attributes
            .map((a) => `${a.label}: ${a.value}`)
            .join('; ')
            .replace(/^./, (c) => c.toUpperCase())}.`,
        ]
      : []),
    `Available in ${metals.map((q) => metalName(q)).join(', ')}.`,
  ].join(' ');

const sameVariant = (a: ExistingVariant, b: NewVariant) =>
  a.metal === b.metal &&
  (a.fingerSize ?? null) === b.fingerSize &&
  (a.lengthIn ?? null) === b.lengthIn &&
  Math.abs(a.weightG - b.weightG) < 0.05 &&
  a.priceCents === b.priceCents &&
  a.costCents === b.costCents &&
  a.stock === b.stock &&
  a.active === b.active &&
  a.leadDays === b.leadDays;

interface Planned {
  variants: Array<NewVariant & { existing: ExistingVariant | null }>;
  attributes: Array<{ label: string; value: string }>;
  defaultMetal: string;
  longDescription: string;
}

/** The category's drawing with this design's own stone shape (or none): never a shape the design does not have. */
function drawingFor(image: ImageSpec, d: FeedDesign): ImageSpec {
  const shape = d.attributes.find((a) => a.label === 'primary stone shape' || a.label === 'stone shape')?.value;
  const { shape: _categoryShape, ...rest } = image;
  return shape && shape.toLowerCase() !== 'none' ? { ...rest, shape: shape.toLowerCase() } : rest;
}

/** Prices the variants and sets aside SKUs another design owns; null when nothing is left to list. */
function plan(
  d: FeedDesign,
  rules: readonly MarkupRule[],
  existing: Map<string, ExistingVariant>,
  designId: number | null,
  report: ProductImportReport,
  refuse: (v: FeedVariant, reason: string) => void,
): Planned | null {
  const variants: Planned['variants'] = [];
  for (const v of d.variants) {
    const had = existing.get(v.sku) ?? null;
    if (had && had.groupId !== designId) {
      refuse(v, `SKU ${v.sku} already belongs to another product of the store`);
      continue;
    }
    const priceCents = retailCents(rules, { origin: 'product', caratPoints: 0, costCents: v.costCents });
    if (priceCents === null) {
      report.unpriced++;
      continue;
    }
    const { line: _line, ...rest } = v;
    variants.push({ ...rest, priceCents, existing: had });
  }
  if (!variants.length) return null;
  const metals = [...new Set(variants.map((v) => v.metal))].sort((a, b) => metalOrder(a) - metalOrder(b));
  const attributes = [...d.attributes, ...metals.map((q) => ({ label: 'metal type', value: metalName(q) }))].sort(
    (a, b) => a.label.localeCompare(b.label) || a.value.localeCompare(b.value),
  );
  return {
    variants,
    attributes,
    defaultMetal: defaultMetalOf(metals),
    longDescription: longDescription(d, metals),
  };
}

async function fetchImages(urls: string[], have: Set<string>, allow: readonly string[]): Promise<FetchedImage[]> {
  const out: FetchedImage[] = [];
  for (const url of urls) if (!have.has(url)) out.push(await fetchProductImage(url, allow));
  return out;
}

/** One design in its own transaction: 'added', 'changed' or 'unchanged' (or null: nothing to list). */
async function writeDesign(
  db: Db,
  supplierId: number,
  categoryId: number,
  d: FeedDesign,
  rules: readonly MarkupRule[],
  report: ProductImportReport,
  refuse: (v: FeedVariant, reason: string) => void,
  allow: readonly string[],
  media: MediaStore,
): Promise<'added' | 'changed' | 'unchanged' | null> {
  // Images first, outside the transaction: a slow image server holds no locks.
  const before = await supplierDesigns.design(db, supplierId, d.series, false);
  const images = await fetchImages(
    d.images,
    before ? await supplierDesigns.photoSources(db, before.id) : new Set(),
    allow,
  );
  report.imagesFetched += images.filter((i) => i.ok).length;
  const failed = images.filter((i): i is Extract<FetchedImage, { ok: false }> => !i.ok);
  report.imagesFailed += failed.length;
  const heldReason = failed.length ? `Image ${failed[0]!.url} ${failed[0]!.reason}` : null;

  return db.transaction(async (tx) => {
    const g = await supplierDesigns.design(tx, supplierId, d.series, true);
    const existing = new Map(
      (
        await supplierDesigns.variantsBySku(
          tx,
          d.variants.map((v) => v.sku),
        )
      ).map((v) => [v.sku, v]),
    );
    const p = plan(d, rules, existing, g?.id ?? null, report, refuse);
    if (!p) return null;
    if (heldReason) {
      report.heldCount++;
      if (report.held.length < LISTED_MAX) report.held.push({ series: d.series, reason: heldReason });
    }
    let id: number;
    let outcome: 'added' | 'changed' | 'unchanged';
    if (!g) {
      const drawing = (await supplierDesigns.drawingOf(tx, categoryId)) ?? DRAWING_FALLBACK;
      id = await supplierDesigns.insertDesign(tx, {
        supplierId,
        series: d.series,
        categoryId,
        description: d.groupDescription,
        longDescription: p.longDescription,
        kind: drawing.kind,
        image: drawingFor(drawing.image, d),
        defaultMetal: p.defaultMetal,
        published: !heldReason,
        heldReason,
      });
      await supplierDesigns.insertVariants(tx, id, p.variants);
      await replaceAttributes(tx, id, p.attributes);
      outcome = 'added';
    } else {
      id = g.id;
      outcome = (await updateDesign(tx, g, categoryId, d, p, heldReason)) ? 'changed' : 'unchanged';
    }
    if (images.some((i) => i.ok)) {
      let position = await supplierDesigns.nextPhotoPosition(tx, id);
      for (const img of images)
        if (img.ok) {
          await putPhotoFiles(media, img.photo, tx);
          await supplierDesigns.addPhoto(tx, {
            ...img.photo,
            groupId: id,
            position: position++,
            alt: d.groupDescription,
            sourceUrl: img.url,
          });
        }
      outcome = outcome === 'unchanged' ? 'changed' : outcome;
    }
    if (outcome !== 'unchanged') {
      await refreshMinPrice(tx, id);
      await refreshListingCopies(tx, id);
    }
    return outcome;
  });
}

/** Writes what differs; true when anything did. A design staff unpublished stays unpublished. */
async function updateDesign(
  tx: DbOrTx,
  g: ExistingDesign,
  categoryId: number,
  d: FeedDesign,
  p: Planned,
  heldReason: string | null,
): Promise<boolean> {
  let changed = false;
  for (const v of p.variants) {
    if (!v.existing) {
      await supplierDesigns.insertVariants(tx, g.id, [v]);
      changed = true;
    } else if (!sameVariant(v.existing, v)) {
      await supplierDesigns.updateVariant(tx, v.existing.id, v);
      changed = true;
    }
  }
  const had = await supplierDesigns.attributes(tx, g.id);
  if (JSON.stringify(had) !== JSON.stringify(p.attributes)) {
    await replaceAttributes(tx, g.id, p.attributes);
    changed = true;
  }
  // Held by a feed: published again once its images come; held now: off the storefront with why.
  const published = heldReason ? false : g.heldReason ? true : g.published;
  if (
    changed ||
    g.categoryId !== categoryId ||
    g.description !== d.groupDescription ||
    g.longDescription !== p.longDescription ||
    g.published !== published ||
    g.heldReason !== heldReason
  ) {
    await supplierDesigns.updateDesign(tx, g.id, {
      categoryId,
      description: d.groupDescription,
      longDescription: p.longDescription,
      defaultMetal: p.defaultMetal,
      published,
      heldReason,
    });
    return true;
  }
  return false;
}

/** What an apply would do with a design, read only: for the dry run's figures. */
async function classify(
  db: Db,
  supplierId: number | null,
  d: FeedDesign,
  rules: readonly MarkupRule[],
  report: ProductImportReport,
  refuse: (v: FeedVariant, reason: string) => void,
) {
  const g = supplierId === null ? null : await supplierDesigns.design(db, supplierId, d.series, false);
  const existing = new Map(
    (
      await supplierDesigns.variantsBySku(
        db,
        d.variants.map((v) => v.sku),
      )
    ).map((v) => [v.sku, v]),
  );
  const p = plan(d, rules, existing, g?.id ?? null, report, refuse);
  if (!p) return null;
  if (!g) return 'added';
  const differs =
    p.variants.some((v) => !v.existing || !sameVariant(v.existing, v)) ||
    g.description !== d.groupDescription ||
    g.longDescription !== p.longDescription ||
    JSON.stringify(await supplierDesigns.attributes(db, g.id)) !== JSON.stringify(p.attributes) ||
    (await supplierDesigns.photoSources(db, g.id)).size < d.images.length;
  return differs ? 'changed' : 'unchanged';
}

/** Places designs: listed (mapped group), waiting (group known, no category) or new to the mapping. */
async function placeDesigns(
  db: Db,
  supplierId: number | null,
  designs: Iterable<FeedDesign>,
  total: number,
  opts: ProductImportOptions,
  report: ProductImportReport,
) {
  const rules = await markupRules(db);
  const mappings = supplierId === null ? new Map<string, number | null>() : await repo.mappings(db, supplierId);
  const unmapped = new Map<string, number>();
  const refuse = (v: FeedVariant, reason: string) => {
    report.rowsWithErrors++;
    if (report.errors.length < 1_000) report.errors.push({ line: v.line, column: 'SKU', value: v.sku, reason });
  };
  let done = 0;
  for (const d of designs) {
    report.designs++;
    const categoryId = mappings.get(d.groupDescription);
    if (categoryId === undefined || categoryId === null) {
      unmapped.set(d.groupDescription, (unmapped.get(d.groupDescription) ?? 0) + 1);
      report.waiting++;
      if (!opts.dryRun && supplierId !== null) {
        if (categoryId === undefined) {
          await repo.addUnmapped(db, supplierId, d.groupDescription);
          mappings.set(d.groupDescription, null);
        }
        await repo.wait(db, supplierId, d);
      }
    } else {
      const outcome = opts.dryRun
        ? await classify(db, supplierId, d, rules, report, refuse)
        : await writeDesign(db, supplierId!, categoryId, d, rules, report, refuse, opts.fetchAllow ?? [], opts.media);
      if (outcome) report[outcome]++;
      if (!opts.dryRun) await repo.stopWaiting(db, supplierId!, d.series);
    }
    report.variants += d.variants.length;
    done += d.variants.length;
    opts.onProgress?.({ phase: 'applying', rowsDone: done, rowsTotal: total, refused: report.rowsWithErrors });
  }
  report.unmapped = [...unmapped]
    .slice(0, LISTED_MAX)
    .map(([groupDescription, designs]) => ({ groupDescription, designs }));
  report.errors.sort((a: FeedError, b: FeedError) => a.line - b.line);
}

export async function importProductFeed(
  db: Db,
  open: () => Readable,
  opts: ProductImportOptions,
): Promise<ProductImportReport> {
  const report = emptyReport(opts.supplier, opts.dryRun);
  opts.onProgress?.({ phase: 'reading', rowsDone: 0, rowsTotal: null, refused: 0 });
  const checked = await checkProductFeed(open, (n, refused) =>
    opts.onProgress?.({ phase: 'checking', rowsDone: n, rowsTotal: null, refused }),
  );
  report.products = checked.products;
  report.rowsWithErrors = checked.rowsWithErrors;
  report.errors = checked.errors;
  const supplier = opts.dryRun
    ? await feedsRepository.supplierByCode(db, opts.supplier)
    : await feedsRepository.addSupplier(db, opts.supplier, opts.supplier);
  const total = checked.designs.reduce((n, d) => n + d.variants.length, 0);
  await placeDesigns(db, supplier?.id ?? null, checked.designs, total, opts, report);
  return report;
}

/** Brings in the designs that waited for a category the manager has now given their group. */
export async function importWaitingDesigns(db: Db, opts: ProductImportOptions): Promise<ProductImportReport> {
  const report = emptyReport(opts.supplier, false);
  const supplier = await feedsRepository.supplierByCode(db, opts.supplier);
  if (!supplier) return report;
  const pages = async function* () {
    let after = '';
    for (;;) {
      const page = await repo.waitingMapped(db, supplier.id, after, 100);
      if (!page.length) return;
      for (const w of page) yield w.draft;
      after = page.at(-1)!.series;
    }
  };
  const designs: FeedDesign[] = [];
  for await (const d of pages()) designs.push(d);
  report.products = designs.reduce((n, d) => n + d.variants.length, 0);
  await placeDesigns(db, supplier.id, designs, report.products, opts, report);
  return report;
}
