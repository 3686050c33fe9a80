import type { DbOrTx } from '../../db/client.ts';
import { retailCents, type MarkupRule } from './markup.ts';
import { markupRepository as repo } from './repository.ts';

/** The markup rules in order: the first that matches a cost decides its retail price. */
export const markupRules = (db: DbOrTx): Promise<MarkupRule[]> => repo.markupRules(db);

/** Replaces every rule (in the order given). Callers reprice what the old rules priced. */
export const replaceMarkupRules = (tx: DbOrTx, rules: MarkupRule[]) => repo.replaceMarkupRules(tx, rules);

/** What the markup rules make of a stone's cost (a stone of the store's own priced by them), or null when none covers it. */
export async function retailFromCost(
  db: DbOrTx,
  stone: { origin: 'natural' | 'lab'; caratPoints: number; costCents: number },
) {
  return retailCents(await repo.markupRules(db), stone);
}
