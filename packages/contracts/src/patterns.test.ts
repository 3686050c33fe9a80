import { describe, expect, it } from 'vitest';
import { resetBody } from './account.ts';
import { passwordPatternProblem } from './patterns.ts';

describe('passwords that meet the character rules but are easy to guess', () => {
  it.each([
    ['Aaaaaaaaaaaa1!', /repeated/],
    ['Aa1!Aa1!Aa1!Aa1!', /repeated/],
    ['Abc!Abc!Abc!1', /repeated/],
    ['Xy!1abcdefgh', /sequences/],
    ['Mellon!987654', /sequences/],
    ['Qwertyui!234', /keyboard/],
    ['Lkjhgf!2026Ab', /keyboard/],
  ])('%s is refused with a reason', (password, reason) => {
    expect(passwordPatternProblem(password)).toMatch(reason);
    const parsed = resetBody.safeParse({ password });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toMatch(reason);
  });

  it.each(['Brilliant$Cut2026', 'Loupe-and-Tweezers-42', 'Emerald cut, 1.5 ct!', 'Ünïcode-Pässwort-7'])(
    '%s passes',
    (password) => {
      expect(passwordPatternProblem(password)).toBeNull();
      expect(resetBody.safeParse({ password }).success).toBe(true);
    },
  );
});
