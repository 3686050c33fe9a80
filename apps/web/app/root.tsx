import type { StoreFacts } from '@facet/contracts/store-facts';
import type { CatalogueStats } from '@facet/contracts/catalog';
import { lazyPart } from '~/lib/lazy-part.tsx';
import { SlowNavigation } from '~/features/layout/slow-navigation.tsx';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { Suspense, useEffect, useRef } from 'react';
import { dismissErrorToasts, showCarriedError, useToasterWanted } from './lib/toast.ts';

const Toaster = lazyPart(() => import('./lib/toaster.tsx'), 'A message');
import { apiRequest } from './lib/api.ts';
import { getSessionId } from './lib/session.ts';
import { hostContext } from './lib/host-context.ts';
import displayFont from './fonts/cormorant-garamond-latin-400-700.woff2?url';
import './app.css';

export const links: Route.LinksFunction = () => [
  { rel: 'preload', href: displayFont, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export interface RootData {
  store: { name: string; email: string; phone: string; address: string };
  publicUrl: string;
  devMailbox: boolean;
  facts: StoreFacts;
  /** Live counts the copy may quote ("10,000+ certified diamonds"); null when unreachable. */
  stats: CatalogueStats | null;
  /** The first page's CSP nonce, for the inline script a route runs before its code (the cart's). */
  nonce: string;
}

export async function loader({ context }: Route.LoaderArgs): Promise<RootData> {
  const host = context.get(hostContext);
  // The store still renders (without the counts) when the catalogue is briefly unreachable. The
  // menu is not here: the header fetches it when the shopper reaches for it (lib/menu.ts).
  const stats = await apiRequest<CatalogueStats>('/catalogue/stats', {}, host).catch(() => null);
  return {
    stats,
    store: host.store,
    publicUrl: host.publicUrl,
    devMailbox: host.devMailbox,
    facts: host.facts,
    nonce: host.nonce,
  };
}

// The menu and store details do not change between navigations.
export const shouldRevalidate = () => false;

/**
 * Taps on "Add to Cart" made before the page's scripts have run are kept, not lost: this runs first
 * (inline, with the page's nonce), holds the tap and marks the button; the button carries it out once
 * its code is running (components/add-to-cart-button.tsx). After hydration it does nothing.
 */
const EARLY_TAPS = `(function(){var q=window.__earlyTaps=[];document.addEventListener('click',function(e){if(document.documentElement.dataset.hydrated)return;var b=e.target&&e.target.closest&&e.target.closest('button[data-early-tap]');if(!b||b.disabled)return;e.preventDefault();if(q.indexOf(b.id)<0)q.push(b.id);b.setAttribute('aria-busy','true');b.setAttribute('data-queued','');},true);})()`;

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = (useRouteLoaderData('root') as { nonce?: string } | undefined)?.nonce;
  // Marks the page interactive (also on error pages): end-to-end tests wait for it before acting,
  // since a page still hydrating drops clicks and keys (tests/e2e/support/ready.ts).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f5e4b" />
        <Meta />
        <Links />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: EARLY_TAPS }} />
      </head>
      <body className="min-h-screen bg-white">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // A random visitor id under swag-session from the first visit (it keys the cart).
  useEffect(() => {
    getSessionId();
    showCarriedError();
  }, []);
  const { pathname } = useLocation();
  const shownAt = useRef(pathname);
  // Error toasts belong to the page that raised them: a new route dismisses them.
  useEffect(() => {
    if (shownAt.current !== pathname) {
      shownAt.current = pathname;
      dismissErrorToasts();
    }
  }, [pathname]);
  const toasts = useToasterWanted();
  return (
    <>
      <Outlet />
      <SlowNavigation />
      {/* Messages top right for 5 s, on every page including checkout (lib/toast.ts). */}
      {toasts && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </>
  );
}

export function useRootData() {
  return useRouteLoaderData<RootData>('root');
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const notFound = status === 404;
  const busy = status === 429 || status === 503;
  const title = notFound ? 'We could not find that page' : busy ? 'We are busy for a moment' : 'Something went wrong';
  const detail = notFound
    ? 'The page may have moved, or the piece may no longer be available.'
    : busy
      ? 'This page exists, but we could not load it just now. Please try again in a few seconds.'
      : 'Please try again in a moment. If it keeps happening, contact us and we will help.';
  return (
    <main className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center px-6 text-center">
      <title>{`${title} | Facet Fine Jewelry`}</title>
      <p className="eyebrow text-primary">{notFound ? 'Error 404' : 'Error'}</p>
      <h1 className="mt-3 text-3xl">{title}</h1>
      <p className="mt-4 text-muted">{detail}</p>
      <div className="mt-8 flex gap-3">
        <a className="btn-primary" href="/">
          Go to the home page
        </a>
        <a className="btn-secondary" href="/contact-us">
          Contact us
        </a>
      </div>
    </main>
  );
}
