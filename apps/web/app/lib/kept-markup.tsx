import { Suspense, useState, type ComponentProps, type ComponentType, type ReactNode } from 'react';

/** A kept part's component, as the server's real one and the browser's lazy one both are. */
export type KeptPart<C extends ComponentType<any>> = ComponentType<ComponentProps<C>>;

/**
 * A part of the page that never changes once drawn (the footer's columns, its payment marks): the
 * server renders it, and the browser keeps that markup as it hydrates instead of building it again,
 * so the part's code never travels on a first load. Events still bubble to the React element around
 * it (a delegated link handler moves the router from its anchors).
 *
 * `render` draws the part; on the client it should be a lazily loaded component, used only when
 * there is no server markup to keep: a fresh mount (the shopper came from the back office by a
 * client-side move) or a `version` that no longer matches the markup's (the store's facts changed
 * since the page loaded).
 *
 *   <KeptMarkup id="footer-columns" version={hashOf(store)} render={() => <Columns store={store} />} />
 */
export function KeptMarkup({
  id,
  version,
  render,
  className,
}: {
  id: string;
  version: string;
  render: () => ReactNode;
  className?: string;
}) {
  // Read once, as the first render hydrates: the server's markup is still in the document then.
  const [kept] = useState(() => keptMarkup(id, version));
  if (kept !== null) {
    return (
      <div
        data-kept={id}
        data-version={version}
        className={className}
        // React leaves the children of an element it hydrates with inner HTML as they are, and
        // writes them again only when the string changes: this one never does.
        dangerouslySetInnerHTML={{ __html: kept }}
        suppressHydrationWarning
      />
    );
  }
  return (
    <div data-kept={id} data-version={version} className={className}>
      {/* The server draws the real part, in place: a Suspense boundary there would let React send
          a large part after the rest of the page, moved in by a script (the home page's first
          heading and photograph arriving last). Only the browser's lazy part can suspend. */}
      {typeof document === 'undefined' ? render() : <Suspense fallback={null}>{render()}</Suspense>}
    </div>
  );
}

/** The markup the server drew for `id` at `version`, or null (none in the document, or another version). */
function keptMarkup(id: string, version: string): string | null {
  if (typeof document === 'undefined') return null;
  const el = document.querySelector(`[data-kept="${id}"]`);
  return el && el.getAttribute('data-version') === version ? el.innerHTML : null;
}

/** A short, stable name for what a part was drawn from (FNV-1a over its JSON). */
export function versionOf(value: unknown): string {
  const text = JSON.stringify(value) ?? '';
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}
