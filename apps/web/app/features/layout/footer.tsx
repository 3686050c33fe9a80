import { NewsletterBox } from './newsletter-box.tsx';
import { useRouterLinks } from '~/lib/router-links.tsx';
import { KeptMarkup, versionOf } from '~/lib/kept-markup.tsx';
import { useDrawnParts } from './drawn-parts.tsx';
import { useStoreFacts } from '~/lib/store-facts.ts';
import type { FooterStore } from './footer-parts.tsx';

// The server draws the footer's fixed parts; the browser keeps their markup (KeptMarkup) and loads
// their code only to draw them afresh (drawn-parts.tsx).
export function Footer({ store }: { store: FooterStore }) {
  const { payment } = useStoreFacts();
  const Parts = useDrawnParts();
  // What the kept parts were drawn from: when it changes, they are drawn again.
  const version = versionOf([store.name, store.email, store.phone, store.address, payment.provider]);
  // Every page renders the footer: its store links are plain anchors the router follows (one handler).
  const links = useRouterLinks();
  return (
    <footer
      // Below the first screen on every page: the browser styles and lays it out only as it nears
      // the viewport, not in the first, blocking work of the page. The sizes are its own at each width
      // (measured), so the page's length does not change as it comes in.
      className="mt-24 border-t border-hairline bg-panel text-sm [contain-intrinsic-size:auto_1190px] [content-visibility:auto] md:[contain-intrinsic-size:auto_700px] lg:[contain-intrinsic-size:auto_420px]"
      {...links.handlers}
    >
      {links.prefetch}
      <div className="mx-auto grid max-w-site gap-10 px-4 py-14 md:grid-cols-2 lg:grid-cols-[1.3fr_1fr_1fr_1.4fr] lg:px-8">
        <KeptMarkup
          id="footer-columns"
          version={version}
          className="contents"
          render={() => <Parts.FooterColumns store={store} />}
        />
        <div>
          <h2 className="eyebrow font-sans text-ink">Newsletter</h2>
          <p className="mt-4 text-muted">New collections, rare stones and care advice, about once a month.</p>
          <NewsletterBox />
          <KeptMarkup id="footer-social" version={version} render={() => <Parts.FooterSocial />} />
        </div>
      </div>
      <KeptMarkup
        id="footer-bottom"
        version={version}
        className="border-t border-hairline"
        render={() => <Parts.FooterBottom store={store} payment={payment} />}
      />
    </footer>
  );
}
