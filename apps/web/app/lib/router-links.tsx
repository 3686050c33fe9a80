import { useCallback, useState } from 'react';
import { PrefetchPageLinks, useNavigate } from 'react-router';

/**
 * Plain `<a href>` inside a list, navigated by the router through one delegated handler: a grid
 * of cards or a facet list renders each link as a bare anchor (a `<Link>` costs its own hooks and
 * handlers on every render, a large share of a catalogue page's server time) and still moves
 * without a page load. Hovering or focusing a link prefetches its page, as `prefetch="intent"` did.
 *
 *   const links = useRouterLinks();
 *   <ul {...links.handlers}>…<a href="/product/…">…</a>…</ul>{links.prefetch}
 */
export function useRouterLinks({ preventScrollReset = false }: { preventScrollReset?: boolean } = {}) {
  const navigate = useNavigate();
  const [intent, setIntent] = useState<string | null>(null);
  const anchorOf = (target: EventTarget | null) => {
    const a = target instanceof Element ? target.closest('a') : null;
    if (!a || !a.href || (a.target && a.target !== '_self') || a.hasAttribute('download')) return null;
    const url = new URL(a.href);
    return url.origin === window.location.origin ? url : null;
  };
  const onClick = useCallback(
    (e: React.MouseEvent) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
      const url = anchorOf(e.target);
      if (!url) return;
      e.preventDefault();
      void navigate(url.pathname + url.search + url.hash, { preventScrollReset });
    },
    [navigate, preventScrollReset],
  );
  const onIntent = useCallback((e: React.SyntheticEvent) => {
    const url = anchorOf(e.target);
    if (url) setIntent(url.pathname + url.search);
  }, []);
  return {
    handlers: { onClick, onMouseOver: onIntent, onFocus: onIntent },
    prefetch: intent ? <PrefetchPageLinks page={intent} /> : null,
  };
}
