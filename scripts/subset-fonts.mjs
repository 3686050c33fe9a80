#!/usr/bin/env node
// `node scripts/subset-fonts.mjs`: the store's two faces cut to what it uses — Latin, and the weights
// its styles ask for (FONT_WEIGHTS; scripts/subset-fonts.test.ts fails when a style asks for one
// outside them). Writes apps/web/app/fonts/*.woff2, which are committed: the build never runs this.
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import subsetFont from 'subset-font';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);

/** The weights the storefront and back office use (400 text, 500–600 labels and headings, 700 <strong>). */
export const FONT_WEIGHTS = { min: 400, max: 700 };

/** Fontsource's Latin range, as the @font-face rules in app.css declare it. */
const LATIN = [
  [0x0000, 0x00ff],
  [0x0131],
  [0x0152, 0x0153],
  [0x02bb, 0x02bc],
  [0x02c6],
  [0x02da],
  [0x02dc],
  [0x0304],
  [0x0308],
  [0x0329],
  [0x2000, 0x206f],
  [0x20ac],
  [0x2122],
  [0x2191],
  [0x2193],
  [0x2212],
  [0x2215],
  [0xfeff],
  [0xfffd],
];
const latinText = () =>
  LATIN.flatMap(([a, b = a]) => Array.from({ length: b - a + 1 }, (_, i) => String.fromCodePoint(a + i))).join('');

export const FACES = [
  {
    from: require.resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'),
    to: 'apps/web/app/fonts/inter-latin-400-700.woff2',
  },
  {
    from: require.resolve('@fontsource-variable/cormorant-garamond/files/cormorant-garamond-latin-wght-normal.woff2'),
    to: 'apps/web/app/fonts/cormorant-garamond-latin-400-700.woff2',
  },
];

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const face of FACES) {
    const source = await readFile(face.from);
    const cut = await subsetFont(source, latinText(), {
      targetFormat: 'woff2',
      variationAxes: { wght: { min: FONT_WEIGHTS.min, max: FONT_WEIGHTS.max } },
    });
    await writeFile(path.join(root, face.to), cut);
    console.log(`${face.to}: ${(source.length / 1024).toFixed(1)} → ${(cut.length / 1024).toFixed(1)} KB`);
  }
}
