import { describe, expect, it } from 'vitest';
import { engravingChoice, engravingChars, engravingProblem } from './engraving.ts';

describe('what can be engraved', () => {
  it('takes letters of any script, digits, spaces and the marks a jeweller engraves', () => {
    for (const words of ['A & B · 2026', 'Zoë ♥ Łukasz', 'Навсегда', '永遠に', "l'amour ∞", 'J.-P., 12.06.26'])
      expect(engravingProblem(words, 40), words).toBeNull();
  });

  it('refuses anything else, naming the characters', () => {
    expect(engravingProblem('<b>hi</b>', 40)).toBe(
      "“<”, “>”, “/” cannot be engraved: use letters, digits, spaces and & . , ' - · ♥ ∞.",
    );
    expect(engravingProblem('we 😀 you', 40)).toMatch(/^“😀” cannot be engraved/);
    expect(engravingProblem('one\ntwo', 40)).toMatch(/^a line break or tab cannot be engraved/);
    expect(engravingProblem('   ', 40)).toBe('Write the words to engrave.');
  });

  it('counts characters as a reader does, against the piece’s limit', () => {
    expect(engravingChars('Zoë ♥')).toHaveLength(5);
    // "e" followed by a combining accent is one character.
    expect(engravingChars('Zoe\u0308')).toHaveLength(3);
    expect(engravingProblem('A & B · 2026', 12)).toBeNull();
    expect(engravingProblem('A & B · 2026!', 20)).toMatch(/“!” cannot be engraved/);
    expect(engravingProblem('A & B · 20266', 12)).toBe('At most 12 characters on this piece (this is 13).');
  });

  it('counts what the engraver cuts: a letter with accents stacked on it is refused, not one character', () => {
    const zalgo = `A${'\u0301\u0300\u0302\u0303'.repeat(20)}`;
    expect(engravingChars(zalgo)).toHaveLength(1);
    expect(engravingProblem(`${zalgo} & B`, 40)).toBe(
      '“A” carries more accents than can be engraved (at most 3 on a character).',
    );
    // The real languages' clusters pass: Vietnamese, Thai, Devanagari.
    for (const words of ['Nguyễn Thị Ánh', 'ญี่ปุ่น', 'क्षितिज']) expect(engravingProblem(words, 40), words).toBeNull();
    expect(engravingChoice.safeParse({ text: zalgo, font: 'roman' }).success).toBe(false);
  });

  it('keeps the words as typed, composed and without spaces at the ends', () => {
    const r = engravingChoice.parse({ text: '  Zoe\u0308 & Ana ', font: 'script' });
    expect(r.text).toBe('Zoë & Ana');
    expect(engravingChoice.safeParse({ text: 'ok', font: 'comic' }).success).toBe(false);
    expect(engravingChoice.safeParse({ text: 'x'.repeat(41), font: 'roman' }).success).toBe(false);
  });
});
