import { Transform } from 'node:stream';

// The first screen before the code. A phone on a slow connection shares its bandwidth among
// everything the page asks for at once: with the page's ~130 KB of scripts preloaded from the
// head, the first product photo arrived after them (Lighthouse mobile: LCP 2.4–2.8 s, FCP 1.4 s).
// The page is complete without its scripts (links are links, forms post), so the scripts start
// once the page has loaded — its first screen's images and fonts — or 1.5 s after the document is
// parsed, whichever comes first: no preload hints in the head, and React Router's module script
// kept inert until then. Client-side navigation afterwards is unchanged. A page whose first
// screen is drawn by its code (checkout, the wishlist, account pages, the back office) says so in its
// route's handle, and its scripts start at once.

const MODULE = Buffer.from('type="module" async=""');
const INERT = Buffer.from('type="text/facet-module"');
const HEAD_END = Buffer.from('</head>');
const MODULEPRELOAD = /<link rel="modulepreload"[^>]*>/g;

/** The head's bytes without their module preloads, with the starter at the end. */
const rewrittenHead = (head: Buffer, nonce: string | undefined) =>
  Buffer.from(
    `${head.toString('utf8').replace(MODULEPRELOAD, '')}<script${nonce ? ` nonce="${nonce}"` : ''}>${START_SCRIPTS}</script>`,
  );

/** A route module's `handle`: `scriptsFirst` when the page's content comes from its code. */
export interface PageHandle {
  scriptsFirst?: boolean;
}

/** Whether any route of the page asks for its scripts first. */
export const wantsScriptsFirst = (handles: unknown[]) =>
  handles.some((h) => (h as PageHandle | undefined)?.scriptsFirst === true);

/** Starts the inert module script (same text, so the page's CSP hash of it still holds). */
export const START_SCRIPTS = `(function(){var done=0;function go(){var s=document.querySelector('script[type="text/facet-module"]');if(done||!s)return;done=1;var m=document.createElement('script');m.type='module';if(s.nonce)m.nonce=s.nonce;m.textContent=s.textContent;s.replaceWith(m)}if(document.readyState==='complete')go();else{addEventListener('load',go);document.addEventListener('DOMContentLoaded',function(){setTimeout(go,1500)})}})();`;

/**
 * Rewrites the streamed document: the head loses its module preloads and gains the starter; the
 * body's module script becomes inert. Bytes are searched, not decoded, past the head.
 */
export function contentFirst(nonce: string | undefined): Transform {
  let head = Buffer.alloc(0);
  let phase: 'head' | 'body' | 'done' = 'head';
  let carry = Buffer.alloc(0);
  return new Transform({
    transform(chunk: Buffer, _enc, cb) {
      if (phase === 'done') return cb(null, chunk);
      if (phase === 'head') {
        // Bytes until the head is whole (a character may be split between chunks).
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf(HEAD_END);
        if (end < 0) return cb();
        this.push(rewrittenHead(head.subarray(0, end), nonce));
        chunk = head.subarray(end);
        head = Buffer.alloc(0);
        phase = 'body';
      }
      const buf = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      const at = buf.indexOf(MODULE);
      if (at >= 0) {
        phase = 'done';
        carry = Buffer.alloc(0);
        return cb(null, Buffer.concat([buf.subarray(0, at), INERT, buf.subarray(at + MODULE.length)]));
      }
      // Keep what could be the start of the attribute split across two chunks.
      const keep = Math.min(buf.length, MODULE.length - 1);
      carry = Buffer.from(buf.subarray(buf.length - keep));
      cb(null, buf.subarray(0, buf.length - keep));
    },
    flush(cb) {
      cb(null, Buffer.concat([head, carry]));
    },
  });
}

/** The same rewrite of a document rendered whole (kept for everyone, or for a crawler): one pass, no stream. */
export function contentFirstWhole(page: Buffer, nonce: string | undefined): Buffer {
  const end = page.indexOf(HEAD_END);
  if (end < 0) return page;
  const head = rewrittenHead(page.subarray(0, end), nonce);
  const body = page.subarray(end);
  const at = body.indexOf(MODULE);
  return at < 0
    ? Buffer.concat([head, body])
    : Buffer.concat([head, body.subarray(0, at), INERT, body.subarray(at + MODULE.length)]);
}
