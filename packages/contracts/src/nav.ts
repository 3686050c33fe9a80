// Zod-free on purpose: the storefront's header imports this, and the schemas in menu.ts would put
// zod into every page's shared JavaScript.
import type { MenuSection } from './menu.ts';
export type { MenuSection };
/** What the storefront draws of the menu: labels and links (the filters stay in the API's answer). */
export interface NavSection {
  title: string;
  slug: string;
  groups: Array<{ title: string; items: Array<{ label: string; href: string }> }>;
}

export const navSections = (menu: MenuSection[]): NavSection[] =>
  menu.map((s) => ({
    title: s.title,
    slug: s.slug,
    groups: s.groups.map((g) => ({ title: g.title, items: g.items.map((i) => ({ label: i.label, href: i.href })) })),
  }));
