import { z } from 'zod';
import { filterSchema } from './catalog-filters.ts';

// The nine mega-menu sections, in the spec's order.
export const MENU_SECTIONS = [
  'Engagement Rings',
  'Wedding Bands',
  'Chain & Cords',
  'Jewelry',
  'Mountings',
  'Findings',
  'Diamonds',
  'Lab-Grown Diamonds',
  'GemStones',
] as const;

export const menuItemSchema = z.object({
  label: z.string(),
  href: z.string(),
  categoryId: z.number().int().nullable(),
  filters: z.array(filterSchema).nullable(),
});
export const menuGroupSchema = z.object({ title: z.string(), items: z.array(menuItemSchema) });
export const menuSectionSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  groups: z.array(menuGroupSchema),
});
export const menuSchema = z.array(menuSectionSchema);
export type MenuSection = z.infer<typeof menuSectionSchema>;
