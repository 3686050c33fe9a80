import { createContext, useContext } from 'react';
import type { KeptPart } from '~/lib/kept-markup.tsx';
import { preloadablePart } from '~/lib/lazy-part.tsx';
import type { Hero } from './hero.tsx';
import type { CategoryTiles } from './category-tiles.tsx';
import type { Promises } from './promises.tsx';

// The home page's parts that never change once drawn (the first screen, the category tiles, the
// promises): the server draws them and the browser keeps their markup (KeptMarkup), as the footer's
// (features/layout/drawn-parts.tsx). The server hands the real components through this context
// (entry.server.tsx); in the browser the default is lazy versions, loaded only when a part must be
// drawn afresh (the shopper moved to the home page from another, or staff changed it since).
export interface HomeParts {
  Hero: KeptPart<typeof Hero>;
  CategoryTiles: KeptPart<typeof CategoryTiles>;
  Promises: KeptPart<typeof Promises>;
}

const inBrowser = {
  Hero: preloadablePart(() => import('./hero.tsx').then((m) => m.Hero), 'The page'),
  CategoryTiles: preloadablePart(() => import('./category-tiles.tsx').then((m) => m.CategoryTiles), 'The page'),
  Promises: preloadablePart(() => import('./promises.tsx').then((m) => m.Promises), 'The page'),
} satisfies HomeParts;

/**
 * The parts' code, fetched ahead of a move to the home page (routes/home.tsx). Never an error and
 * never long: a part still missing after 3 s loads as it is drawn (lazyPart's retry and message).
 */
export const preloadHomeParts = () =>
  Promise.race([
    Promise.all(Object.values(inBrowser).map((p) => p.preload())),
    new Promise((r) => setTimeout(r, 3_000)),
  ]);

export const HomePartsContext = createContext<HomeParts>(inBrowser);
export const useHomeParts = () => useContext(HomePartsContext);
