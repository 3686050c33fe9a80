import { describe, expect, it } from 'vitest';
import { paths } from './paths.ts';

describe('diamond links', () => {
  it('put a diamond under its own category: natural 1700, lab-grown 1800', () => {
    expect(paths.diamondOf({ serial: 'LD100319', origin: 'lab', id: 320 })).toBe('/diamond/LD100319/1800/320/320');
    expect(paths.diamondOf({ serial: 'ND 1/2', origin: 'natural', id: 7 })).toBe('/diamond/ND%201%2F2/1700/7/7');
  });
});

describe('paths.itemArt', () => {
  it('builds the media URL the drawing route reads, in one order, with the drawing version', () => {
    expect(paths.itemArt({ kind: 'stone', shape: 'Oval', stone: '#ruby', title: 'Oval ruby' })).toBe(
      '/api/media/item.svg?k=stone&sh=oval&st=ruby&t=Oval+ruby&v=2',
    );
    expect(paths.itemArt({ kind: 'ring', style: 'halo', metal: '14KY', title: 'x'.repeat(200) })).toBe(
      `/api/media/item.svg?k=ring&s=halo&m=14KY&t=${'x'.repeat(120)}&v=2`,
    );
  });
});
