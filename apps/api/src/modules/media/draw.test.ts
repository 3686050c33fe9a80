import { describe, expect, it } from 'vitest';
import { outline, sparkleSpot } from './draw.ts';

type Pt = [number, number];
// Ray casting: is the point inside the polygon?
const inside = ([x, y]: Pt, poly: Pt[]) => {
  let c = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!,
      [xj, yj] = poly[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) c = !c;
  }
  return c;
};

describe('stone drawings', () => {
  it("draw the sparkle inside every cut, tips included (the pear's once stuck out of the stone)", () => {
    for (const shape of [
      'Round',
      'Oval',
      'Cushion',
      'Princess',
      'Asscher',
      'Emerald',
      'Radiant',
      'Pear',
      'Marquise',
      'Heart',
    ]) {
      const { points } = outline(shape);
      const [x, y, s] = sparkleSpot(points);
      expect(s, shape).toBeGreaterThan(0.05);
      // The star's four points (its furthest reach) all fall inside the outline.
      for (const p of [
        [x, y - s],
        [x + s, y],
        [x, y + s],
        [x - s, y],
      ] as Pt[])
        expect(inside(p, points), `${shape} ${p}`).toBe(true);
    }
  });
});
