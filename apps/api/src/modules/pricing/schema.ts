import { integer, pgTable, pgView, real, text } from 'drizzle-orm/pg-core';

// Price of a gram of each metal quality; the store updates it as metal prices move.
export const metalRate = pgTable('metal_rate', {
  quality: text('quality').primaryKey(),
  name: text('name').notNull(),
  centsPerGram: integer('cents_per_gram').notNull(),
  densityFactor: real('density_factor').notNull(),
  position: integer('position').notNull(),
});

// What other modules may read of this module's tables: views it declares and keeps when its tables
// change. Other modules write only through the module's face.
export const metalRateView = pgView('metal_rate_view').as((qb) => qb.select().from(metalRate));
