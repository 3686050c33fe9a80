import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FACES, FONT_WEIGHTS } from './subset-fonts.mjs';

const root = path.resolve(import.meta.dirname, '..');
const app = path.join(root, 'apps/web/app');

const CLASS_WEIGHTS: Record<string, number> = {
  thin: 100,
  extralight: 200,
  light: 300,
  normal: 400,
  medium: 500,
  semibold: 600,
  bold: 700,
  extrabold: 800,
  black: 900,
};

/** Every weight a source asks for: Tailwind's font-* classes, CSS font-weight, SVG fontWeight. */
function weightsAskedFor(source: string): number[] {
  const out = new Set<number>();
  for (const m of source.matchAll(/\bfont-(thin|extralight|light|normal|medium|semibold|bold|extrabold|black)\b/g))
    out.add(CLASS_WEIGHTS[m[1]!]!);
  for (const m of source.matchAll(/font-weight:\s*(\d{3})\b/g)) out.add(Number(m[1]));
  for (const m of source.matchAll(/fontWeight[=:]\s*["'{]?(\d{3})/g)) out.add(Number(m[1]));
  return [...out];
}

const files = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? files(p) : /\.(tsx?|css)$/.test(f) && !/\.test\./.test(f) ? [p] : [];
  });

describe('fonts cut to the weights the styles use', () => {
  it('finds a weight outside the cut (the guard can fail)', () => {
    const asked = weightsAskedFor('<p className="font-light">x</p> h1 { font-weight: 800 }');
    expect(asked.filter((w) => w < FONT_WEIGHTS.min || w > FONT_WEIGHTS.max).sort()).toEqual([300, 800]);
  });

  it('no style asks for a weight the shipped faces do not have', () => {
    const outside = files(app).flatMap((f) =>
      weightsAskedFor(readFileSync(f, 'utf8'))
        .filter((w) => w < FONT_WEIGHTS.min || w > FONT_WEIGHTS.max)
        .map((w) => `${path.relative(root, f)}: ${w}`),
    );
    expect(outside).toEqual([]);
  });

  it('app.css serves the cut files and declares the weights they hold', () => {
    const css = readFileSync(path.join(app, 'app.css'), 'utf8');
    for (const face of FACES) {
      const file = path.basename(face.to);
      const rule = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map((m) => m[1]!).find((r) => r.includes(file));
      expect(rule, file).toBeDefined();
      expect(rule).toContain(`font-weight: ${FONT_WEIGHTS.min} ${FONT_WEIGHTS.max};`);
      // Cut: smaller than the face it was cut from.
      expect(statSync(path.join(root, face.to)).size).toBeLessThan(statSync(face.from).size);
    }
  });
});
