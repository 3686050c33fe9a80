import type { Readable } from 'node:stream';
import { chain } from 'stream-chain';
import { parser } from 'stream-json/parser.js';
import { pick } from 'stream-json/filters/pick.js';
import { streamValues } from 'stream-json/streamers/stream-values.js';
import { centsOf } from '@facet/contracts/money';
import { METALS } from '../catalog/index.ts';
import { REPORT_ERRORS_MAX, UnusableFeed, type FeedError } from './diamond-feed.ts';
import { unpacked } from './feed-bytes.ts';

// A supplier's product feed in the shape of Stuller's products API: pages of `Products[]`, each
// product one orderable SKU (a metal, a size) of a design (its Series), with a GroupDescription,
// a price (the store's cost), a status, the quantity on hand, descriptive elements (name/value
// pairs) and images. A file holds one page, several pages one after another (as a pull writes
// them) or an array of pages; it is streamed, never read whole. Each product is checked on its
// own: a bad one is an error of that product, the others go on. Nothing here writes.

export interface FeedVariant {
  /** The product's place in the file (1 = first), as errors name it. */
  line: number;
  sku: string;
  metal: string;
  fingerSize: number | null;
  lengthIn: number | null;
  /** 0 when the feed gives no weight (the product page then shows none). */
  weightG: number;
  costCents: number;
  stock: number;
  /** Orderable: a discontinued SKU is kept but not sold. */
  active: boolean;
  leadDays: number;
}
/** One design as the feed describes it: its variants, attributes (facets) and image addresses. */
export interface FeedDesign {
  series: string;
  groupDescription: string;
  attributes: Array<{ label: string; value: string }>;
  images: string[];
  variants: FeedVariant[];
}
export interface ProductFeedCheck {
  products: number;
  rowsWithErrors: number;
  errors: FeedError[];
  designs: FeedDesign[];
}

/** Days to ship an on-hand SKU when the feed gives no lead time: the supplier's drop-ship time and ours. */
export const FEED_LEAD_DAYS = 3;
/** Days to make a SKU the supplier has none of. */
export const FEED_MADE_TO_ORDER_DAYS = 10;
const IMAGES_PER_DESIGN = 6;
const DWT_GRAMS = 1.555_174;

const norm = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');
const METAL_NAMES = new Map<string, string>();
for (const m of METALS) {
  METAL_NAMES.set(norm(m.quality), m.quality);
  METAL_NAMES.set(norm(m.name), m.quality);
  METAL_NAMES.set(norm(m.name.replace(/ Gold$/, '')), m.quality);
}
METAL_NAMES.set('plat', 'PLAT');
METAL_NAMES.set('950platinum', 'PLAT');
METAL_NAMES.set('platinum950', 'PLAT');

const ACTIVE = new Set(['available', 'instock', 'active', 'maketoorder', 'madetoorder', 'backorder', 'backordered']);
const INACTIVE = new Set(['discontinued', 'notavailable', 'inactive', 'unavailable']);

/** Elements read into the variant itself; every other element becomes an attribute (a facet). */
const METAL_ELEMENTS = new Set(['quality', 'metaltype', 'metal', 'metalquality']);
const SIZE_ELEMENTS = new Set(['ringsize', 'fingersize', 'size']);
const LENGTH_ELEMENTS = new Set(['length', 'chainlength']);
const WEIGHT_ELEMENTS = new Set(['weight', 'approximateweight']);

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const numberOf = (v: unknown) =>
  typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v.replace(/[$,\s]/g, '')) : NaN;

export const groupKey = (description: string) => description.trim().replace(/\s+/g, ' ');

/** The products of a feed file, one by one, whatever its page layout. */
export async function* feedProducts(source: Readable): AsyncGenerator<unknown> {
  const pipeline = chain([
    source,
    parser({ jsonStreaming: true }),
    pick({ filter: /^(\d+\.)?Products\.\d+$/ }),
    streamValues(),
  ]);
  try {
    for await (const item of pipeline as AsyncIterable<{ value: unknown }>) yield item.value;
  } catch (err) {
    if (err instanceof UnusableFeed) throw err;
    throw new UnusableFeed(
      `This file is not a product feed in JSON: ${err instanceof Error ? err.message : String(err)}. Export the feed as JSON pages with a Products list.`,
    );
  }
}

type Checked =
  | {
      kind: 'ok';
      series: string;
      group: string;
      variant: Omit<FeedVariant, 'line'>;
      attributes: Map<string, string>;
      images: string[];
    }
  | { kind: 'errors'; errors: Array<Omit<FeedError, 'line'>> };

/** One product of the feed: a variant of its design, or what is wrong with it. */
export function readProduct(p: unknown): Checked {
  const errors: Array<Omit<FeedError, 'line'>> = [];
  const bad = (column: string, value: unknown, reason: string) =>
    errors.push({ column, value: text(value).slice(0, 200), reason });
  if (!isObject(p))
    return { kind: 'errors', errors: [{ column: 'Products', value: '', reason: 'not a product object' }] };

  const sku = text(p.SKU);
  if (!sku) bad('SKU', p.SKU, 'missing');
  else if (sku.length > 60 || !/^[\w:./ -]+$/.test(sku))
    bad('SKU', sku, 'not a SKU (letters, digits and : . / - only, at most 60)');
  const group = groupKey(text(p.GroupDescription));
  if (!group) bad('GroupDescription', p.GroupDescription, 'missing');
  else if (group.length > 200) bad('GroupDescription', group, 'longer than 200 characters');
  const series = text(p.Series) || sku.split(':')[0] || sku;

  const price = isObject(p.Price) ? p.Price : { Value: p.Price };
  const cost = numberOf(price.Value);
  const currency = text(price.CurrencyCode).toUpperCase();
  if (currency && currency !== 'USD') bad('Price.CurrencyCode', currency, 'prices must be in USD');
  if (!Number.isFinite(cost) || cost <= 0) bad('Price.Value', price.Value, 'price must be above 0');
  else if (cost >= 1_000_000) bad('Price.Value', price.Value, 'price is over $1,000,000');

  const status = norm(text(p.Status) || 'available');
  if (!ACTIVE.has(status) && !INACTIVE.has(status)) bad('Status', p.Status, 'unknown status');
  const onHand = p.OnHand === undefined || p.OnHand === null ? 0 : numberOf(p.OnHand);
  if (!Number.isInteger(onHand) || onHand < 0) bad('OnHand', p.OnHand, 'on hand must be a whole number, 0 or more');
  const leadTime = p.LeadTime === undefined || p.LeadTime === null ? null : numberOf(p.LeadTime);
  if (leadTime !== null && (!Number.isInteger(leadTime) || leadTime < 0 || leadTime > 120))
    bad('LeadTime', p.LeadTime, 'lead time must be whole days, 0 to 120');

  let metal: string | null = null;
  let fingerSize: number | null = null;
  let lengthIn: number | null = null;
  let weightG = 0;
  const weight = numberOf(p.Weight);
  if (p.Weight !== undefined && p.Weight !== null && p.Weight !== '') {
    if (!Number.isFinite(weight) || weight < 0 || weight > 2_000) bad('Weight', p.Weight, 'not a weight');
    else weightG = /dwt|pennyweight/i.test(text(p.WeightUnitOfMeasure)) ? weight * DWT_GRAMS : weight;
  }
  const attributes = new Map<string, string>();
  const group_ = isObject(p.DescriptiveElementGroup) ? p.DescriptiveElementGroup : {};
  const elements = Array.isArray(group_.DescriptiveElements) ? group_.DescriptiveElements : [];
  for (const e of elements) {
    if (!isObject(e)) continue;
    const name = text(e.Name);
    const value = text(e.DisplayValue) || text(e.Value);
    if (!name || !value) continue;
    const key = norm(name);
    if (METAL_ELEMENTS.has(key)) {
      metal = METAL_NAMES.get(norm(value)) ?? null;
      if (!metal) bad(name, value, `metal quality "${value}" is not one the store sells`);
    } else if (SIZE_ELEMENTS.has(key)) {
      const size = numberOf(value);
      if (!Number.isFinite(size) || size < 2 || size > 16 || (size * 4) % 1 !== 0) bad(name, value, 'not a ring size');
      else fingerSize = size;
    } else if (LENGTH_ELEMENTS.has(key)) {
      const m = /^([\d.]+)\s*(in|inch|inches|"|mm|cm)?$/i.exec(value);
      const n = m ? Number(m[1]) : NaN;
      const inches = m?.[2]?.toLowerCase() === 'mm' ? n / 25.4 : m?.[2]?.toLowerCase() === 'cm' ? n / 2.54 : n;
      if (!Number.isFinite(inches) || inches <= 0 || inches > 60) bad(name, value, 'not a length');
      else lengthIn = Math.round(inches);
    } else if (WEIGHT_ELEMENTS.has(key) && !weightG) {
      const w = Number.parseFloat(value);
      if (Number.isFinite(w) && w > 0) weightG = /dwt/i.test(value) ? w * DWT_GRAMS : w;
    } else if (name.length <= 60 && value.length <= 120) attributes.set(name.toLowerCase(), value);
  }
  if (!metal && !errors.some((e) => METAL_ELEMENTS.has(norm(e.column))))
    bad('Quality', '', 'no metal quality among the descriptive elements');

  const images: string[] = [];
  for (const img of Array.isArray(p.Images) ? p.Images : []) {
    const url = isObject(img) ? text(img.FullUrl) || text(img.ZoomUrl) || text(img.Url) : text(img);
    if (!url) continue;
    const parsed = URL.canParse(url) ? new URL(url) : null;
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:'))
      bad('Images', url, 'image addresses must be http or https URLs');
    else if (images.length < IMAGES_PER_DESIGN && !images.includes(url)) images.push(url);
  }

  if (errors.length) return { kind: 'errors', errors };
  const active = ACTIVE.has(status);
  return {
    kind: 'ok',
    series,
    group,
    attributes,
    images,
    variant: {
      sku: sku.toUpperCase(),
      metal: metal!,
      fingerSize,
      lengthIn,
      weightG: Math.round(weightG * 10) / 10,
      costCents: centsOf(cost),
      stock: onHand,
      active,
      leadDays: leadTime ?? (onHand > 0 ? FEED_LEAD_DAYS : FEED_MADE_TO_ORDER_DAYS),
    },
  };
}

/**
 * Reads and checks a whole product feed into designs (variants grouped by series). A SKU listed
 * twice refuses both products (which is right cannot be known); so does a SKU whose metal, size
 * and length repeat another SKU's in its design.
 */
export async function checkProductFeed(
  open: () => Readable,
  onChecked?: (products: number, refused: number) => void,
): Promise<ProductFeedCheck> {
  const report: ProductFeedCheck = { products: 0, rowsWithErrors: 0, errors: [], designs: [] };
  const note = (line: number, e: Omit<FeedError, 'line'>) => {
    if (report.errors.length < REPORT_ERRORS_MAX) report.errors.push({ line, ...e });
  };
  const designs = new Map<string, FeedDesign>();
  const skuLines = new Map<string, number[]>();
  for await (const p of feedProducts(unpacked(open()))) {
    const line = ++report.products;
    if (line % 500 === 0) {
      onChecked?.(line, report.rowsWithErrors);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const nul = JSON.stringify(p).includes('\\u0000');
    const r = nul
      ? ({
          kind: 'errors',
          errors: [{ column: 'product', value: '', reason: 'holds a NUL byte (\\0), which no text can hold' }],
        } as const)
      : readProduct(p);
    if (r.kind === 'errors') {
      report.rowsWithErrors++;
      for (const e of r.errors) note(line, e);
      continue;
    }
    skuLines.set(r.variant.sku, [...(skuLines.get(r.variant.sku) ?? []), line]);
    let d = designs.get(r.series);
    if (!d) {
      d = { series: r.series, groupDescription: r.group, attributes: [], images: [], variants: [] };
      designs.set(r.series, d);
    }
    d.variants.push({ line, ...r.variant });
    for (const [label, value] of r.attributes)
      if (!d.attributes.some((a) => a.label === label && a.value === value)) d.attributes.push({ label, value });
    for (const url of r.images) if (d.images.length < IMAGES_PER_DESIGN && !d.images.includes(url)) d.images.push(url);
  }
  if (report.products === 0)
    throw new UnusableFeed('No products in this file: a product feed is JSON with a "Products" list.');

  const refused = new Set<number>();
  for (const [sku, lines] of skuLines)
    if (lines.length > 1)
      for (const line of lines) {
        refused.add(line);
        note(line, { column: 'SKU', value: sku, reason: `SKU ${sku} appears ${lines.length} times in this file` });
      }
  for (const d of designs.values()) {
    const seen = new Map<string, number>();
    d.variants = d.variants.filter((v) => {
      const line = v.line;
      if (refused.has(line)) return false;
      const key = `${v.metal}|${v.fingerSize ?? ''}|${v.lengthIn ?? ''}`;
      const other = seen.get(key);
      if (other !== undefined) {
        refused.add(line);
        note(line, {
          column: 'SKU',
          value: v.sku,
          reason: `same metal, size and length as the product on line ${other} of series ${d.series}`,
        });
        return false;
      }
      seen.set(key, line);
      return true;
    });
    d.attributes.sort((a, b) => a.label.localeCompare(b.label) || a.value.localeCompare(b.value));
    if (d.variants.length) report.designs.push(d);
  }
  report.rowsWithErrors += refused.size;
  report.errors.sort((a, b) => a.line - b.line);
  onChecked?.(report.products, report.rowsWithErrors);
  return report;
}
