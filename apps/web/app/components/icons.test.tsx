import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import * as lucide from 'lucide-react';
import * as ours from './icons.tsx';
import * as DRAWINGS from './icon-drawings.ts';

// lucide writes how an icon is painted on every icon; the stylesheet says it once for all of them.
const PAINT = {
  fill: 'none',
  stroke: 'currentColor',
  'stroke-linecap': 'round',
  'stroke-linejoin': 'round',
};
const unpainted = (markup: string) =>
  markup.replace(/^<svg[^>]*>/, (tag) =>
    Object.entries(PAINT)
      .reduce((t, [k, v]) => t.replace(` ${k}="${v}"`, ''), tag)
      .replace(' xmlns="http://www.w3.org/2000/svg"', ''),
  );

// Each icon draws exactly what lucide-react draws, for the props the store passes.
describe('icons', () => {
  it('paints every icon as lucide does, from the stylesheet', () => {
    const css = readFileSync(path.join(import.meta.dirname, '../app.css'), 'utf8');
    const rule = /svg\.lucide\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
    for (const [k, v] of Object.entries(PAINT)) expect(rule, k).toMatch(new RegExp(`(^|;|\\s)${k}:\\s*${v};`));
  });

  const names = Object.keys(DRAWINGS) as Array<keyof typeof DRAWINGS>;

  // The drawing itself: the symbol of the sprite the icon uses, as the sprite file says it.
  const sprite = readFileSync(path.join(import.meta.dirname, 'icons.svg'), 'utf8');
  const symbol = (id: string) =>
    new RegExp(`<symbol id="${id}" viewBox="0 0 24 24">(.*?)</symbol>`).exec(sprite)?.[1] ?? `(no symbol ${id})`;
  // An icon as a browser draws it: the <use> replaced by its symbol's contents.
  const asDrawn = (markup: string) => markup.replace(/<use href="[^"#]*#(\w+)"><\/use>/, (_, id: string) => symbol(id));

  it('draws every icon as lucide does, whatever the props', () => {
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) {
      const Ours = ours[name];
      const Theirs = lucide[name];
      for (const props of [
        {},
        { 'aria-hidden': true as const, className: 'h-4 w-4 shrink-0 ' },
        { className: 'h-10 w-10', strokeWidth: 1.4 },
        { 'aria-label': 'Remove', size: 16 },
      ]) {
        const markup = renderToStaticMarkup(<Ours {...props} />);
        // The page carries a reference to the drawing, never the drawing.
        expect(markup, name).toMatch(new RegExp(`^<svg[^>]*><use href="[^"]*icons[^"]*\\.svg#${name}"></use></svg>$`));
        expect(asDrawn(markup), `${name} ${JSON.stringify(props)}`).toBe(
          unpainted(renderToStaticMarkup(<Theirs {...props} />)),
        );
      }
    }
  });

  it('is caught when a symbol no longer matches lucide', () => {
    const Ours = ours.Heart;
    const drawnHere = asDrawn(renderToStaticMarkup(<Ours />)).replace(/d="M/, 'd="m');
    expect(drawnHere).not.toBe(unpainted(renderToStaticMarkup(<lucide.Heart />)));
  });

  it('exports one component per drawing', () => {
    expect(Object.keys(ours).sort()).toEqual([...names].sort());
  });
});
