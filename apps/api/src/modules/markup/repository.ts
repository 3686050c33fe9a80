import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { markupRule } from './schema.ts';
import type { MarkupRule } from './markup.ts';

export const markupRepository = {
  markupRules: async (db: DbOrTx): Promise<MarkupRule[]> =>
    (await db.select().from(markupRule).orderBy(asc(markupRule.position))).map((r) => ({
      origin: r.origin,
      caratMin: r.caratMin,
      caratMax: r.caratMax,
      costMinCents: r.costMinCents,
      costMaxCents: r.costMaxCents,
      multiplier: r.multiplier,
      rounding: r.rounding,
    })),

  replaceMarkupRules: async (tx: DbOrTx, rules: MarkupRule[]) => {
    await tx.delete(markupRule);
    await tx.insert(markupRule).values(rules.map((r, i) => ({ ...r, position: i + 1 })));
  },
};
