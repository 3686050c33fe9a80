import type { MarkupRuleInput } from '@facet/contracts/admin-feeds';
import type { Db } from '../../db/client.ts';
import { audit, type Actor } from '../audit/service.ts';
import { retailCents, type MarkupRule } from './markup.ts';
import { feedsRepository as repo } from './repository.ts';

/** The rules now, and what they make of a few supplier stones. */
export async function markupRules(db: Db) {
  return { rules: await repo.markupRules(db) };
}

/** What these rules would do to a spread of the supplier stones on sale (cheapest to dearest), without saving. */
export async function previewMarkup(db: Db, rules: MarkupRuleInput[]) {
  const sample = await repo.pricedSample(db, 8);
  return sample.map((s) => ({ ...s, afterCents: retailCents(rules as MarkupRule[], s) ?? s.priceCents }));
}

/**
 * Saves the rules and reprices every supplier stone on sale (sold and reserved stones keep the
 * price they were sold or reserved at), in one transaction, audited.
 */
export async function saveMarkup(db: Db, actor: Actor, rules: MarkupRuleInput[]) {
  return db.transaction(async (tx) => {
    const before = await repo.markupRules(tx);
    await repo.replaceMarkupRules(tx, rules as MarkupRule[]);
    const stones = await repo.repricable(tx);
    const changes = stones
      .map((s) => ({ id: s.id, priceCents: retailCents(rules as MarkupRule[], s) ?? s.priceCents, was: s.priceCents }))
      .filter((c) => c.priceCents !== c.was);
    await repo.setPrices(tx, changes);
    await audit(tx, actor, 'markup.set', 'markup_rule', 'all', { rules: before }, { rules, repriced: changes.length });
    return { rules: await repo.markupRules(tx), repriced: changes.length };
  });
}
