import { cacheLookups } from '../metrics.ts';
interface Entry {
  /** The answer as read; dropped once `text` is kept (http-cache.ts), since every later reader takes that. */
  body?: unknown;
  /** A strong validator of `text`, made with it (http-cache.ts). */
  etag?: string;
  at: number;
  /** The cache's generation when the answer was read (older than `current()`: read before a write). */
  generation: number;
  /** The answer as its route serialises it, and the tags it is filed under (kept on first use). */
  text?: string;
  tags?: string;
  /** The text compressed, made once for the first client that accepts each encoding. */
  compressed?: Partial<Record<'br' | 'gzip', Promise<Buffer>>>;
}

/**
 * Anonymous catalogue answers, kept in process for a short time. Catalogue writes (a stone sold,
 * a product withdrawn) call `invalidate()`, so a cached answer is never older than the last write.
 * PGlite runs one query at a time; this keeps popular listings from queueing behind each other.
 */
export class AnswerCache {
  private entries = new Map<string, Entry>();
  private inflight = new Map<string, Promise<Entry>>();
  private generation = 0;
  private readonly max: number;
  private readonly ttlMs: number;
  constructor(max = 2_000, ttlMs = 30_000) {
    this.max = max;
    this.ttlMs = ttlMs;
  }

  async get(key: string, load: () => Promise<unknown>): Promise<Entry> {
    const hit = this.entries.get(key);
    const fresh = hit && Date.now() - hit.at < this.ttlMs;
    cacheLookups.inc({ cache: 'answer', result: fresh ? 'hit' : 'miss' });
    if (hit && fresh) {
      // Refresh recency (Map keeps insertion order: oldest first).
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const running = this.inflight.get(key);
    if (running) return running;
    const generation = this.generation;
    const p = (async () => {
      const body = await load();
      const entry: Entry = { body, at: Date.now(), generation };
      if (generation === this.generation) {
        this.entries.set(key, entry);
        if (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value!);
      }
      return entry;
    })();
    this.inflight.set(key, p);
    try {
      return await p;
    } finally {
      this.inflight.delete(key);
    }
  }

  /**
   * A kept answer read after the last write and already serialised, or null: what a page render in
   * this process reads instead of asking its own API again.
   */
  peek(key: string): (Entry & { text: string; tags: string }) | null {
    const hit = this.entries.get(key);
    if (!hit || hit.text === undefined || hit.tags === undefined) return null;
    if (hit.generation !== this.generation || Date.now() - hit.at >= this.ttlMs) return null;
    return hit as Entry & { text: string; tags: string };
  }

  /** Whether the answer was read after the last write this instance knows of. */
  isCurrent(entry: Entry) {
    return entry.generation === this.generation;
  }

  private followers: Array<(tags?: readonly string[]) => void> = [];
  /** Caches built from the same data (the page cache) are dropped with this one, by the change's tags. */
  onInvalidate(fn: (tags?: readonly string[]) => void) {
    this.followers.push(fn);
  }

  /**
   * Every answer goes (they are cheap to read again); followers drop what `tags` name (cache-tags.ts),
   * or everything when no tags are given.
   */
  invalidate(tags?: readonly string[]) {
    this.generation++;
    this.entries.clear();
    for (const f of this.followers) f(tags);
  }

  get size() {
    return this.entries.size;
  }
}
