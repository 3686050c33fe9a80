import { describe, expect, it } from 'vitest';
import { CARAT_POINTS_ANY, COST_CENTS_ANY, markupRulesBody, type MarkupRuleInput } from '@facet/contracts/admin-feeds';
import { toRow, toRule } from '../pricing/markup-editor.tsx';

describe('markup rules as typed in the table', () => {
  it('carats and dollars in, points and cents out; an empty upper bound is "no limit"', () => {
    const rules: MarkupRuleInput[] = [
      {
        origin: 'lab',
        caratMin: 0,
        caratMax: CARAT_POINTS_ANY,
        costMinCents: 0,
        costMaxCents: 100_000,
        multiplier: 2.2,
        rounding: 'end-9',
      },
      {
        origin: 'natural',
        caratMin: 100,
        caratMax: 300,
        costMinCents: 0,
        costMaxCents: COST_CENTS_ANY,
        multiplier: 1.3,
        rounding: 'end-0',
      },
      {
        origin: 'any',
        caratMin: 0,
        caratMax: CARAT_POINTS_ANY,
        costMinCents: 0,
        costMaxCents: COST_CENTS_ANY,
        multiplier: 1.4,
        rounding: 'dollar',
      },
    ];
    const rows = rules.map(toRow);
    expect(rows[0]).toMatchObject({ caratMax: '', costMax: '1000.00', multiplier: '2.2' });
    expect(rows[1]).toMatchObject({ caratMin: '1', caratMax: '3', costMax: '' });
    expect(rows.map(toRule)).toEqual(rules);
    expect(markupRulesBody.safeParse({ rules: rows.map(toRule) }).success).toBe(true);
  });
});
