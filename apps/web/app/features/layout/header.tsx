import { AnnouncementBar } from './announcement-bar.tsx';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { lazyPart } from '~/lib/lazy-part.tsx';
import { Link, useLocation } from 'react-router';
import { useRouterLinks } from '~/lib/router-links.tsx';
import { DisclosureMenu } from '~/components/ui/disclosure-menu.tsx';
import { ChevronDown, Menu } from '~/components/icons.tsx';
import { MEGA_MENU_CLOSE_DELAY_MS } from '@facet/contracts/constants';
import { useHeaderScroll } from './use-header-scroll.ts';
import { MenuStatus } from './menu-status.tsx';
import { SearchBox } from './search-box.tsx';
import { HeaderActions } from './header-actions.tsx';
import { useMenu } from '~/lib/menu.ts';

// The mega menu's panel loads with its sections, when the shopper first reaches for it.
const loadMegaMenu = () => import('./mega-menu.tsx');
const MegaMenu = lazyPart(() => loadMegaMenu().then((m) => ({ default: m.MegaMenu })), 'The menu');
// The drawer (and its dialog code) loads on the first tap of the menu button.
const MobileNav = lazyPart(() => import('./mobile-nav.tsx').then((m) => ({ default: m.MobileNav })), 'The menu');

export const PAGES_LINKS = [
  { label: 'Contact Us', href: '/contact-us' },
  { label: 'Shipping Policy', href: '/shipping-policy' },
  { label: 'Return Policy', href: '/return-policy' },
  { label: 'Privacy Policy', href: '/privacy-policy' },
  { label: 'Terms & Conditions', href: '/terms-condition' },
  { label: 'Ring Size Guide', href: '/blog/ring-sizing' },
  { label: 'Diamond Guide', href: '/blog/the-4cs-of-diamonds' },
];

export function Header() {
  const [open, setOpen] = useState(false);
  // The menu arrives when the shopper reaches for it (focus on Products, hover, the drawer).
  const [reached, setReached] = useState(false);
  const [active, setActive] = useState(0);
  const [mobileOpen, setMobileOpen] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const productsButton = useRef<HTMLButtonElement>(null);
  const plainMenu = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const { hidden, flat } = useHeaderScroll(open || mobileOpen);
  const menu = useMenu(reached || open || mobileOpen);
  // ArrowDown on Products before the panel is in the document: its first section takes the focus as it arrives.
  const [focusFirst, setFocusFirst] = useState(false);
  if (!open && focusFirst) setFocusFirst(false);
  useEffect(() => {
    if (reached || open) void loadMegaMenu().catch(() => {});
  }, [reached, open]);
  // The header is on every page: its links are bare anchors moved by the router through one
  // handler (a <Link> each costs its own hooks on every render); the Pages menu's, drawn only
  // when opened, and the drawer's keep theirs.
  const links = useRouterLinks();
  const current = (active: boolean) => (active ? ('page' as const) : undefined);

  const cancelClose = useCallback(() => {
    if (closeTimer.current) {
      clearTimeout(closeTimer.current);
      closeTimer.current = null;
    }
  }, []);
  const close = useCallback(
    (returnFocus = false) => {
      cancelClose();
      setOpen(false);
      if (returnFocus) productsButton.current?.focus();
    },
    [cancelClose],
  );
  // The mega menu closes 300 ms after the pointer leaves the header.
  const scheduleClose = useCallback(() => {
    cancelClose();
    closeTimer.current = setTimeout(() => setOpen(false), MEGA_MENU_CLOSE_DELAY_MS);
  }, [cancelClose]);

  // Every route change closes the mega menu (and the mobile drawer).
  const here = `${location.pathname}${location.search}`;
  const [shownOn, setShownOn] = useState(here);
  if (shownOn !== here) {
    setShownOn(here);
    setOpen(false);
    setMobileOpen(false);
  }
  useEffect(() => {
    cancelClose();
    // Opened before the scripts ran: a new page starts with it closed.
    if (plainMenu.current) plainMenu.current.open = false;
  }, [here, cancelClose]);
  useEffect(() => cancelClose, [cancelClose]);

  return (
    <>
      <header
        data-header=""
        data-hidden={hidden ? 'true' : 'false'}
        data-flat={flat ? 'true' : 'false'}
        className={`fixed inset-x-0 top-0 z-40 bg-white transition-[transform,box-shadow] duration-200 ease-out ${
          hidden ? '-translate-y-full' : 'translate-y-0'
        } ${flat ? 'shadow-none' : 'shadow-[0_1px_12px_rgba(0,0,0,0.08)]'}`}
        onMouseLeave={scheduleClose}
        onMouseEnter={cancelClose}
        {...links.handlers}
      >
        <AnnouncementBar />
        <div className="border-b border-hairline">
          {/* One search form for every width: below a phone's top row (the row wraps), beside the actions from md. */}
          <div className="mx-auto flex max-w-site flex-wrap items-center gap-x-4 gap-y-2.5 px-4 pb-3 pt-2.5 md:h-16 md:flex-nowrap md:py-0 lg:gap-x-8 lg:px-8">
            {/* A plain disclosure first: before the page's scripts run (or with them off) a tap opens
                the links below; once they run, the same tap opens the full drawer instead. */}
            <details ref={plainMenu} className="group/menu lg:hidden">
              <summary
                aria-label="Open menu"
                className="-ml-2 inline-flex h-11 w-11 cursor-pointer list-none items-center justify-center [&::-webkit-details-marker]:hidden"
                onClick={(e) => {
                  e.preventDefault();
                  if (plainMenu.current) plainMenu.current.open = false;
                  setMobileOpen(true);
                }}
              >
                <Menu aria-hidden="true" className="h-6 w-6" />
              </summary>
              <nav
                aria-label="Menu"
                className="absolute inset-x-0 top-full z-50 max-h-[80vh] overflow-y-auto border-y border-hairline bg-white px-4 py-2 shadow-lg"
              >
                <ul className="text-sm">
                  {[
                    { label: 'Home', href: '/' },
                    { label: 'All products', href: '/products' },
                    ...PAGES_LINKS,
                    { label: 'Blog', href: '/blog' },
                  ].map((l) => (
                    <li key={l.href} className="border-b border-hairline last:border-0">
                      <a href={l.href} className="block py-3">
                        {l.label}
                      </a>
                    </li>
                  ))}
                </ul>
              </nav>
            </details>
            <a
              href="/"
              className="font-display text-[1.9rem] leading-none tracking-[0.18em] text-ink"
              aria-label="Facet — home"
            >
              FACET
            </a>
            <nav aria-label="Main" className="hidden lg:block">
              <ul className="flex items-center gap-1 text-sm font-medium">
                <li>
                  <a
                    href="/"
                    aria-current={current(location.pathname === '/')}
                    className="rounded-sm px-3 py-2 hover:text-primary aria-[current=page]:text-primary"
                  >
                    Home
                  </a>
                </li>
                <li
                  onMouseEnter={() => {
                    cancelClose();
                    setOpen(true);
                  }}
                >
                  <button
                    ref={productsButton}
                    type="button"
                    aria-expanded={open}
                    // Only once the panel is in the document: a reference to nothing is no reference.
                    aria-controls={open && menu.sections?.length ? 'mega-menu' : undefined}
                    onFocus={() => setReached(true)}
                    onClick={() => setOpen((o) => !o)}
                    onKeyDown={(e) => {
                      if (e.key === 'ArrowDown') {
                        e.preventDefault();
                        setOpen(true);
                        setFocusFirst(true);
                        requestAnimationFrame(() =>
                          document.querySelector<HTMLButtonElement>('#mega-menu button')?.focus(),
                        );
                      } else if (e.key === 'Escape') close();
                    }}
                    className="inline-flex items-center gap-1 rounded-sm px-3 py-2 hover:text-primary aria-expanded:text-primary"
                  >
                    Products{' '}
                    <ChevronDown
                      aria-hidden="true"
                      className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`}
                    />
                  </button>
                </li>
                <li>
                  <DisclosureMenu
                    label="Pages"
                    buttonClassName="inline-flex items-center gap-1 rounded-sm px-3 py-2 hover:text-primary data-[state=open]:text-primary"
                    button={
                      <>
                        Pages <ChevronDown aria-hidden="true" className="h-4 w-4" />
                      </>
                    }
                    panelClassName="min-w-56 rounded-sm border border-hairline bg-white p-1.5 shadow-lg"
                  >
                    <ul>
                      {PAGES_LINKS.map((p) => (
                        <li key={p.href}>
                          <Link
                            to={p.href}
                            className="block rounded-sm px-3 py-2 text-sm hover:bg-secondary focus-visible:bg-secondary"
                          >
                            {p.label}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </DisclosureMenu>
                </li>
                <li>
                  <a
                    href="/blog"
                    aria-current={current(location.pathname === '/blog' || location.pathname.startsWith('/blog/'))}
                    className="rounded-sm px-3 py-2 hover:text-primary aria-[current=page]:text-primary"
                  >
                    Blog
                  </a>
                </li>
              </ul>
            </nav>
            <div className="order-last flex w-full min-w-0 md:order-none md:ml-auto md:w-auto md:flex-1 md:justify-end">
              <SearchBox />
            </div>
            <HeaderActions />
          </div>
        </div>
        {open && menu.sections && menu.sections.length > 0 && (
          <div className="hidden lg:block">
            <Suspense fallback={null}>
              <MegaMenu
                sections={menu.sections}
                active={active}
                onActivate={setActive}
                onClose={close}
                focusFirst={focusFirst}
              />
            </Suspense>
          </div>
        )}
        {links.prefetch}
        {open && !menu.sections && (
          <div className="hidden border-t border-hairline bg-white lg:block">
            <MenuStatus menu={menu} className="mx-auto max-w-site px-8 py-6" />
          </div>
        )}
      </header>
      {/* Reserves the fixed header's height so content starts below it. */}
      <div aria-hidden="true" className="invisible">
        <AnnouncementBar ghost />
        <div className="h-[calc(4rem+1px)] max-md:h-[calc(4rem+3.6rem)]" />
      </div>
      {mobileOpen && (
        <Suspense fallback={null}>
          <MobileNav open={mobileOpen} onOpenChange={setMobileOpen} menu={menu} pages={PAGES_LINKS} />
        </Suspense>
      )}
    </>
  );
}
