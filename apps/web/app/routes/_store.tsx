import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Header } from '~/features/layout/header.tsx';
import { Footer } from '~/features/layout/footer.tsx';
import { useRootData } from '~/root.tsx';
import { AccountPanel } from '~/features/account/account-panel.tsx';

/** The store chrome: fixed header with the mega menu, the page, the footer. */
export default function StoreLayout() {
  const root = useRootData();
  const { pathname } = useLocation();
  // Spec §2: every route change starts at the top of the page.
  useEffect(() => { window.scrollTo(0, 0); }, [pathname]);
  return (
    <>
      <a href="#main" className="sr-only z-50 bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:left-2 focus:top-2">Skip to content</a>
      <Header menu={root?.menu ?? []} />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <Outlet />
      </main>
      {root && <Footer store={root.store} />}
      <AccountPanel />
    </>
  );
}
