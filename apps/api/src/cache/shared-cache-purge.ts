import { purges } from '../metrics.ts';
// Purges a shared cache in front of the store (Varnish with the xkey module, deploy/varnish/facet.vcl)
// by tag: every instance hears every catalogue change (catalogue-changes.ts) and sends the tags it
// purges to each address in CACHE_PURGE_URLS, so a change made anywhere (another instance, an
// import run from the command line) leaves the shared cache within the second.
import type { FastifyBaseLogger } from 'fastify';

/**
 * A page whose render began before a change and reached the cache just after its purge would stay
 * there: the tags are purged again this long after, when every such render has landed. (A render
 * that finishes after its instance heard of the change is not filed under tags: it is not kept.)
 */
export const REPURGE_MS = 500;
const TIMEOUT_MS = 2_000;

export class SharedCachePurge {
  private readonly urls: readonly string[];
  private readonly log: FastifyBaseLogger;
  private pending = new Set<string>();
  private scheduled = false;
  private timers = new Set<NodeJS.Timeout>();
  private closed = false;
  constructor(urls: readonly string[], log: FastifyBaseLogger) {
    this.urls = urls;
    this.log = log;
  }

  get enabled() {
    return this.urls.length > 0;
  }

  /** Purges `tags` now (with the others of this tick) and once more REPURGE_MS later. */
  purge(tags: readonly string[]) {
    if (!this.enabled || this.closed || !tags.length) return;
    for (const t of tags) this.pending.add(t);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      const batch = [...this.pending];
      this.pending = new Set();
      void this.send(batch);
      const again = setTimeout(() => {
        this.timers.delete(again);
        void this.send(batch);
      }, REPURGE_MS);
      this.timers.add(again);
    });
  }

  private async send(tags: string[]) {
    await Promise.all(
      this.urls.map(async (url) => {
        // One retry: a cache restarting for a moment still hears of the change.
        for (let attempt = 0; attempt < 2; attempt++) {
          try {
            const res = await fetch(url, {
              method: 'PURGE',
              headers: { xkey: tags.join(' ') },
              signal: AbortSignal.timeout(TIMEOUT_MS),
            });
            await res.arrayBuffer();
            purges.inc({ result: res.ok ? 'sent' : 'refused' });
            if (res.ok) return;
            this.log.warn({ url, status: res.status }, 'shared cache: purge refused');
            return;
          } catch (err) {
            if (attempt === 1) {
              purges.inc({ result: 'failed' });
              this.log.warn({ err, url }, 'shared cache: purge not delivered');
            }
          }
        }
      }),
    );
  }

  close() {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }
}
