import { createContext, useContext, type ComponentProps, type ComponentType } from 'react';
import { lazyPart } from '~/lib/lazy-part.tsx';
import type { Hero } from './hero.tsx';
import type { CategoryTiles } from './category-tiles.tsx';
import type { Promises } from './promises.tsx';

// The home page's parts that never change once drawn (the first screen, the category tiles, the
// promises): the server draws them and the browser keeps their markup (KeptMarkup), as the footer's
// (features/layout/drawn-parts.tsx). The server hands the real components through this context
// (entry.server.tsx); in the browser the default is lazy versions, loaded only when a part must be
// drawn afresh (the shopper moved to the home page from another, or staff changed it since).
type Part<C extends ComponentType<any>> = ComponentType<ComponentProps<C>>;
export interface HomeParts {
  Hero: Part<typeof Hero>;
  CategoryTiles: Part<typeof CategoryTiles>;
  Promises: Part<typeof Promises>;
}

/**
 * A part loaded on demand that can also be loaded ahead (`preload`): once its code is here it is
 * drawn at once, without suspending the move to the page.
 */
function preloadable<P extends object>(load: () => Promise<ComponentType<P>>) {
  let ready: ComponentType<P> | null = null;
  const preload = () =>
    load().then((c) => {
      ready = c;
      return c;
    });
  const Lazy = lazyPart(() => preload().then((c) => ({ default: c })), 'The page');
  const Part = (props: P) => {
    const Drawn = ready ?? Lazy;
    return <Drawn {...props} />;
  };
  return Object.assign(Part, { preload });
}

const inBrowser = {
  Hero: preloadable(() => import('./hero.tsx').then((m) => m.Hero)),
  CategoryTiles: preloadable(() => import('./category-tiles.tsx').then((m) => m.CategoryTiles)),
  Promises: preloadable(() => import('./promises.tsx').then((m) => m.Promises)),
} satisfies HomeParts;

/**
 * The parts' code, fetched ahead of a move to the home page (routes/home.tsx). Never an error and
 * never long: a part still missing after 3 s loads as it is drawn (lazyPart's retry and message).
 */
export const preloadHomeParts = () =>
  Promise.race([
    Promise.all(Object.values(inBrowser).map((p) => p.preload().catch(() => null))),
    new Promise((r) => setTimeout(r, 3_000)),
  ]);

export const HomePartsContext = createContext<HomeParts>(inBrowser);
export const useHomeParts = () => useContext(HomePartsContext);
