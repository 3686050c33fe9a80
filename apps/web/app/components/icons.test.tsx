import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import * as lucide from 'lucide-react';
import * as ours from './icons.tsx';
import * as DRAWINGS from './icon-drawings.ts';

// Each icon draws exactly what lucide-react draws, for the props the store passes.
describe('icons', () => {
  const names = Object.keys(DRAWINGS) as Array<keyof typeof DRAWINGS>;

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
        expect(renderToStaticMarkup(<Ours {...props} />), `${name} ${JSON.stringify(props)}`).toBe(
          renderToStaticMarkup(<Theirs {...props} />),
        );
      }
    }
  });

  it('exports one component per drawing', () => {
    expect(Object.keys(ours).sort()).toEqual([...names].sort());
  });
});
