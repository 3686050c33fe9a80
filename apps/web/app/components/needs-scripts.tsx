/**
 * Said only when the browser runs no scripts: the page keeps its state (the cart, the session) in
 * the browser, so without scripts it cannot show it. Never a blank page or a wait that never ends.
 */
export function NeedsScripts({ what, phone }: { what: string; phone?: string }) {
  return (
    <noscript>
      <div role="alert" className="mt-8 border border-hairline bg-white p-6 text-sm">
        <p className="font-medium">{what} needs JavaScript, which is turned off in this browser.</p>
        <p className="mt-2 text-muted">
          Turn it on for this site and reload the page. You can still browse every piece and stone without it
          {phone ? `, and order by phone on ${phone}` : ''}.
        </p>
      </div>
      {/* The placeholders that wait for the scripts are not shown: nothing is loading. */}
      <style>{'[data-needs-scripts]{display:none!important}'}</style>
    </noscript>
  );
}
