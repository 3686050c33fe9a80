import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { preloadablePart } from './lazy-part.tsx';

const Hello = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('a part loaded ahead', () => {
  it('suspends before its code is here, and draws at once after preload', async () => {
    const Part = preloadablePart(async () => Hello, 'The greeting');
    // Not loaded yet: the boundary shows its fallback.
    expect(
      renderToString(
        <Suspense fallback={<i>waiting</i>}>
          <Part name="Ada" />
        </Suspense>,
      ),
    ).toContain('waiting');
    await Part.preload();
    expect(
      renderToString(
        <Suspense fallback={<i>waiting</i>}>
          <Part name="Ada" />
        </Suspense>,
      ),
    ).toContain('Hello <!-- -->Ada');
  });

  it('never rejects when the code cannot load', async () => {
    const Part = preloadablePart(() => Promise.reject(new Error('offline')), 'The greeting');
    await expect(Part.preload()).resolves.toBeNull();
  });
});
