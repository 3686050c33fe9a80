import { describe, expect, it } from 'vitest';
import { safeReturnTo, settingsFor, withCenterStone } from './settings-for.ts';

describe('safeReturnTo', () => {
  it('accepts our own product pages, with their configuration', () => {
    expect(safeReturnTo('/product/ER10024/1102/24/773')).toBe('/product/ER10024/1102/24/773');
    expect(safeReturnTo('/product/ER10024/1102/24/773?metal=18KY&size=10')).toBe(
      '/product/ER10024/1102/24/773?metal=18KY&size=10',
    );
  });
  it('refuses anything that could leave the store', () => {
    for (const bad of [
      'https://evil.example/product/x',
      '//evil.example/product/x',
      '/product//evil.example',
      '/\\evil.example',
      '/cart',
      'javascript:alert(1)',
      '/product/\\\\evil',
      null,
      '',
    ]) {
      expect(safeReturnTo(bad), String(bad)).toBeNull();
    }
  });
});

describe('withCenterStone', () => {
  it('sets s1 and keeps the other choices', () => {
    expect(withCenterStone('/product/A/1/2/3?metal=PLAT&s1=d9', 'd42')).toBe('/product/A/1/2/3?metal=PLAT&s1=d42');
  });
});

describe('settingsFor', () => {
  it('lists settings whose head holds the stone', () => {
    const url = new URL(settingsFor({ kind: 'diamond', id: 7, shape: 'Oval', carat: 1.1 }), 'http://x');
    expect(url.searchParams.get('stone')).toBe('d7');
    expect(JSON.parse(url.searchParams.get('filters')!)).toEqual([
      { label: 'primary stone shape', matchType: 'exact', options: ['Oval'] },
      { label: 'center size', matchType: 'exact', options: ['1.00 ct', '1.25 ct'] },
    ]);
  });
});
