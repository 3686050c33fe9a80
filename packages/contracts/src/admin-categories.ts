import { z } from 'zod';
import { MENU_SECTIONS } from './menu.ts';

// The store's categories as staff arrange them: names, descriptions and search fields, where each
// sits (its parent, or a menu section at the top), their order among siblings, and hidden ones.

const name = z
  .string()
  .trim()
  .min(2, 'Write its name')
  .max(60, 'At most 60 characters')
  .refine((s) => !/[\r\n]/.test(s), 'One line');
const description = z.string().trim().max(2_000, 'At most 2,000 characters');
const seoTitle = z
  .string()
  .trim()
  .max(70, 'At most 70 characters (search engines cut the rest)')
  .transform((v) => v || null)
  .nullable();
const seoDescription = z
  .string()
  .trim()
  .max(160, 'At most 160 characters (search engines cut the rest)')
  .transform((v) => v || null)
  .nullable();

export const adminCategory = z.object({
  id: z.number().int(),
  name: z.string(),
  section: z.string(),
  parentId: z.number().int().nullable(),
  description: z.string(),
  position: z.number().int(),
  hidden: z.boolean(),
  seoTitle: z.string().nullable(),
  seoDescription: z.string().nullable(),
  version: z.number().int(),
  /** Designs on sale directly in it (not in its children). */
  designs: z.number().int(),
  /** Links to it in the mega menu. */
  menuLinks: z.number().int(),
});
export type AdminCategory = z.infer<typeof adminCategory>;

export const adminCategoryList = z.object({
  categories: z.array(adminCategory),
  /** The menu's groups, where a new category may be linked. */
  menuGroups: z.array(z.object({ section: z.string(), group: z.string() })),
});
export type AdminCategoryList = z.infer<typeof adminCategoryList>;

export const newCategoryBody = z
  .object({
    name,
    description: description.default(''),
    /** Under another category, or at the top of a menu section. */
    parentId: z.number().int().positive().nullable(),
    section: z.enum(MENU_SECTIONS),
    seoTitle: seoTitle.optional(),
    seoDescription: seoDescription.optional(),
    /** A link in the mega menu, at the end of this group (null: not in the menu). */
    menuGroup: z.object({ section: z.enum(MENU_SECTIONS), group: z.string().trim().min(1).max(60) }).nullable(),
  })
  .strict();
export type NewCategory = z.infer<typeof newCategoryBody>;

export const categoryUpdateBody = z
  .object({
    version: z.number().int().min(1),
    name: name.optional(),
    description: description.optional(),
    parentId: z.number().int().positive().nullable().optional(),
    section: z.enum(MENU_SECTIONS).optional(),
    hidden: z.boolean().optional(),
    seoTitle: seoTitle.optional(),
    seoDescription: seoDescription.optional(),
  })
  .strict();
export type CategoryUpdate = z.infer<typeof categoryUpdateBody>;

export const categoryMoveBody = z
  .object({ version: z.number().int().min(1), direction: z.enum(['up', 'down']) })
  .strict();
