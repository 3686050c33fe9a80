import { describe, expect, it } from 'vitest';
import { Suggestions, type SuggestionEntry } from './suggestions.ts';

const entry = (id: number, description: string, featured = false): SuggestionEntry => ({
  id,
  description,
  featured,
  defaultMetal: '14KY',
  image: { kind: 'ring' } as never,
});

describe('Suggestions.find', () => {
  const s = new Suggestions([
    entry(1, 'Classic Solitaire Engagement Ring'),
    entry(2, 'Oval Halo Engagement Ring'),
    entry(3, 'Halo Pendant', true),
    entry(4, 'Shalom Charm'),
    entry(5, 'Round Halo Earrings'),
  ]);

  it('puts word starts before matches inside a word, featured first, then oldest, in any case', () => {
    expect(s.find('HALO', 8).map((e) => e.id)).toEqual([3, 2, 5, 4]);
    expect(s.find('alo', 8).map((e) => e.id)).toEqual([3, 2, 4, 5]); // inside a word everywhere: featured, then id
    expect(s.find('sol', 8).map((e) => e.id)).toEqual([1]);
  });

  it('stops at the limit and finds nothing for text that is not there', () => {
    expect(s.find('ring', 1).map((e) => e.id)).toEqual([1]);
    expect(s.find('zzz', 8)).toEqual([]);
    expect(s.find('%', 8)).toEqual([]);
  });
});
