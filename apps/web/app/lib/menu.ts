import { useEffect, useState } from 'react';
import { navSections, type MenuSection, type NavSection } from '@facet/contracts/nav';
import { apiRequest } from './api.ts';

// The mega menu's sections are fetched when the shopper reaches for the menu (a hover, a focus, a
// tap), not sent inside every page: most pages never open it, and every page used to carry it.
let loading: Promise<NavSection[]> | null = null;

export function loadMenu(): Promise<NavSection[]> {
  loading ??= apiRequest<MenuSection[]>('/menu').then(navSections, (err: unknown) => {
    loading = null; // the next reach tries again
    throw err;
  });
  return loading;
}

/** The menu once `wanted` has been true (null until it arrives; an error reads as an empty menu). */
export function useMenu(wanted: boolean): NavSection[] | null {
  const [menu, setMenu] = useState<NavSection[] | null>(null);
  useEffect(() => {
    if (!wanted || menu) return;
    let live = true;
    loadMenu().then(
      (m) => live && setMenu(m),
      () => live && setMenu([]),
    );
    return () => {
      live = false;
    };
  }, [wanted, menu]);
  return menu;
}
