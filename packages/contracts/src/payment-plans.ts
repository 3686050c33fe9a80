import type { LayawayTerms } from './store-facts.ts';

// A layaway plan as the store's terms make it: the deposit now, then the rest in equal instalments
// (the odd cents on the first), one every `everyWeeks` weeks. The server works it out once when
// the order is placed and keeps it; checkout shows the same function's answer before the order.

export interface PlannedInstalment {
  seq: number;
  /** The store's calendar day it is charged (YYYY-MM-DD). */
  dueOn: string;
  amountCents: number;
}
export interface LayawayPlan {
  depositCents: number;
  instalments: PlannedInstalment[];
}

/** Adds days to a calendar day, in UTC arithmetic (no clock: a day is a day). */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Whether an order of this total may be put on layaway. */
export const layawayOffered = (terms: LayawayTerms | null | undefined, totalCents: number): boolean =>
  !!terms && totalCents >= terms.overCents;

export function layawayPlan(terms: LayawayTerms, totalCents: number, today: string): LayawayPlan {
  const depositCents = Math.round((totalCents * terms.depositPercent) / 100);
  const count = Math.ceil(terms.weeks / terms.everyWeeks);
  const rest = totalCents - depositCents;
  const each = Math.floor(rest / count);
  const odd = rest - each * count;
  return {
    depositCents,
    instalments: Array.from({ length: count }, (_, i) => ({
      seq: i + 1,
      dueOn: addDays(today, (i + 1) * terms.everyWeeks * 7),
      amountCents: each + (i === 0 ? odd : 0),
    })),
  };
}
