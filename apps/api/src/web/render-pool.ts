// Page-render threads for the embedded database. PGlite belongs to one process, so instead of more
// processes the pages render on worker threads (render-worker.ts) while the main thread keeps the
// database, the API and the sockets; a render's API calls come back here and run in-process.
import { Worker } from 'node:worker_threads';
import { Readable } from 'node:stream';
import type { PageRequest } from './render.ts';

type ApiInit = { method?: string; headers?: Record<string, string>; body?: string };

export type ToWorker =
  | { type: 'render'; id: number; req: PageRequest }
  | { type: 'api'; call: number; status: number; text: string }
  | { type: 'abort'; id: number };

export type FromWorker =
  | { type: 'ready' }
  | { type: 'api'; id: number; call: number; path: string; init?: ApiInit }
  | { type: 'part'; id: number; head?: Head; chunk?: Uint8Array; end: boolean }
  | { type: 'error'; id: number; message: string };

/** A page's status and headers, sent with the first piece of its body. */
export interface Head {
  status: number;
  headers: Array<[string, string]>;
}

/** A rendered page: its body streamed as the thread renders it, or whole when it came at once. */
export interface RenderedPage {
  status: number;
  headers: Headers;
  body: Readable | Buffer | null;
}

export type RawApi = (path: string, init?: ApiInit) => Promise<{ status: number; text: string }>;

interface Job {
  api: RawApi;
  resolve: (page: RenderedPage) => void;
  reject: (err: Error) => void;
  body?: Readable;
}

interface Thread {
  worker: Worker;
  jobs: Map<number, Job>;
  ready: Promise<void>;
  loaded: boolean;
}

export class RenderPool {
  private threads: Thread[] = [];
  private nextId = 0;
  private closing = false;
  private readonly serverEntry: string;
  private readonly onError: (err: Error) => void;

  private readonly wanted: number;

  constructor(size: number, serverEntry: string, onError: (err: Error) => void) {
    this.serverEntry = serverEntry;
    this.onError = onError;
    this.wanted = size;
    // One thread first: on a machine busy elsewhere, threads loading the build side by side only
    // share its little CPU and each takes as long as all of them; the others follow once it is up.
    this.threads.push(this.spawn());
  }

  get size() {
    return this.wanted;
  }

  /**
   * Resolves when the first thread has loaded the storefront build (a broken build fails the
   * start); the store can render then, and the other threads load behind it, taking pages once up.
   */
  async ready() {
    await this.threads[0]!.ready;
    while (this.threads.length < this.wanted && !this.closing) this.threads.push(this.spawn());
  }

  render(req: PageRequest, api: RawApi, signal?: AbortSignal): Promise<RenderedPage> {
    // The least busy thread that has loaded the build takes the page (the first always has).
    const up = this.threads.filter((t) => t.loaded);
    const thread = (up.length ? up : this.threads).reduce((a, b) => (b.jobs.size < a.jobs.size ? b : a));
    const id = this.nextId++;
    return new Promise<RenderedPage>((resolve, reject) => {
      thread.jobs.set(id, { api, resolve, reject });
      signal?.addEventListener('abort', () => thread.worker.postMessage({ type: 'abort', id } satisfies ToWorker), {
        once: true,
      });
      thread.worker.postMessage({ type: 'render', id, req } satisfies ToWorker);
    });
  }

  async close() {
    this.closing = true;
    await Promise.all(this.threads.map((t) => t.worker.terminate()));
  }

  private spawn(): Thread {
    const worker = new Worker(new URL('./render-worker.ts', import.meta.url), {
      workerData: { serverEntry: this.serverEntry },
    });
    let markReady!: () => void;
    let failReady!: (err: Error) => void;
    const thread: Thread = {
      worker,
      loaded: false,
      jobs: new Map(),
      ready: new Promise<void>((resolve, reject) => {
        markReady = resolve;
        failReady = reject;
      }),
    };
    worker.on('message', (m: FromWorker) => this.onMessage(thread, m, markReady));
    worker.on('error', (err) => {
      failReady(err);
      this.onError(err);
    });
    worker.on('exit', () => {
      const lost = new Error('The page-render thread stopped');
      for (const job of thread.jobs.values()) {
        if (job.body) job.body.destroy(lost);
        else job.reject(lost);
      }
      thread.jobs.clear();
      // A thread that dies is replaced; the pages it held are answered with an error, not lost silently.
      if (!this.closing) this.threads[this.threads.indexOf(thread)] = this.spawn();
    });
    return thread;
  }

  private onMessage(thread: Thread, m: FromWorker, markReady: () => void) {
    if (m.type === 'ready') {
      thread.loaded = true;
      return markReady();
    }
    const job = thread.jobs.get(m.id);
    if (!job) return;
    switch (m.type) {
      case 'api':
        job.api(m.path, m.init).then(
          (r) => thread.worker.postMessage({ type: 'api', call: m.call, ...r } satisfies ToWorker),
          (err: unknown) => {
            this.onError(err instanceof Error ? err : new Error(String(err)));
            thread.worker.postMessage({ type: 'api', call: m.call, status: 500, text: '' } satisfies ToWorker);
          },
        );
        return;
      case 'part': {
        const chunk = m.chunk && Buffer.from(m.chunk.buffer, m.chunk.byteOffset, m.chunk.byteLength);
        if (m.head) {
          const headers = new Headers();
          for (const [k, v] of m.head.headers) headers.append(k, v);
          // A page that came whole (a kept page) is handed on as its bytes, with no stream between.
          if (m.end) {
            thread.jobs.delete(m.id);
            return job.resolve({ status: m.head.status, headers, body: chunk ?? null });
          }
          job.body = new Readable({ read() {} });
          job.resolve({ status: m.head.status, headers, body: job.body });
        }
        if (chunk) job.body?.push(chunk);
        if (m.end) {
          job.body?.push(null);
          thread.jobs.delete(m.id);
        }
        return;
      }
      case 'error': {
        const err = new Error(m.message);
        if (job.body) job.body.destroy(err);
        else job.reject(err);
        thread.jobs.delete(m.id);
        return;
      }
    }
  }
}
