import { Suspense, useEffect, useRef } from 'react';
import { lazyPart } from '~/lib/lazy-part.tsx';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { Header } from '~/features/layout/header.tsx';
import { Footer } from '~/features/layout/footer.tsx';
import { useRootData } from '~/root.tsx';
import { useAccount } from '~/lib/account-store.ts';

// The panels (and the schema library their forms use) load the first time one opens.
const AccountPanel = lazyPart(
  () => import('~/features/account/account-panel.tsx').then((m) => ({ default: m.AccountPanel })),
  'The account panel',
);

/** The store chrome: fixed header with the mega menu, the page, the footer. */
export default function StoreLayout() {
  const root = useRootData();
  const { pathname } = useLocation();
  const { panel } = useAccount();
  const how = useNavigationType();
  // Every route change starts at the top of the page. Not on the first render: a shopper
  // who scrolled before the page finished hydrating must not be thrown back to the top. Not on
  // Back/Forward either: <ScrollRestoration> returns the shopper to where they were in the list.
  const firstPath = useRef(pathname);
  useEffect(() => {
    if (firstPath.current === pathname) return;
    firstPath.current = '';
    if (how !== 'POP') window.scrollTo(0, 0);
  }, [pathname, how]);
  return (
    <>
      <a
        href="#main"
        className="sr-only z-50 bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:left-2 focus:top-2"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <Outlet />
      </main>
      {root && <Footer store={root.store} />}
      {panel !== 'closed' && (
        <Suspense fallback={null}>
          <AccountPanel />
        </Suspense>
      )}
    </>
  );
}
