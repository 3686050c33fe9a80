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

export interface MenuState {
  /** The sections, once they have arrived (null before that, and after a failure). */
  sections: NavSection[] | null;
  /** The last fetch failed: say so, and `retry` asks again. */
  failed: boolean;
  retry: () => void;
}

/** The menu once `wanted` has been true. */
export function useMenu(wanted: boolean): MenuState {
  const [sections, setSections] = useState<NavSection[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!wanted || sections || failed) return;
    let live = true;
    loadMenu().then(
      (m) => live && setSections(m),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [wanted, sections, failed, attempt]);
  return { sections, failed, retry: () => (setFailed(false), setAttempt((n) => n + 1)) };
}
