import { Dialog } from 'radix-ui';
import { Link } from 'react-router';
import { Plus, X } from '~/components/icons.tsx';
import type { MenuState } from '~/lib/menu.ts';
import { MenuStatus } from './menu-status.tsx';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  menu: MenuState;
  pages: Array<{ label: string; href: string }>;
}

/** Small screens: the same nine sections in a drawer, each expandable. */
export function MobileNav({ open, onOpenChange, menu, pages }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed inset-y-0 left-0 z-50 flex w-[88vw] max-w-sm flex-col bg-white shadow-xl focus:outline-none">
          <div className="flex items-center justify-between border-b border-hairline px-4 py-3">
            <Dialog.Title className="font-display text-2xl tracking-[0.18em]">FACET</Dialog.Title>
            <Dialog.Close aria-label="Close menu" className="inline-flex h-11 w-11 items-center justify-center">
              <X aria-hidden="true" className="h-5 w-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Browse the store</Dialog.Description>
          <nav aria-label="Mobile" className="flex-1 overflow-y-auto px-4 py-2">
            <Link to="/" className="block border-b border-hairline py-3 font-medium">
              Home
            </Link>
            <p className="eyebrow mt-4 text-muted">Products</p>
            {!menu.sections && <MenuStatus menu={menu} className="py-3" />}
            {menu.sections?.map((section) => (
              <details key={section.slug} className="group border-b border-hairline">
                <summary className="flex cursor-pointer list-none items-center justify-between py-3 font-medium">
                  {section.title}
                  <Plus aria-hidden="true" className="h-4 w-4 text-muted transition-transform group-open:rotate-45" />
                </summary>
                <div className="pb-3">
                  {section.groups.map((g) => (
                    <div key={g.title} className="mb-3">
                      <p className="eyebrow text-muted">{g.title}</p>
                      <ul className="mt-1">
                        {g.items.map((item) => (
                          <li key={item.label + item.href}>
                            <Link to={item.href} className="block py-1.5 text-sm">
                              {item.label}
                            </Link>
                          </li>
                        ))}
                      </ul>
                    </div>
                  ))}
                </div>
              </details>
            ))}
            <p className="eyebrow mt-5 text-muted">Pages</p>
            <ul>
              {pages.map((p) => (
                <li key={p.href}>
                  <Link to={p.href} className="block py-2 text-sm">
                    {p.label}
                  </Link>
                </li>
              ))}
            </ul>
            <Link to="/blog" className="mt-2 block border-t border-hairline py-3 font-medium">
              Blog
            </Link>
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
