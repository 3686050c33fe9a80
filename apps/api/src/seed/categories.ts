import type { CatalogFilter } from '@facet/contracts/catalog-filters';
import { MENU_SECTIONS } from '@facet/contracts/menu';

// The category tree. Ids are stable: menu links, bookmarks and the catalogue seed all use them.
export interface CategorySeed {
  id: number;
  name: string;
  slug: string;
  section: (typeof MENU_SECTIONS)[number];
  parentId: number | null;
  description: string;
}

const c = (
  id: number,
  name: string,
  slug: string,
  section: CategorySeed['section'],
  parentId: number | null,
  description: string,
): CategorySeed => ({ id, name, slug, section, parentId, description });

export const CATEGORIES: CategorySeed[] = [
  c(
    1100,
    'Engagement Rings',
    'engagement-rings',
    'Engagement Rings',
    null,
    'Settings and finished engagement rings in gold and platinum, ready for the center stone of your choice.',
  ),
  c(
    1101,
    'Solitaire Engagement Rings',
    'solitaire-engagement-rings',
    'Engagement Rings',
    1100,
    'One center stone, nothing to distract from it.',
  ),
  c(
    1102,
    'Halo Engagement Rings',
    'halo-engagement-rings',
    'Engagement Rings',
    1100,
    'A frame of small diamonds that makes the center stone look larger.',
  ),
  c(
    1103,
    'Three-Stone Engagement Rings',
    'three-stone-engagement-rings',
    'Engagement Rings',
    1100,
    'Past, present and future: a center stone between two side stones.',
  ),
  c(
    1104,
    'Pavé Engagement Rings',
    'pave-engagement-rings',
    'Engagement Rings',
    1100,
    'Bands paved with small diamonds for sparkle from every angle.',
  ),
  c(
    1200,
    'Wedding Bands',
    'wedding-bands',
    'Wedding Bands',
    null,
    'Bands for her and for him, plain or set with diamonds.',
  ),
  c(
    1201,
    'Plain Wedding Bands',
    'plain-wedding-bands',
    'Wedding Bands',
    1200,
    'Classic metal bands in every profile and width.',
  ),
  c(1202, 'Eternity Bands', 'eternity-bands', 'Wedding Bands', 1200, 'Diamonds all the way around.'),
  c(
    1203,
    'Anniversary Bands',
    'anniversary-bands',
    'Wedding Bands',
    1200,
    'A row of diamonds across the top of the band.',
  ),
  c(
    1204,
    "Men's Wedding Bands",
    'mens-wedding-bands',
    'Wedding Bands',
    1200,
    'Wider, heavier bands with comfort-fit interiors.',
  ),
  c(
    1300,
    'Chain & Cords',
    'chain-and-cords',
    'Chain & Cords',
    null,
    'Finished chains and cords by the length, with clasps attached.',
  ),
  c(
    1301,
    'Chains',
    'chains',
    'Chain & Cords',
    1300,
    'Cable, rope, box, figaro and curb chains in solid gold and platinum.',
  ),
  c(1302, 'Cords', 'cords', 'Chain & Cords', 1300, 'Leather and silk cords with precious-metal ends.'),
  c(1400, 'Jewelry', 'jewelry', 'Jewelry', null, 'Finished earrings, pendants, bracelets and necklaces.'),
  c(1401, 'Earrings', 'earrings', 'Jewelry', 1400, 'Studs, drops and hoops.'),
  c(1402, 'Pendants', 'pendants', 'Jewelry', 1400, 'Pendants on fine chains.'),
  c(1403, 'Bracelets', 'bracelets', 'Jewelry', 1400, 'Tennis, bangle and chain bracelets.'),
  c(1404, 'Necklaces', 'necklaces', 'Jewelry', 1400, 'Riviera, station and pendant necklaces.'),
  c(1500, 'Mountings', 'mountings', 'Mountings', null, 'Semi-mounts and mountings, ready for the stones you choose.'),
  c(
    1501,
    'Ring Mountings',
    'ring-mountings',
    'Mountings',
    1500,
    'Ring semi-mounts with accents set and the center open.',
  ),
  c(1502, 'Earring Mountings', 'earring-mountings', 'Mountings', 1500, 'Stud and drop earring mountings.'),
  c(1503, 'Pendant Mountings', 'pendant-mountings', 'Mountings', 1500, 'Pendant mountings for a center stone.'),
  c(1600, 'Findings', 'findings', 'Findings', null, 'Clasps, jump rings, bails and earring backs for the bench.'),
  c(1601, 'Clasps', 'clasps', 'Findings', 1600, 'Lobster, spring-ring and box clasps.'),
  c(1602, 'Jump Rings', 'jump-rings', 'Findings', 1600, 'Open and closed jump rings by gauge and diameter.'),
  c(1603, 'Bails', 'bails', 'Findings', 1600, 'Pendant bails, plain and set.'),
  c(1604, 'Earring Backs', 'earring-backs', 'Findings', 1600, 'Friction, screw and locking backs.'),
  c(
    1700,
    'Diamond Jewelry',
    'diamond-jewelry',
    'Diamonds',
    null,
    'Jewelry set with natural diamonds, graded by color and quality.',
  ),
  c(
    1800,
    'Lab-Grown Diamond Jewelry',
    'lab-grown-diamond-jewelry',
    'Lab-Grown Diamonds',
    null,
    'Jewelry set with lab-grown diamonds: the same stone, grown above ground.',
  ),
  c(
    1900,
    'Gemstone Jewelry',
    'gemstone-jewelry',
    'GemStones',
    null,
    'Jewelry set with sapphires, rubies, emeralds and other fine gemstones.',
  ),
];

// Menu items: label → category (+ spec-format filters) or a plain link.
type Item = { label: string; categoryId?: number; filters?: CatalogFilter[]; href?: string };
type Group = { title: string; items: Item[] };

const f = (label: string, options: string[], matchType?: 'exact' | 'like'): CatalogFilter =>
  matchType ? { label, matchType, options } : { label, options };

const SHAPES = ['Round', 'Oval', 'Princess', 'Cushion', 'Emerald', 'Pear'];
const byShape = (categoryId: number): Item[] =>
  SHAPES.map((s) => ({ label: s, categoryId, filters: [f('primary stone shape', [s], 'exact')] }));
const byMetal = (categoryId: number): Item[] => [
  { label: 'White Gold', categoryId, filters: [f('metal type', ['White Gold'], 'like')] },
  { label: 'Yellow Gold', categoryId, filters: [f('metal type', ['Yellow Gold'], 'like')] },
  { label: 'Rose Gold', categoryId, filters: [f('metal type', ['Rose Gold'], 'like')] },
  { label: 'Platinum', categoryId, filters: [f('metal type', ['Platinum'], 'exact')] },
];

export const BAND_BUILDER_HREF = '/product/BAND-BUILDER/1200/900001/900001';

export const MENU: Record<(typeof MENU_SECTIONS)[number], Group[]> = {
  'Engagement Rings': [
    {
      title: 'Shop by Style',
      items: [
        { label: 'All Engagement Rings', categoryId: 1100 },
        { label: 'Solitaire', categoryId: 1101 },
        { label: 'Halo', categoryId: 1102 },
        { label: 'Three-Stone', categoryId: 1103 },
        { label: 'Pavé', categoryId: 1104 },
        { label: 'Semi-Mount Settings', categoryId: 1100, filters: [f('jewelry state', ['Semi-Mount'], 'exact')] },
      ],
    },
    { title: 'Shop by Shape', items: byShape(1100) },
    { title: 'Shop by Metal', items: byMetal(1100) },
  ],
  'Wedding Bands': [
    {
      title: 'Shop by Style',
      items: [
        { label: 'All Wedding Bands', categoryId: 1200 },
        { label: 'Plain Bands', categoryId: 1201 },
        { label: 'Eternity Bands', categoryId: 1202 },
        { label: 'Anniversary Bands', categoryId: 1203 },
        { label: "Men's Bands", categoryId: 1204 },
      ],
    },
    { title: 'Shop by Metal', items: byMetal(1200) },
    { title: 'Create Your Own', items: [{ label: 'Band Builder', href: BAND_BUILDER_HREF }] },
  ],
  'Chain & Cords': [
    {
      title: 'Chain Style',
      items: [
        ...['Cable', 'Rope', 'Box', 'Figaro', 'Curb'].map((s): Item => ({
          label: `${s} Chains`,
          categoryId: 1301,
          filters: [f('chain style', [s], 'exact')],
        })),
        { label: 'Cords', categoryId: 1302 },
      ],
    },
    {
      title: 'Chain Length',
      items: ['16 in', '18 in', '20 in', '24 in'].map((l) => ({
        label: l,
        categoryId: 1300,
        filters: [f('chain length', [l], 'exact')],
      })),
    },
    { title: 'Shop by Metal', items: byMetal(1300) },
  ],
  Jewelry: [
    {
      title: 'Category',
      items: [
        { label: 'All Jewelry', categoryId: 1400 },
        { label: 'Earrings', categoryId: 1401 },
        { label: 'Pendants', categoryId: 1402 },
        { label: 'Bracelets', categoryId: 1403 },
        { label: 'Necklaces', categoryId: 1404 },
      ],
    },
    {
      title: 'Shop by Stone',
      items: ['Diamond', 'Sapphire', 'Ruby', 'Emerald', 'Pearl'].map((s) => ({
        label: s,
        categoryId: 1400,
        filters: [f('primary stone type', [s], 'exact')],
      })),
    },
    { title: 'Shop by Metal', items: byMetal(1400) },
  ],
  Mountings: [
    {
      title: 'Mountings',
      items: [
        { label: 'All Mountings', categoryId: 1500 },
        { label: 'Ring Mountings', categoryId: 1501 },
        { label: 'Earring Mountings', categoryId: 1502 },
        { label: 'Pendant Mountings', categoryId: 1503 },
      ],
    },
    {
      title: 'Jewelry State',
      items: [
        { label: 'Semi-Mount', categoryId: 1500, filters: [f('jewelry state', ['Semi-Mount'], 'exact')] },
        { label: 'Ready for Stone', categoryId: 1500, filters: [f('jewelry state', ['Ready for Stone'], 'exact')] },
      ],
    },
    { title: 'Center Shape', items: byShape(1500).slice(0, 4) },
  ],
  Findings: [
    {
      title: 'Findings',
      items: [
        { label: 'All Findings', categoryId: 1600 },
        { label: 'Clasps', categoryId: 1601 },
        { label: 'Jump Rings', categoryId: 1602 },
        { label: 'Bails', categoryId: 1603 },
        { label: 'Earring Backs', categoryId: 1604 },
      ],
    },
    { title: 'Shop by Metal', items: byMetal(1600) },
  ],
  Diamonds: [
    {
      title: 'Loose Diamonds',
      items: [
        { label: 'Search Diamonds', href: '/diamonds' },
        { label: 'Melee Diamonds', href: '/diamonds/melee' },
      ],
    },
    {
      title: 'Diamond Jewelry',
      items: [
        { label: 'All Diamond Jewelry', categoryId: 1700, filters: [f('IsDiamond', ['Yes'])] },
        {
          label: 'Colorless (D–F)',
          categoryId: 1700,
          filters: [f('IsDiamond', ['Yes']), f('color', ['D', 'E', 'F'], 'exact')],
        },
        {
          label: 'Near Colorless (G–J)',
          categoryId: 1700,
          filters: [f('IsDiamond', ['Yes']), f('color', ['G', 'H', 'I', 'J'], 'exact')],
        },
        { label: 'VS Quality', categoryId: 1700, filters: [f('quality', ['VS'], 'like')] },
        { label: 'SI Quality', categoryId: 1700, filters: [f('quality', ['SI'], 'like')] },
      ],
    },
  ],
  'Lab-Grown Diamonds': [
    { title: 'Loose Lab-Grown', items: [{ label: 'Search Lab-Grown Diamonds', href: '/diamonds?origin=lab' }] },
    {
      title: 'Lab-Grown Jewelry',
      items: [
        { label: 'All Lab-Grown Jewelry', categoryId: 1800, filters: [f('IsLabGrownDiamond', ['Yes'])] },
        {
          label: 'Colorless (D–F)',
          categoryId: 1800,
          filters: [f('IsLabGrownDiamond', ['Yes']), f('color', ['D', 'E', 'F'], 'exact')],
        },
        { label: 'VS Quality', categoryId: 1800, filters: [f('quality', ['VS'], 'like')] },
      ],
    },
  ],
  GemStones: [
    {
      title: 'Notable Gemstones',
      items: [{ label: 'Shop by Stone Type', href: '/notable-gemstones/shop-by-stone-type' }],
    },
    {
      title: 'Gemstone Jewelry',
      items: [
        { label: 'All Gemstone Jewelry', categoryId: 1900 },
        { label: 'AGTA Certified', categoryId: 1900, filters: [f('agta', ['Yes'])] },
        { label: 'Sapphire', categoryId: 1900, filters: [f('primary stone type', ['Sapphire'], 'exact')] },
        { label: 'Ruby', categoryId: 1900, filters: [f('primary stone type', ['Ruby'], 'exact')] },
        { label: 'Emerald', categoryId: 1900, filters: [f('primary stone type', ['Emerald'], 'exact')] },
      ],
    },
    {
      title: 'Origin',
      items: ['Sri Lanka', 'Colombia', 'Myanmar', 'Tanzania'].map((o) => ({
        label: o,
        categoryId: 1900,
        filters: [f('CountryOfOrigin', [o], 'exact')],
      })),
    },
  ],
};
