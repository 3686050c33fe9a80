import { describe, expect, it } from 'vitest';
import { photosFor } from './photos-for.ts';

const photo = (name: string, metal: string | null) => ({ name, metal });

describe('photosFor', () => {
  const photos = [
    photo('cover', null),
    photo('yellow hand', '14KY'),
    photo('plat', 'PLAT'),
    photo('yellow box', '14KY'),
  ];

  it("puts the chosen metal's photographs first, then those of any metal, then the others, each in staff's order", () => {
    expect(photosFor(photos, '14KY').map((p) => p.name)).toEqual(['yellow hand', 'yellow box', 'cover', 'plat']);
    expect(photosFor(photos, 'PLAT').map((p) => p.name)).toEqual(['plat', 'cover', 'yellow hand', 'yellow box']);
  });

  it("keeps staff's order for a metal with no photograph of its own", () => {
    expect(photosFor(photos, '18KR').map((p) => p.name)).toEqual(['cover', 'yellow hand', 'plat', 'yellow box']);
  });
});
