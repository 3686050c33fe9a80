import { listPriceShown } from '@facet/contracts/sale';
import { diamondName, gemstoneName } from '@facet/contracts/stone-names';
import { parseFiltersParam } from '@facet/contracts/catalog-filters';
import { diamondQuery } from '@facet/contracts/catalog';
import type {
  CatalogueStats,
  CategoryAnswer,
  DiamondAnswer,
  DiamondQuery,
  DiamondSummary,
  Facet,
  Gemstone,
  ProductCard,
  ProductDetail,
  SearchAnswer,
  Suggestion,
} from '@facet/contracts/catalog';
import { AUTOSUGGEST_MAX_RESULTS, AUTOSUGGEST_MIN_CHARS } from '@facet/contracts/constants';
import { paths } from '@facet/contracts/paths';
import { photoOf } from '@facet/contracts/photo-sizes';
import type { Database, Db } from '../../db/client.ts';
import { Gone, NotFound, Validation } from '../../errors.ts';
import { metalName, metalOrder, SHAPES, type Shape } from './grades.ts';
import type { DiamondIndex } from './diamond-index.ts';
import { reportLink, stoneVideo } from '@facet/contracts/stone-media';
import { catalogRepository as repo, type CategoryRow, type DiamondDetailRow, type GroupCardRow } from './repository.ts';
import { itemImageUrl, stoneImageUrl } from '@facet/contracts/paths';
import { correctWord } from './trigram.ts';
import { Suggestions, type SuggestionEntry } from './suggestions.ts';
import { ListingIndex } from './listing-index.ts';
import { perDatabase } from '../../db/per-database.ts';
import { caratOf } from '@facet/contracts/carats';
import { countPhrase } from '@facet/contracts/store-facts';
import { saleBook, type SaleBook } from '../sales/index.ts';

/** Pieces a product page suggests below its details (four cards, one row on a wide screen): it shows all it gets. */
const RELATED_PIECES = 4;

const categories = perDatabase(repo.categories);
// The spelling vocabulary (every word of every description: seconds of database time at scale
// 50) follows catalogue changes at most once a minute; a new word is corrected to after that.
const words = perDatabase(repo.searchWords, { reloadAtMostEveryMs: 60_000 });
const listing = perDatabase(async (db) => {
  const [entries, placements] = await Promise.all([repo.listingEntries(db), repo.placements(db)]);
  return new ListingIndex(entries, placements);
});
const suggestions = perDatabase(async (db) => new Suggestions(await repo.suggestionEntries(db)));

/** Rebuilds the copies that hold product groups, after a write to them by anyone. */
export const reloadCatalogueCopies = (db: Db) => {
  // The vocabulary only helps correct spellings and follows on its own schedule (above): the
  // answers dropped when these copies are ready must not wait for it. A failed rebuild is tried
  // again at the next change.
  words.reload(db).catch(() => {});
  return Promise.all([listing.reload(db), suggestions.reload(db), categories.reload(db)]);
};

/** Loads the in-memory listing and suggestion copies ahead of the first shopper (server start). */
export const warmCatalogue = (db: Db) => Promise.all([listing(db), suggestions(db), categories(db)]);

/** A category for its page (null when hidden), or for a piece's page (`ofPiece`: hidden ones left out of the trail). */
export async function categoryInfo(db: Db, id: number, ofPiece = false) {
  const all = await categories(db);
  const cat = all.find((c) => c.id === id);
  // A hidden category is off the storefront; its pieces stay where they are, their trail without it.
  if (!cat || (cat.hidden && !ofPiece)) return null;
  const breadcrumb: Array<{ id: number; name: string }> = [];
  for (let c: CategoryRow | undefined = cat; c; c = all.find((x) => x.id === c!.parentId))
    if (!c.hidden) breadcrumb.unshift({ id: c.id, name: c.name });
  const children = all.filter((c) => c.parentId === id && !c.hidden).map((c) => ({ id: c.id, name: c.name }));
  const descendants = [id];
  for (let i = 0; i < descendants.length; i++)
    for (const c of all) if (c.parentId === descendants[i]) descendants.push(c.id);
  return {
    info: {
      id: cat.id,
      name: cat.name,
      description: cat.description,
      section: cat.section,
      seoTitle: cat.seoTitle,
      seoDescription: cat.seoDescription,
      breadcrumb,
      children,
    },
    descendants,
  };
}

/** A design's card, its "from" price after any sale on now. */
export function toCard(g: GroupCardRow, sales: SaleBook, now = Date.now()): ProductCard {
  return {
    groupId: g.id,
    productId: g.productId,
    series: g.series,
    categoryId: g.categoryId,
    GroupDescription: g.description,
    ...sales.from(g, now),
    image: g.photo ? paths.photo(g.photo, 'small') : itemImageUrl(g.image, g.defaultMetal, g.description),
    metals: (g.metals ?? []).sort((a, b) => order(a) - order(b)),
    href: paths.product({ series: g.series, categoryId: g.categoryId, groupId: g.id, productId: g.productId }),
    ...(g.rating ? { rating: g.rating } : {}),
  };
}
const order = metalOrder;

function groupFacets(rows: Array<{ label: string; value: string; count: number }>): Facet[] {
  const byLabel = new Map<string, Facet>();
  for (const r of rows) {
    let f = byLabel.get(r.label);
    if (!f) {
      f = { label: r.label, values: [] };
      byLabel.set(r.label, f);
    }
    f.values.push({ value: r.value, count: r.count });
  }
  return [...byLabel.values()];
}

function pageGuard(page: number, pageSize: number, count: number) {
  const last = Math.max(1, Math.ceil(count / pageSize));
  if (page > last) throw new NotFound(`Page ${page} is past the last page (${last}).`);
}

export async function getCategory(
  db: Db,
  id: number,
  q: { filters?: string; sort: string; page: number; pageSize: number },
): Promise<CategoryAnswer> {
  const parsed = parseFiltersParam(q.filters);
  if (!parsed.ok) throw new Validation(parsed.message, { filters: parsed.message });
  const cat = await categoryInfo(db, id);
  if (!cat) throw new NotFound(`There is no category ${id}.`);
  const [index, sales] = await Promise.all([listing(db), saleBook(db)]);
  const now = Date.now();
  const row = index.query({
    prices: { book: sales, now },
    categoryIds: cat.descendants,
    filters: parsed.filters,
    sort: q.sort,
    limit: q.pageSize,
    offset: (q.page - 1) * q.pageSize,
  });
  pageGuard(q.page, q.pageSize, row.count);
  return {
    products: row.products.map((g) => toCard(g, sales, now)),
    count: row.count,
    category: cat.info,
    attributes: groupFacets(row.facets),
    page: q.page,
    pageSize: q.pageSize,
  };
}

export async function getProduct(
  db: Db,
  groupId: number,
  productId?: number,
  opts: { drafts?: boolean } = {},
): Promise<ProductDetail> {
  const g = await repo.group(db, groupId, opts.drafts);
  if (!g || g.variants.length === 0) {
    const gone = await repo.archived(db, groupId);
    if (gone) throw new Gone('We no longer make this piece.', { category: paths.category(gone.categoryId) });
    throw new NotFound('This piece is no longer in our catalogue.');
  }
  const selected = productId ? g.variants.find((v) => v.id === productId) : undefined;
  if (productId && !selected) throw new NotFound('This variant is no longer available.');
  // Default: the usual size (7) and length (18 in) in the group's leading metal.
  const chosen =
    selected ??
    g.variants.find((v) => v.metal === g.defaultMetal && (v.fingerSize ?? 7) === 7 && (v.lengthIn ?? 18) === 18) ??
    g.variants.find((v) => v.metal === g.defaultMetal) ??
    g.variants[0]!;
  const cat = await categoryInfo(db, g.categoryId, true);
  const attributes = new Map<string, string[]>();
  for (const a of g.attributes) attributes.set(a.label, [...(attributes.get(a.label) ?? []), a.value]);
  const metals = [...new Set(g.variants.map((v) => v.metal))].sort((a, b) => order(a) - order(b));
  const [index, sales] = await Promise.all([listing(db), saleBook(db)]);
  const model = g.configurable ? g.model : null;
  const now = Date.now();
  // From the in-process listing (the category pages' copy), not a statement per page.
  const related = index.related({
    groupId: g.id,
    description: g.description,
    categoryId: g.categoryId,
    priceCents: g.minPriceCents,
    limit: RELATED_PIECES,
  });
  return {
    groupId: g.id,
    series: g.series,
    GroupDescription: g.description,
    longDescription: g.longDescription,
    kind: g.kind,
    configurable: g.configurable,
    stockTracked: g.stockTracked,
    seoTitle: g.seoTitle,
    seoDescription: g.seoDescription,
    engraving: g.engraving,
    category: cat!.info,
    attributes: [...attributes].map(([label, values]) => ({ label, values })),
    variants: g.variants.map(({ listPriceCents, ...v }) => {
      const priced = sales.price({ groupId: g.id, categoryId: g.categoryId, metal: v.metal }, v.priceCents, now);
      return { ...v, ...priced, ...listPriceShown(listPriceCents, priced), metalName: metalName(v.metal) };
    }),
    selectedProductId: chosen.id,
    images: metals.map((m) => ({
      metal: m,
      FullUrl: itemImageUrl(g.image, m, `${g.description} in ${metalName(m)}`),
    })),
    photos: g.photos.map((ph) => ({ ...photoOf(ph), metal: ph.metal })),
    related: related.map((r) => toCard(r, sales, now)),
    configuration: model
      ? {
          metals: model.metals.sort((a, b) => order(a) - order(b)),
          sizes: model.sizes,
          widthsMm: model.widthsMm,
          styles: model.styles,
          locations: model.locations.map(({ settingLabourCents: _l, ...loc }) => loc),
        }
      : null,
  };
}

export const fetchProducts = (db: Db, by: { series?: string; groupId?: number }) => repo.variantsBy(db, by);

// Diamonds
const HIST_BUCKETS = 30;

export function toDiamond(d: DiamondDetailRow): DiamondSummary {
  const carat = caratOf(d.caratPoints);
  const title = diamondName({ ...d, carat });
  return {
    id: d.id,
    serial: d.serial,
    origin: d.origin,
    shape: d.shape,
    carat,
    color: d.color,
    clarity: d.clarity,
    cut: d.cut,
    polish: d.polish,
    symmetry: d.symmetry,
    fluorescence: d.fluorescence,
    depthPct: d.depthPct,
    tablePct: d.tablePct,
    lwRatio: d.lwRatio,
    measurements: `${d.lengthMm.toFixed(2)} × ${d.widthMm.toFixed(2)} × ${d.depthMm.toFixed(2)} mm`,
    lab: d.lab,
    certificate: d.certificate,
    priceCents: d.priceCents,
    status: d.status,
    image: stoneImageUrl(d.shape, 'diamond', title),
    photo: d.photoKey ? paths.photo(d.photoKey, 'thumb') : null,
    href: paths.diamondOf(d),
  };
}

const quoted = new WeakMap<DiamondIndex, string>();

/** What copy may say about the stock: how many diamonds are for sale now, as the copy words it. */
export async function catalogueStats(index: DiamondIndex): Promise<CatalogueStats> {
  const all = await searchDiamonds(index, diamondQuery.parse({ pageSize: 1 }));
  const diamonds = countPhrase(all.count);
  quoted.set(index, diamonds);
  return { diamonds };
}

/** The words this instance last gave for the count (undefined: none since it started). */
export const lastQuotedStoneCount = (index: DiamondIndex) => quoted.get(index);

export async function searchDiamonds(
  index: DiamondIndex,
  q: DiamondQuery,
  videoOrigins: readonly string[] = [],
): Promise<DiamondAnswer> {
  for (const [a, b, name] of [
    [q.caratMin, q.caratMax, 'carat'],
    [q.colorMin, q.colorMax, 'color'],
    [q.clarityMin, q.clarityMax, 'clarity'],
    [q.priceMin, q.priceMax, 'price'],
    [q.cutMin, q.cutMax, 'cut'],
  ] as const) {
    if (a !== undefined && b !== undefined && a > b)
      throw new Validation(`The ${name} range is upside down: its minimum is above its maximum.`);
  }
  const b = await index.bounds(q.origin);
  const lo = Math.max(1, b.pmin),
    hi = Math.max(lo + 1, b.pmax);
  const found = await index.search(
    q,
    { lo, hi, buckets: HIST_BUCKETS },
    q.pageSize,
    (q.page - 1) * q.pageSize,
    videoOrigins,
  );
  pageGuard(q.page, q.pageSize, found.count);
  const rows = (await index.rows(found.pageIds)).filter((r) => r.status === 'available');
  if (rows.length < found.pageIds.length) index.invalidate();
  const step = (Math.log(hi) - Math.log(lo)) / HIST_BUCKETS;
  return {
    diamonds: rows.map(toDiamond),
    count: found.count,
    page: q.page,
    pageSize: q.pageSize,
    shapes: found.shapes.sort((x, y) => SHAPES.indexOf(x.value as Shape) - SHAPES.indexOf(y.value as Shape)),
    histogram: found.histogram.map((count, i) => ({
      fromCents: Math.round(Math.exp(Math.log(lo) + step * i)),
      toCents: Math.round(Math.exp(Math.log(lo) + step * (i + 1))),
      count,
    })),
    bounds: { priceMinCents: lo, priceMaxCents: hi, caratMin: b.cmin / 100, caratMax: b.cmax / 100 },
  };
}

/** One diamond's page: its photographs, its video when it comes from a host the store lists, its report. */
export async function getDiamond(db: Db, id: number, videoOrigins: readonly string[]) {
  const [r, photos, links] = await Promise.all([
    repo.diamond(db, id),
    repo.stonePhotos(db, 'diamond', id),
    repo.diamondLinks(db, id),
  ]);
  if (!r) throw new NotFound('We could not find that diamond.');
  const uploaded = links.hasReport ? paths.stoneReport('diamond', id) : null;
  const report = reportLink(r.lab, r.certificate, links.certificateUrl, uploaded);
  return {
    ...toDiamond(r),
    video: stoneVideo(links.videoUrl, videoOrigins),
    report,
    // The lab's check page wins the first link; the PDF staff uploaded is offered beside it.
    reportFile: uploaded && report?.kind === 'lab' ? { label: 'Download the report (PDF)', url: uploaded } : null,
    photos: photos.map(photoOf),
    // Held by a supplier, not the store: paid by an authorisation, charged once the supplier confirms it.
    fromSupplier: links.fromSupplier,
  };
}

// Notable gemstones
export async function gemstoneTypes(db: Db) {
  const rows = await repo.gemstoneTypes(db);
  return rows.map((t) => ({
    slug: t.slug,
    name: t.name,
    description: t.description,
    color: t.color,
    count: t.count,
    fromCents: t.fromCents ?? 0,
    image: stoneImageUrl(t.shape ?? 'Oval', t.color, `${t.name}`),
  }));
}

export async function gemstones(
  db: Db,
  q: Parameters<typeof repo.gemstones>[1] & { page: number; pageSize: number },
  videoOrigins: readonly string[],
) {
  const type = await repo.gemstoneType(db, q.type);
  if (!type) throw new NotFound(`We do not carry a stone type called "${q.type}".`);
  const row = await repo.gemstones(db, q);
  pageGuard(q.page, q.pageSize, row.count);
  const gemstones: Gemstone[] = row.rows.map((g) => {
    const carat = caratOf(g.caratPoints);
    return {
      id: g.id,
      serial: g.serial,
      type: g.type,
      typeName: type.name,
      color: g.color,
      shape: g.shape,
      carat,
      measurements: `${g.lengthMm.toFixed(2)} × ${g.widthMm.toFixed(2)} × ${g.depthMm.toFixed(2)} mm`,
      origin: g.origin,
      agtaCertificate: g.agtaCertificate,
      treatment: g.treatment,
      priceCents: g.priceCents,
      status: g.status,
      image: stoneImageUrl(
        g.shape,
        g.colorHex,
        gemstoneName({ carat, shape: g.shape, typeName: type.name, color: g.color }),
      ),
      photo: g.photo ? photoOf(g.photo) : null,
      video: stoneVideo(g.videoUrl, videoOrigins),
      report: g.hasReport
        ? {
            label: g.agtaCertificate ? 'View the AGTA report' : 'View the grading report',
            url: paths.stoneReport('gemstone', g.id),
            kind: 'document',
          }
        : null,
    };
  });
  return { gemstones, count: row.count, page: q.page, pageSize: q.pageSize, type, attributes: groupFacets(row.facets) };
}

export async function melee(db: Db, q: { origin?: string; shape?: string }) {
  const rows = await repo.melee(db, q);
  return rows.map((r) => {
    const m = r as {
      id: number;
      sku: string;
      origin: 'natural' | 'lab';
      shape: string;
      sizeMm: number;
      sieve: string;
      caratPerStone: number;
      quality: string;
      pricePerCaratCents: number;
      stock: number;
    };
    return { ...m, pricePerStoneCents: Math.max(1, Math.round(m.pricePerCaratCents * m.caratPerStone)) };
  });
}

// Search
export async function suggest(db: Db, q: string): Promise<Suggestion[]> {
  const text = q.trim();
  if (text.length < AUTOSUGGEST_MIN_CHARS) return [];
  let rows: Array<Omit<SuggestionEntry, 'featured'>> = (await suggestions(db)).find(text, AUTOSUGGEST_MAX_RESULTS);
  if (rows.length < AUTOSUGGEST_MAX_RESULTS) rows = [...rows, ...(await repo.suggestFuzzy(db, text))];
  const seen = new Set<string>();
  const out: Suggestion[] = [];
  for (const r of rows) {
    if (seen.has(r.description)) continue;
    seen.add(r.description);
    out.push({
      Id: r.id,
      GroupDescription: r.description,
      Images: { FullUrl: itemImageUrl(r.image, r.defaultMetal, r.description) },
    });
    if (out.length === AUTOSUGGEST_MAX_RESULTS) break;
  }
  return out;
}

/** Full-text first; when nothing matches, correct each word to the catalogue's vocabulary and try again. */
export async function searchProducts(
  database: Pick<Database, 'db' | 'prepared'>,
  q: { data: string; page: number; pageSize: number },
): Promise<SearchAnswer> {
  const db = database.db;
  const limit = q.pageSize,
    offset = (q.page - 1) * q.pageSize;
  const sales = await saleBook(db);
  const shape = (r: Awaited<ReturnType<typeof repo.search>>, matched: SearchAnswer['matched']): SearchAnswer => ({
    products: r.products.map((g) => toCard(g, sales)),
    count: r.count,
    sections: r.sections,
    matched,
    page: q.page,
    pageSize: q.pageSize,
  });
  const exact = await repo.search(database, { tsquery: q.data, limit, offset });
  if (exact.count > 0) return shape(exact, 'text');
  const known = await words(db);
  const corrected = q.data
    .split(/\s+/)
    .map((w) => (w.length > 2 ? correctWord(w.replace(/[^\p{L}\p{N}-]/gu, ''), known) : w))
    .filter((w): w is string => Boolean(w));
  if (corrected.length) {
    const fixed = await repo.search(database, { tsquery: corrected.join(' '), limit, offset });
    if (fixed.count > 0) return shape(fixed, 'fuzzy');
  }
  const fuzzy = await repo.search(database, { fuzzy: q.data, limit, offset });
  return shape(fuzzy, fuzzy.count > 0 ? 'fuzzy' : 'none');
}

/** Rebuilds each group's listing copies (metals, default variant, facets) after a catalogue load or a staff edit. */
export { matchStones } from './diamond-index.ts';
export type { DiamondIndexRow } from './repository.ts';
