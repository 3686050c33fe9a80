import type { MarkupRuleInput } from '@facet/contracts/admin-feeds';
import type { Db } from '../../db/client.ts';
import { audit, type Actor } from '../audit/index.ts';
import { supplierStones } from '../inventory/index.ts';
import { markupRules as rulesNow, replaceMarkupRules, retailCents, type MarkupRule } from '../markup/index.ts';
import { refreshListingCopies, refreshMinPrice, supplierDesigns } from '../products/index.ts';

/** The rules now, and what they make of a few supplier stones. */
export async function markupRules(db: Db) {
  return { rules: await rulesNow(db) };
}

/** What these rules would do to a spread of the supplier stones on sale (cheapest to dearest), without saving. */
export async function previewMarkup(db: Db, rules: MarkupRuleInput[]) {
  const sample = await supplierStones.pricedSample(db, 8);
  return sample.map((s) => ({ ...s, afterCents: retailCents(rules as MarkupRule[], s) ?? s.priceCents }));
}

/**
 * Saves the rules and reprices every supplier stone on sale (sold and reserved stones keep the
 * price they were sold or reserved at) and every supplier product, in one transaction, audited.
 */
export async function saveMarkup(db: Db, actor: Actor, rules: MarkupRuleInput[]) {
  return db.transaction(async (tx) => {
    const before = await rulesNow(tx);
    await replaceMarkupRules(tx, rules as MarkupRule[]);
    const stones = await supplierStones.repricable(tx);
    const changes = stones
      .map((s) => ({ id: s.id, priceCents: retailCents(rules as MarkupRule[], s) ?? s.priceCents, was: s.priceCents }))
      .filter((c) => c.priceCents !== c.was);
    await supplierStones.setPrices(tx, changes);
    const products = (await supplierDesigns.repricable(tx))
      .map((p) => ({
        ...p,
        now:
          retailCents(rules as MarkupRule[], { origin: 'product', caratPoints: 0, costCents: p.costCents }) ??
          p.priceCents,
      }))
      .filter((p) => p.now !== p.priceCents);
    for (const p of products) await supplierDesigns.setPrice(tx, p.id, p.now);
    for (const groupId of new Set(products.map((p) => p.groupId))) {
      await refreshMinPrice(tx, groupId);
      await refreshListingCopies(tx, groupId);
    }
    const repriced = changes.length + products.length;
    await audit(tx, actor, 'markup.set', 'markup_rule', 'all', { rules: before }, { rules, repriced });
    return { rules: await rulesNow(tx), repriced };
  });
}
