import { integer, jsonb, pgTable, pgView, real, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { productGroup } from '../products/schema.ts';

/** A stone location of a setting: where a stone goes and what fits there. */
export interface StoneLocation {
  LocationNumber: number;
  group: 'Center' | 'Accent';
  count: number;
  settingType: string;
  shape: string;
  /** Center stones: the carat range the head is made for. */
  caratMin?: number;
  caratMax?: number;
  /** Accent stones: the melee size in mm. */
  sizeMm?: number;
  settingLabourCents: number;
  optional: boolean;
}

// How a configurable group can be made: metals, sizes with up-charges, stone locations.
export const configurationModel = pgTable(
  'configuration_model',
  {
    id: serial('id').primaryKey(),
    groupId: integer('group_id')
      .notNull()
      .references(() => productGroup.id, { onDelete: 'cascade' }),
    castingLabourCents: integer('casting_labour_cents').notNull(),
    baseWeightG: real('base_weight_g').notNull(),
    metals: text('metals').array().notNull(),
    sizes: real('sizes').array().notNull(),
    locations: jsonb('locations').$type<StoneLocation[]>().notNull(),
    widthsMm: real('widths_mm').array(),
    /** Band builder profiles and their extra finishing labour. */
    styles: jsonb('styles').$type<Array<{ name: string; labourCents: number }>>(),
  },
  (t) => [uniqueIndex('configuration_model_group_idx').on(t.groupId)],
);

// What other modules may read of this module's tables: the product page reads a design's model in
// the same statement as the design (one round trip instead of two).
export const configurationModelView = pgView('configuration_model_view').as((qb) =>
  qb.select().from(configurationModel),
);
