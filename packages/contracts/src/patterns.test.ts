import { describe, expect, it } from 'vitest';
import { resetBody } from './account.ts';
import { isStorePath, passwordPatternProblem } from './patterns.ts';
import { storeHref } from './home.ts';
import { storeSettingsAnswer } from './store-settings.ts';

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

describe('a link the owner types must be a page of this store', () => {
  it('refuses every spelling a browser reads as another site', () => {
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      '/\\/evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/ /evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      'diamonds',
      '/diamonds\\..\\x',
    ])
      expect(isStorePath(bad), JSON.stringify(bad)).toBe(false);
  });

  it('accepts the store’s own pages, with their queries', () => {
    for (const good of ['/', '/diamonds', '/category/1100?sort=price', '/category/1?filters=%5B%7B%22label%22%5D'])
      expect(isStorePath(good), good).toBe(true);
  });

  it('the announcement and the home page’s links use the one rule', () => {
    const announcement = (href: string) =>
      storeSettingsAnswer.shape.settings.shape.announcement.safeParse({ on: true, text: 'Sale', href });
    expect(announcement('/\\evil.example').success).toBe(false);
    expect(announcement('/diamonds').success).toBe(true);
    expect(announcement('').success).toBe(true);
    expect(storeHref.safeParse('/\\evil.example').success).toBe(false);
  });
});
