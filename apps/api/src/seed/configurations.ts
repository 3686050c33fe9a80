import { centerRange } from '@facet/contracts/configurator';
import type { StoneLocation } from '../modules/configurator/schema.ts';
import type { AttributeRow, GroupRow, VariantRow } from './products.ts';
import { BAND_BUILDER } from './products.ts';

// Ring sizes offered by configurable rings: 3 to 13 in half sizes (up-charges above 9).
export const RING_SIZES = Array.from({ length: 21 }, (_, i) => 3 + i / 2);
export const BAND_STYLES = [
  { name: 'Comfort-Fit Dome', labourCents: 0 },
  { name: 'Flat', labourCents: 0 },
  { name: 'Knife-Edge', labourCents: 4_000 },
  { name: 'Milgrain', labourCents: 6_500 },
  { name: 'Hammered', labourCents: 8_500 },
];
const SETTING: Record<string, string> = {
  solitaire: '4-prong',
  halo: '4-prong',
  'three-stone': '4-prong',
  pave: '6-prong',
  ring: '4-prong',
  earring: 'basket',
  pendant: 'bezel',
};

/** A configuration model for every configurable group, derived from its own attributes. */
export function generateConfigurations(groups: GroupRow[], variants: VariantRow[], attributes: AttributeRow[]) {
  const attr = new Map<number, Map<string, string>>();
  for (const a of attributes) {
    if (!attr.has(a.groupId)) attr.set(a.groupId, new Map());
    attr.get(a.groupId)!.set(a.label, a.value);
  }
  const metalsOf = new Map<number, Set<string>>();
  const weightOf = new Map<number, number>();
  for (const v of variants) {
    if (!metalsOf.has(v.groupId)) metalsOf.set(v.groupId, new Set());
    metalsOf.get(v.groupId)!.add(v.metal);
    // The 14K white gold weight at size 7 (or the first variant) is the model's base weight.
    if (v.metal === '14KW' && (v.fingerSize ?? 7) === 7) weightOf.set(v.groupId, v.weightG);
    else if (!weightOf.has(v.groupId)) weightOf.set(v.groupId, v.weightG);
  }
  return groups
    .filter((g) => g.configurable)
    .map((g) => {
      const a = attr.get(g.id) ?? new Map();
      const isRing = g.kind === 'ring' || g.kind === 'band';
      const locations: StoneLocation[] = [];
      if (g.id !== BAND_BUILDER.groupId) {
        const carat = Number((a.get('center size') ?? '1.00 ct').split(' ')[0]);
        const shape = a.get('primary stone shape') ?? 'Round';
        locations.push({
          LocationNumber: 1,
          group: 'Center',
          count: g.kind === 'earring' ? 2 : 1,
          settingType: SETTING[g.image.style] ?? '4-prong',
          shape,
          // A complete ring is sold with its center stone; a semi-mount or a mounting leaves it to the shopper.
          ...centerRange(carat),
          settingLabourCents: 8_500,
          optional: a.get('jewelry state') !== 'Complete',
        });
        if (g.image.style === 'halo')
          locations.push({
            LocationNumber: 2,
            group: 'Accent',
            count: 22,
            settingType: 'micro-prong',
            shape: 'Round',
            sizeMm: 1.3,
            settingLabourCents: 26_000,
            optional: false,
          });
        // Side stones come from melee parcels, cut round or princess only: a princess center is flanked by princesses, any other by rounds.
        if (g.image.style === 'three-stone')
          locations.push({
            LocationNumber: 2,
            group: 'Accent',
            count: 2,
            settingType: '4-prong',
            shape: shape === 'Princess' ? 'Princess' : 'Round',
            sizeMm: 3.0,
            settingLabourCents: 9_000,
            optional: false,
          });
        if (g.image.style === 'pave')
          locations.push({
            LocationNumber: 2,
            group: 'Accent',
            count: 18,
            settingType: 'pavé',
            shape: 'Round',
            sizeMm: 1.2,
            settingLabourCents: 21_000,
            optional: false,
          });
      }
      return {
        groupId: g.id,
        castingLabourCents: g.kind === 'ring' ? 32_000 : g.kind === 'band' ? 18_000 : 16_000,
        baseWeightG: weightOf.get(g.id) ?? 3,
        metals: [...(metalsOf.get(g.id) ?? [])],
        sizes: isRing ? RING_SIZES : [],
        locations,
        widthsMm: g.id === BAND_BUILDER.groupId ? [2, 3, 4, 5, 6, 7, 8] : null,
        styles: g.id === BAND_BUILDER.groupId ? BAND_STYLES : null,
      };
    });
}
