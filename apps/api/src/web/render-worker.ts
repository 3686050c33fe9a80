// A page-render thread. The embedded database belongs to the main thread, so a render here asks
// the main thread for every API answer its loaders need and streams the page back in chunks; the
// React rendering and serialising, most of a page's CPU, happen on this thread's core.
import module from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import { wholePageOf } from '@facet/contracts/host';
import { apiAnswer, pageRenderer, readShopManifest, type PageRequest } from './render.ts';
import { ownBytes } from '../bytes.ts';
import type { FromWorker, Head, ToWorker } from './render-pool.ts';

const port = parentPort!;
// The storefront build is the thread's largest compile: kept on disk as the main thread's modules are.
module.enableCompileCache?.();
const { serverEntry } = workerData as { serverEntry: string };
const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
module.flushCompileCache?.();
const render = pageRenderer(async () => build, 'production', readShopManifest(serverEntry));
const send = (m: FromWorker, transfer?: ArrayBuffer[]) => port.postMessage(m, transfer);

const calls = new Map<number, (m: { status: number; text: string }) => void>();
const aborts = new Map<number, AbortController>();
let nextCall = 0;

async function run(id: number, req: PageRequest) {
  const controller = new AbortController();
  aborts.set(id, controller);
  const api = (path: string, init?: { method?: string; headers?: Record<string, string>; body?: string }) =>
    new Promise<{ status: number; body: unknown }>((resolve) => {
      const call = nextCall++;
      calls.set(call, (m) => resolve(apiAnswer(m.status, m.text)));
      send({ type: 'api', id, call, path, init });
    });
  try {
    const res = await render(req, api, controller.signal);
    // The head travels with the first piece of the body and the end with the last, so a page
    // rendered whole (every kept page) crosses to the main thread as one message.
    let head: Head | undefined = { status: res.status, headers: [...res.headers] };
    let pending: Uint8Array[] = [];
    let scheduled = false;
    const flush = (end: boolean) => {
      scheduled = false;
      if (!pending.length && !end) return;
      const out = pending.length ? ownBytes(pending) : undefined;
      pending = [];
      send({ type: 'part', id, head, chunk: out, end }, out ? [out.buffer as ArrayBuffer] : undefined);
      head = undefined;
    };
    const whole = wholePageOf(res);
    if (whole && req.method !== 'HEAD') pending.push(whole);
    else if (res.body && req.method !== 'HEAD') {
      // React writes many small pieces in a burst: they cross as one message per burst, not one each.
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        pending.push(chunk);
        if (!scheduled) {
          scheduled = true;
          setImmediate(() => flush(false));
        }
      }
    }
    flush(true);
  } catch (err) {
    send({ type: 'error', id, message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  } finally {
    aborts.delete(id);
  }
}

port.on('message', (m: ToWorker) => {
  if (m.type === 'render') void run(m.id, m.req);
  else if (m.type === 'api') {
    calls.get(m.call)?.(m);
    calls.delete(m.call);
  } else if (m.type === 'abort') aborts.get(m.id)?.abort();
});
send({ type: 'ready' });
