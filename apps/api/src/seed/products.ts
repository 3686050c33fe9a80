import type { ImageSpec, ItemKind } from '@facet/contracts/catalog';
import { DEFAULT_METAL, defaultMetalOf, METALS, metalName, type MetalQuality } from '@facet/contracts/metals';
import { SEED_METAL_RATES } from './metal-rates.ts';
import type { Rng } from './rng.ts';
import { CATEGORY } from '@facet/contracts/categories';
import type { EngravingOffer } from '@facet/contracts/engraving';

// Generates product groups, their attributes and variants for every category of the menu.
// Key attributes cycle through their values (not random) so every menu filter finds items
// even at small scales; the rest varies with the seeded PRNG.

export interface GroupRow {
  id: number;
  series: string;
  categoryId: number;
  description: string;
  longDescription: string;
  kind: ItemKind;
  image: ImageSpec;
  searchText: string;
  minPriceCents: number;
  defaultMetal: string;
  configurable: boolean;
  featured: number;
  createdAt: Date;
  engraving: EngravingOffer | null;
}
export interface VariantRow {
  id: number;
  groupId: number;
  sku: string;
  metal: string;
  fingerSize: number | null;
  lengthIn: number | null;
  weightG: number;
  priceCents: number;
  stock: number;
  leadDays: number;
}
export interface AttributeRow {
  groupId: number;
  label: string;
  value: string;
}

const RING_SHAPES = ['Round', 'Oval', 'Princess', 'Cushion', 'Emerald', 'Pear', 'Radiant', 'Marquise'];
const GOLDS = ['14KW', '14KY', '14KR', '18KW', '18KY', '18KR'];
const RING_SIZES = [5, 6, 7, 8, 9];
const CHAIN_LENGTHS = [16, 18, 20, 22, 24];
const BASE_DATE = Date.UTC(2025, 0, 1);

interface Spec {
  categoryId: number;
  count: number;
  kind: ItemKind;
  style: string;
  labourCents: number;
  weightG: [number, number];
  accentCents?: [number, number];
  describe: (i: number, r: Rng, a: Attrs) => string;
  attrs: (i: number, r: Rng) => Attrs;
  configurable?: boolean;
  sizes?: boolean;
  lengths?: boolean;
  metals?: (i: number) => string[];
}
type Attrs = Record<string, string | string[]>;

const ADJ = [
  'Classic',
  'Petite',
  'Cathedral',
  'Knife-Edge',
  'Tapered',
  'Vintage',
  'Twisted',
  'Milgrain',
  'Split-Shank',
  'Bezel-Set',
  'Floral',
  'Hidden-Halo',
  'Comfort-Fit',
  'Sculpted',
  'Modern',
];
// An adjective that does not repeat the style's own name (no "Hidden-Halo Halo").
const adjFor = (style: string, n: number) =>
  ADJ.filter((a) => !a.includes(style.split('-')[0]!))[n % (ADJ.length - 1)]!;
const allMetals = (i: number) => (i % 3 === 2 ? GOLDS : [...GOLDS, 'PLAT']);
const goldsOnly = () => GOLDS;

const ring = (
  style: string,
  styleName: string,
  categoryId: number,
  count: number,
  extra: Partial<Spec> = {},
): Spec => ({
  categoryId,
  count,
  kind: 'ring',
  style,
  labourCents: 32_000,
  weightG: [2.6, 4.2],
  accentCents: style === 'solitaire' ? [0, 0] : [28_000, 160_000],
  configurable: true,
  sizes: true,
  metals: allMetals,
  attrs: (i) => ({
    'primary stone shape': RING_SHAPES[i % RING_SHAPES.length]!,
    'primary stone type': 'Diamond',
    'jewelry state': i % 5 === 4 ? 'Semi-Mount' : 'Complete',
    'center size': `${['0.75', '1.00', '1.25', '1.50', '2.00'][(i * 3 + 1) % 5]} ct`,
    style: styleName,
  }),
  describe: (i, r, a) =>
    `${adjFor(styleName, i * 7 + r.int(0, 2))} ${styleName} Engagement Ring for ${a['primary stone shape']} ${a['center size']}`,
  ...extra,
});

const band = (style: string, styleName: string, categoryId: number, count: number, stones: boolean): Spec => ({
  categoryId,
  count,
  kind: 'band',
  style,
  labourCents: 18_000,
  weightG: style === 'mens' ? [6, 11] : [2.2, 5],
  accentCents: stones ? [45_000, 320_000] : [0, 0],
  sizes: true,
  metals: allMetals,
  attrs: (i) => ({
    'primary stone type': stones ? (i % 4 === 3 ? 'Lab-Grown Diamond' : 'Diamond') : 'None',
    'primary stone shape': stones ? RING_SHAPES[i % 3]! : 'None',
    'jewelry state': 'Complete',
    width: `${[2, 2.5, 3, 4, 5, 6, 7, 8][style === 'mens' ? 4 + (i % 4) : i % 5]} mm`,
    style: styleName,
  }),
  describe: (i, r, a) =>
    style === 'mens'
      ? `${a.width} ${r.pick(['Comfort-Fit', 'Brushed', 'Beveled', 'Flat', 'Domed', 'Hammered'])} Men's Wedding Band`
      : stones
        ? `${r.pick(['Shared-Prong', 'Channel-Set', 'French Pavé', 'Bezel-Set', 'Scalloped'])} ${a['primary stone shape']} ${styleName} ${r.pick(['1/2', '3/4', '1', '1 1/2', '2'])} ct tw`
        : `${a.width} ${r.pick(['Comfort-Fit', 'Knife-Edge', 'Milgrain', 'High-Polish', 'Low-Dome', 'Euro'])} Wedding Band`,
});

const SPECS: Spec[] = [
  ring('solitaire', 'Solitaire', CATEGORY.solitaire, 110),
  ring('halo', 'Halo', CATEGORY.halo, 90),
  ring('three-stone', 'Three-Stone', CATEGORY.threeStone, 80),
  ring('pave', 'Pavé', CATEGORY.pave, 80),
  band('plain', 'Wedding Band', CATEGORY.plainBands, 80, false),
  band('eternity', 'Eternity Band', CATEGORY.eternity, 70, true),
  band('anniversary', 'Anniversary Band', CATEGORY.anniversary, 70, true),
  band('mens', "Men's Band", CATEGORY.mensBands, 60, false),
  {
    categoryId: CATEGORY.chainsMetal,
    count: 150,
    kind: 'chain',
    style: 'cable',
    labourCents: 6_000,
    weightG: [2, 9],
    lengths: true,
    metals: (i) => (i % 4 === 0 ? ['14KY', '14KW', '18KY', 'PLAT'] : ['14KY', '14KW', '14KR', '18KY']),
    attrs: (i) => ({
      'chain style': ['Cable', 'Rope', 'Box', 'Figaro', 'Curb'][i % 5]!,
      'jewelry state': 'Complete',
      width: `${(1 + (i % 6) * 0.5).toFixed(1)} mm`,
    }),
    describe: (_i, r, a) =>
      `${a.width} ${r.pick(['Solid', 'Diamond-Cut', 'Hollow', 'Lightweight', 'Heavy'])} ${a['chain style']} Chain with Lobster Clasp`,
  },
  {
    categoryId: CATEGORY.cords,
    count: 30,
    kind: 'cord',
    style: 'cord',
    labourCents: 4_000,
    weightG: [0.6, 1.4],
    lengths: true,
    metals: () => ['14KY', '14KW', '14KR'],
    attrs: (i) => ({
      'chain style': 'Cord',
      material: ['Black Leather', 'Brown Leather', 'Black Silk', 'Navy Silk'][i % 4]!,
      'jewelry state': 'Complete',
    }),
    describe: (_i, r, a) => `${r.pick(['1.5 mm', '2 mm', '3 mm'])} ${a.material} Cord with Gold Ends`,
  },
  ...(['earring', 'pendant', 'bracelet', 'necklace'] as const).map((kind, k): Spec => ({
    categoryId: [CATEGORY.earrings, CATEGORY.pendants, CATEGORY.bracelets, CATEGORY.necklaces][k]!,
    count: 70,
    kind,
    style: kind,
    labourCents: [14_000, 12_000, 22_000, 20_000][k]!,
    weightG: [
      [1.5, 4],
      [1.2, 3.5],
      [6, 14],
      [4, 10],
    ][k] as [number, number],
    accentCents: [20_000, 240_000],
    metals: (i) => (i % 4 === 0 ? [...GOLDS, 'PLAT'] : GOLDS),
    attrs: (i) => {
      const stone = ['Diamond', 'Sapphire', 'Ruby', 'Emerald', 'Pearl', 'Lab-Grown Diamond'][i % 6]!;
      return {
        'primary stone type': stone,
        'primary stone shape': stone === 'Pearl' ? 'Round' : RING_SHAPES[i % 6]!,
        'jewelry state': 'Complete',
      };
    },
    describe: (i, r, a) => {
      const stone = a['primary stone type'] as string;
      const names = {
        earring: [
          `${stone} Stud Earrings`,
          `${stone} Drop Earrings`,
          `${stone} Huggie Hoop Earrings`,
          `${stone} Halo Stud Earrings`,
        ],
        pendant: [
          `${stone} Solitaire Pendant`,
          `${stone} Halo Pendant`,
          `${stone} Bezel Pendant`,
          `${stone} Drop Pendant`,
        ],
        bracelet: [
          `${stone} Tennis Bracelet`,
          `${stone} Station Bracelet`,
          `${stone} Bangle`,
          `${stone} Line Bracelet`,
        ],
        necklace: [
          `${stone} Riviera Necklace`,
          `${stone} Station Necklace`,
          `${stone} Graduated Necklace`,
          `${stone} Lariat Necklace`,
        ],
      }[kind];
      return `${a['primary stone shape']} ${names[(i + r.int(0, 3)) % 4]}`;
    },
  })),
  ...(['ring', 'earring', 'pendant'] as const).map((kind, k): Spec => ({
    categoryId: [CATEGORY.ringMountings, CATEGORY.earringMountings, CATEGORY.pendantMountings][k]!,
    count: 50,
    kind,
    style: kind === 'ring' ? 'solitaire' : kind,
    labourCents: 16_000,
    weightG: [1.4, 3.6],
    accentCents: [0, 90_000],
    configurable: true,
    sizes: kind === 'ring',
    metals: allMetals,
    attrs: (i) => ({
      'primary stone shape': RING_SHAPES[i % 6]!,
      'jewelry state': i % 2 ? 'Ready for Stone' : 'Semi-Mount',
      'primary stone type': 'Diamond',
      'center size': `${['0.50', '0.75', '1.00', '1.25', '1.50'][(i * 3 + 2) % 5]} ct`,
    }),
    describe: (_i, r, a) =>
      `${r.pick(['4-Prong', '6-Prong', 'Bezel', 'Basket', 'Peg-Head', 'Trellis'])} ${kind === 'ring' ? 'Ring' : kind === 'earring' ? 'Earring' : 'Pendant'} Mounting for ${a['primary stone shape']} ${a['center size']}`,
  })),
  ...(['clasp', 'jump-ring', 'bail', 'earring-back'] as const).map((style, k): Spec => ({
    categoryId: [CATEGORY.clasps, CATEGORY.jumpRings, CATEGORY.bails, CATEGORY.earringBacks][k]!,
    count: 40,
    kind: 'finding',
    style,
    labourCents: 1_200,
    weightG: [0.1, 0.9],
    metals: (i) => (i % 2 ? ['14KY', '14KW', '14KR', 'PLAT'] : ['14KY', '14KW', '18KY']),
    attrs: () => ({ 'jewelry state': 'Finding' }),
    describe: (_i, r) =>
      ({
        clasp: `${r.pick(['Lobster', 'Spring-Ring', 'Box', 'Toggle', 'Magnetic'])} Clasp ${r.pick(['9 mm', '11 mm', '13 mm', '15 mm'])}`,
        'jump-ring': `${r.pick(['Open', 'Closed', 'Soldered', 'Split'])} Jump Ring ${r.pick(['4 mm', '5 mm', '6 mm', '8 mm'])} ${r.pick(['20', '22', '18'])} Gauge`,
        bail: `${r.pick(['Plain', 'Pavé', 'Hinged', 'Snap', 'Glue-On'])} Pendant Bail ${r.pick(['6 mm', '8 mm', '10 mm'])}`,
        'earring-back': `${r.pick(['Friction', 'Screw', 'Locking', 'La Pousette', 'Jumbo'])} Earring Backs (pair)`,
      })[style],
  })),
  {
    categoryId: CATEGORY.diamondJewelry,
    count: 60,
    kind: 'earring',
    style: 'diamond',
    labourCents: 15_000,
    weightG: [1.5, 6],
    accentCents: [60_000, 900_000],
    metals: goldsOnly,
    attrs: (i) => ({
      IsDiamond: 'Yes',
      'primary stone type': 'Diamond',
      color: ['D', 'E', 'F', 'G', 'H', 'I', 'J'][i % 7]!,
      quality: ['VS1', 'VS2', 'SI1', 'SI2', 'VVS2'][i % 5]!,
      'primary stone shape': RING_SHAPES[i % 4]!,
      'jewelry state': 'Complete',
      piece: ['Stud Earrings', 'Tennis Bracelet', 'Solitaire Pendant', 'Riviera Necklace'][i % 4]!,
    }),
    describe: (_i, r, a) =>
      `${r.pick(['1/2', '3/4', '1', '1 1/2', '2', '3'])} ct tw ${a['primary stone shape']} Diamond ${a.piece}, ${a.color} ${a.quality}`,
  },
  {
    categoryId: CATEGORY.labJewelry,
    count: 60,
    kind: 'earring',
    style: 'lab',
    labourCents: 15_000,
    weightG: [1.5, 6],
    accentCents: [12_000, 140_000],
    metals: goldsOnly,
    attrs: (i) => ({
      IsLabGrownDiamond: 'Yes',
      'primary stone type': 'Lab-Grown Diamond',
      color: ['D', 'E', 'F', 'G', 'H'][i % 5]!,
      quality: ['VS1', 'VS2', 'VVS1', 'VVS2', 'SI1'][i % 5]!,
      'primary stone shape': RING_SHAPES[(i + 1) % 5]!,
      'jewelry state': 'Complete',
      piece: ['Stud Earrings', 'Tennis Bracelet', 'Halo Pendant', 'Eternity Band'][i % 4]!,
    }),
    describe: (_i, r, a) =>
      `${r.pick(['1', '2', '3', '4', '5'])} ct tw Lab-Grown ${a['primary stone shape']} Diamond ${a.piece}, ${a.color} ${a.quality}`,
  },
  {
    categoryId: CATEGORY.gemstoneJewelry,
    count: 80,
    kind: 'pendant',
    style: 'gem',
    labourCents: 14_000,
    weightG: [1.5, 5],
    accentCents: [30_000, 400_000],
    metals: goldsOnly,
    attrs: (i) => ({
      'primary stone type': ['Sapphire', 'Ruby', 'Emerald', 'Tanzanite', 'Aquamarine', 'Morganite'][i % 6]!,
      agta: i % 3 === 2 ? 'No' : 'Yes',
      CountryOfOrigin: ['Sri Lanka', 'Colombia', 'Myanmar', 'Tanzania', 'Madagascar', 'Brazil', 'Mozambique'][i % 7]!,
      'primary stone shape': ['Oval', 'Cushion', 'Emerald', 'Pear', 'Round'][i % 5]!,
      'jewelry state': 'Complete',
      piece: ['Pendant', 'Ring', 'Stud Earrings', 'Drop Earrings'][i % 4]!,
    }),
    describe: (_i, r, a) =>
      `${r.pick(['1', '1.5', '2', '2.5', '3'])} ct ${a['primary stone shape']} ${a['primary stone type']} ${a.piece} from ${a.CountryOfOrigin}`,
  },
];

const KIND_OF_PIECE: Record<string, ItemKind> = {
  'Stud Earrings': 'earring',
  'Drop Earrings': 'earring',
  'Tennis Bracelet': 'bracelet',
  'Solitaire Pendant': 'pendant',
  'Halo Pendant': 'pendant',
  Pendant: 'pendant',
  'Riviera Necklace': 'necklace',
  'Eternity Band': 'band',
  Ring: 'ring',
};
const STONE_IMAGE: Record<string, string> = {
  Diamond: 'diamond',
  'Lab-Grown Diamond': 'diamond',
  Sapphire: 'sapphire',
  Ruby: 'ruby',
  Emerald: 'emerald',
  Pearl: 'pearl',
  Tanzanite: 'tanzanite',
  Aquamarine: 'aquamarine',
  Morganite: 'morganite',
  None: 'none',
};

export interface GeneratedProducts {
  groups: GroupRow[];
  variants: VariantRow[];
  attributes: AttributeRow[];
}

export function generateProducts(rng: Rng, scale: number): GeneratedProducts {
  const groups: GroupRow[] = [];
  const variants: VariantRow[] = [];
  const attributes: AttributeRow[] = [];
  let groupId = 0;
  let variantId = 0;

  for (const spec of SPECS) {
    const count = Math.max(12, Math.round(spec.count * scale));
    for (let i = 0; i < count; i++) {
      groupId = nextId(groupId + 1);
      const id = groupId;
      const a = spec.attrs(i, rng);
      const metals = spec.metals?.(i) ?? goldsOnly();
      const description = spec.describe(i, rng, a);
      const piece = typeof a.piece === 'string' ? a.piece : undefined;
      const kind = piece ? (KIND_OF_PIECE[piece] ?? spec.kind) : spec.kind;
      const series = `${seriesPrefix(spec)}${String(10000 + id)}`;
      const weight = round1(spec.weightG[0] + rng.next() * (spec.weightG[1] - spec.weightG[0]));
      const accent = spec.accentCents
        ? Math.round((spec.accentCents[0] + rng.next() ** 2 * (spec.accentCents[1] - spec.accentCents[0])) / 1000) *
          1000
        : 0;
      const leadDays = spec.configurable ? 10 : rng.int(1, 3);

      let minPrice = Infinity;
      const sizes: Array<number | null> = spec.sizes ? RING_SIZES : [null];
      const lengths: Array<number | null> = spec.lengths ? CHAIN_LENGTHS : [null];
      for (const metal of metals) {
        const m = SEED_METAL_RATES[metal as MetalQuality];
        for (const size of sizes) {
          for (const length of lengths) {
            const w = round1(
              weight * m.densityFactor * (size ? 1 + (size - 7) * 0.03 : 1) * (length ? length / 18 : 1),
            );
            const price = roundPrice(spec.labourCents + w * m.centsPerGram + accent);
            minPrice = Math.min(minPrice, price);
            variantId = nextId(variantId + 1);
            const vid = variantId;
            variants.push({
              id: vid,
              groupId: id,
              sku: `${series}:${metal}${size ? `:S${size}` : ''}${length ? `:L${length}` : ''}`,
              metal,
              fingerSize: size,
              lengthIn: length,
              weightG: w,
              priceCents: price,
              stock: rng.next() < 0.12 ? 0 : rng.int(1, 12),
              leadDays,
            });
          }
        }
      }

      const attrs: Record<string, string[]> = {};
      for (const [label, value] of Object.entries(a))
        if (label !== 'piece') attrs[label] = Array.isArray(value) ? value : [value];
      attrs['metal type'] = metals.map(metalName);
      if (spec.lengths) attrs['chain length'] = CHAIN_LENGTHS.map((l) => `${l} in`);
      for (const [label, values] of Object.entries(attrs))
        for (const value of values) attributes.push({ groupId: id, label, value });

      const stoneType = typeof a['primary stone type'] === 'string' ? a['primary stone type'] : 'None';
      groups.push({
        id,
        series,
        categoryId: spec.categoryId,
        description,
        longDescription: longDescription(kind, description, attrs, weight),
        kind,
        image: {
          kind,
          style: kind === spec.kind ? spec.style : kind,
          shape:
            typeof a['primary stone shape'] === 'string' && a['primary stone shape'] !== 'None'
              ? a['primary stone shape'].toLowerCase()
              : undefined,
          stone: STONE_IMAGE[stoneType] ?? 'diamond',
        },
        searchText:
          Object.entries(attrs)
            .map(([l, v]) => `${l} ${v.join(' ')}`)
            .join(' ') + ` ${series}`,
        minPriceCents: minPrice,
        defaultMetal: defaultMetalOf(metals),
        configurable: Boolean(spec.configurable),
        featured: rng.next() < 0.15 ? rng.int(1, 100) : 0,
        createdAt: new Date(BASE_DATE + id * 3_600_000 * 7),
        engraving: ENGRAVING_OFFERS[kind] ?? null,
      });
    }
  }
  return { groups, variants, attributes };
}

// Ids 900001–900099 belong to the band builder (a fixed menu link); generated ids step over them.
const nextId = (id: number) =>
  id >= BAND_BUILDER.groupId && id < BAND_BUILDER.groupId + 99 ? BAND_BUILDER.groupId + 99 : id;
const seriesPrefix = (s: Spec) =>
  ({
    ring: 'ER',
    band: 'WB',
    chain: 'CH',
    cord: 'CD',
    earring: 'JE',
    pendant: 'JP',
    bracelet: 'JB',
    necklace: 'JN',
    finding: 'FN',
  })[s.kind];
/** What the seeded designs offer: rings and bands inside (free, as fine jewellers do), pendants on the back. */
const ENGRAVING_OFFERS: Partial<Record<ItemKind, EngravingOffer>> = {
  ring: { place: 'inside the band', maxChars: 20, fonts: ['script', 'roman', 'block'], priceCents: 0, days: 2 },
  band: { place: 'inside the band', maxChars: 24, fonts: ['script', 'roman', 'block'], priceCents: 0, days: 2 },
  pendant: { place: 'on the back', maxChars: 16, fonts: ['script', 'block'], priceCents: 4_500, days: 3 },
};
const round1 = (n: number) => Math.round(n * 10) / 10;
// Retail prices end in whole dollars.
const roundPrice = (cents: number) => Math.round(cents / 100) * 100;

function longDescription(kind: ItemKind, title: string, attrs: Record<string, string[]>, weight: number): string {
  const metals = attrs['metal type']?.join(', ');
  const lines = [
    `The ${title} is made to order in our New York workshop, cast in recycled precious metal and finished by hand.`,
    kind === 'ring' || kind === 'band'
      ? 'Every ring is polished inside and out and sized to your finger.'
      : kind === 'finding'
        ? 'Sold individually unless marked as a pair, ready for the bench.'
        : 'Each piece is inspected under magnification before it leaves the workshop.',
    `Available in ${metals}. Approximate weight ${weight} g in 14K gold.`,
  ];
  return lines.join(' ');
}

export const BAND_BUILDER = { groupId: 900001, productId: 900001, series: 'BAND-BUILDER' } as const;

/** The band builder: one configurable plain band offered in every metal and width. */
export function bandBuilder(): { group: GroupRow; variants: VariantRow[]; attributes: AttributeRow[] } {
  const variants: VariantRow[] = METALS.map((metal) => ({ ...metal, ...SEED_METAL_RATES[metal.quality] })).map(
    (m, i) => ({
      id: BAND_BUILDER.productId + i,
      groupId: BAND_BUILDER.groupId,
      sku: `BAND-BUILDER:${m.quality}`,
      metal: m.quality,
      fingerSize: 7,
      lengthIn: null,
      weightG: round1(4 * m.densityFactor),
      priceCents: roundPrice(18_000 + 4 * m.densityFactor * m.centsPerGram),
      stock: 0,
      leadDays: 10,
    }),
  );
  return {
    group: {
      id: BAND_BUILDER.groupId,
      series: BAND_BUILDER.series,
      categoryId: CATEGORY.plainBands,
      description: 'Build Your Own Wedding Band',
      longDescription:
        'Choose the profile, width, metal and size of your band. It is cast to order and priced from the metal it uses.',
      kind: 'band',
      image: { kind: 'band', style: 'plain' },
      searchText: 'band builder custom wedding band',
      minPriceCents: Math.min(...variants.map((v) => v.priceCents)),
      defaultMetal: DEFAULT_METAL,
      configurable: true,
      featured: 0,
      createdAt: new Date(BASE_DATE),
      engraving: ENGRAVING_OFFERS.band!,
    },
    variants,
    attributes: [
      { groupId: BAND_BUILDER.groupId, label: 'jewelry state', value: 'Complete' },
      ...METALS.map((m) => ({ groupId: BAND_BUILDER.groupId, label: 'metal type', value: m.name })),
    ],
  };
}
