import { describe, expect, it } from 'vitest';
import { paths } from './paths.ts';

describe('diamond links', () => {
  it('put a diamond under its own category: natural 1700, lab-grown 1800', () => {
    expect(paths.diamondOf({ serial: 'LD100319', origin: 'lab', id: 320 })).toBe('/diamond/LD100319/1800/320/320');
    expect(paths.diamondOf({ serial: 'ND 1/2', origin: 'natural', id: 7 })).toBe('/diamond/ND%201%2F2/1700/7/7');
  });
});
