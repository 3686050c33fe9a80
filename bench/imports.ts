// The feed import figures of `npm run bench -- --only import [--db postgres] [--rows N] [--million]`:
// a generated 100,000-row feed uploaded to the running store (dry run, then apply), the time each
// took on the server with nothing else running, then diamond search p95 idle and while another
// supplier's copy of the feed applies; with --million (PostgreSQL)
// a 1,000,000-row feed through the CLI with its resident memory sampled.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import http from 'node:http';
import sharp from 'sharp';

const PIECE = 4 * 1024 * 1024;
export const BENCH_STAFF = { email: 'imports@facet.test', password: 'Loupe-and-Tweezers-42' };

interface Run {
  id: string;
  state: string;
  startedAt: string | null;
  finishedAt: string | null;
  report: { rows: number; added: number; rowsWithErrors: number } | null;
  message: string | null;
}

interface MediaCounts {
  waiting: number;
  ready: number;
  failed: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function generate(root: string, rows: number, file: string, seed = 7, images?: string) {
  const r = spawnSync(
    process.execPath,
    [path.join(root, 'bench/diamond-feed.ts'), String(rows), file, String(seed), ...(images ? [images] : [])],
    { stdio: 'inherit' },
  );
  if (r.status !== 0) throw new Error('feed generator failed');
}

/** p95 of cold diamond searches for `seconds` (each request a different query). */
async function searchP95(base: string, seconds: number): Promise<{ p95: number; rps: number }> {
  const SHAPES = ['Round', 'Oval', 'Princess', 'Cushion', 'Emerald', 'Pear', 'Radiant', 'Marquise'];
  let n = Math.floor(Math.random() * 1e6);
  const times: number[] = [];
  const res = await new Promise<autocannon.Result>((resolve, reject) => {
    const inst = autocannon(
      {
        url: base,
        connections: 10,
        duration: seconds,
        requests: [
          {
            setupRequest: (req: Record<string, unknown>) => ({
              ...req,
              path: `/api/diamond?shape=${SHAPES[n % 8]}&caratMin=${(0.5 + (n % 50) / 50).toFixed(2)}&caratMax=${(1.6 + (n++ % 37) / 20).toFixed(2)}`,
            }),
          },
        ],
      },
      (err, r) => (err ? reject(err) : resolve(r)),
    );
    inst.on('response', (_c: unknown, _s: number, _b: number, ms: number) => {
      times.push(ms);
    });
  });
  times.sort((a, b) => a - b);
  return { p95: times[Math.floor(times.length * 0.95)] ?? NaN, rps: Math.round(res.requests.average) };
}

/**
 * The bench owner signed in at `base`, with the import screen's own steps: a diamond feed sent in
 * 4 MB pieces and queued (a dry run or applied), and a run waited for until it is done or failed.
 */
export async function feedImporter(base: string, feedBytes: Buffer = Buffer.alloc(0)) {
  const login = await fetch(`${base}/api/admin/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(BENCH_STAFF),
  });
  if (!login.ok) throw new Error(`bench staff sign-in: ${login.status}`);
  const headers = { cookie: login.headers.get('set-cookie')!.split(';')[0]!, origin: base };
  const api = async <T>(p: string, init: RequestInit = {}): Promise<T> => {
    const res = await fetch(`${base}/api/admin${p}`, { ...init, headers: { ...headers, ...init.headers } });
    if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return res.status === 204 ? (undefined as T) : ((await res.json()) as { data: T }).data;
  };
  const finished = async (id: string) => {
    for (;;) {
      const run = await api<Run>(`/imports/${id}`);
      if (run.state === 'done' || run.state === 'failed') return run;
      await sleep(200);
    }
  };
  /** Sends the feed as the upload form does and queues it; answers the run and the upload's seconds. */
  const upload = async (supplier: string, dryRun: boolean, bytes = feedBytes) => {
    const t0 = Date.now();
    const run = await api<Run>('/imports', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        supplier,
        kind: 'diamonds',
        dryRun,
        full: false,
        fileName: 'feed.csv',
        fileBytes: bytes.length,
      }),
    });
    for (let seq = 0; seq * PIECE < bytes.length; seq++)
      await api(`/imports/${run.id}/pieces/${seq}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/octet-stream' },
        body: bytes.subarray(seq * PIECE, (seq + 1) * PIECE),
      });
    const uploadS = (Date.now() - t0) / 1000;
    await api(`/imports/${run.id}/start`, { method: 'POST' });
    return { run, uploadS };
  };
  return { api, upload, finished };
}

export async function importBench(opts: {
  root: string;
  base: string;
  db: string;
  rows: number;
  million: boolean;
  /** The store's environment: the CLI must open the same database as the server. */
  env: Record<string, string>;
  /** Stones with photographs for the media row, and the port their image server listens on (FEED_FETCH_ALLOW). */
  photos: number;
  imagePort: number;
}) {
  const { root, base, db, rows } = opts;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'facet-import-bench-'));
  const results: Array<Record<string, unknown>> = [];
  try {
    const file = path.join(dir, 'feed.csv');
    // No photographs here: the feed's own time is measured (the photographs have their row below).
    generate(root, rows, file, 7, 'none');
    const feedBytes = readFileSync(file);
    const bytes = feedBytes;
    const { api, upload, finished } = await feedImporter(base, feedBytes);
    const seconds = (r: Run) => (Date.parse(r.finishedAt!) - Date.parse(r.startedAt!)) / 1000;

    // The import's own time, with nothing else asking the store anything.
    const { run, uploadS } = await upload('BENCH', true);
    const dry = await finished(run.id);
    const apply = await api<Run>(`/imports/${run.id}/apply`, { method: 'POST' });
    const applied = await finished(apply.id);
    if (dry.state !== 'done' || applied.state !== 'done') throw new Error(`import failed: ${applied.message}`);
    // Then search while another supplier's copy of the feed applies (every row a new stone again).
    const idle = await searchP95(base, 10);
    const second = await upload('BENCH2', false);
    // Give the worker a moment to take the job, then measure search while it writes.
    await sleep(1_500);
    const busy = await searchP95(base, 8);
    const underLoad = await finished(second.run.id);
    if (underLoad.state !== 'done') throw new Error(`import failed: ${underLoad.message}`);
    if (seconds(underLoad) < 10) console.warn('warning: the second apply ended before the search measurement did');
    const total = seconds(dry) + seconds(applied);
    const budget = db === 'postgres' ? 20 : 60;
    const line = (name: string, value: string, ok?: boolean) => {
      console.log(`${name.padEnd(52)} ${value}${ok === undefined ? '' : ok ? '  (within budget)' : '  (OVER BUDGET)'}`);
      results.push({ name, value, ok });
    };
    console.log(`\nFeed import, ${rows.toLocaleString('en-US')} rows (${(bytes.length / 1e6).toFixed(1)} MB) on ${db}`);
    line('upload (4 MB pieces)', `${uploadS.toFixed(1)} s`);
    line('dry run', `${seconds(dry).toFixed(1)} s`);
    line('apply', `${seconds(applied).toFixed(1)} s (${applied.report!.added.toLocaleString('en-US')} new)`);
    line(`dry run + apply (budget ${budget} s)`, `${total.toFixed(1)} s`, total <= budget);
    line('apply while searches run (another supplier)', `${seconds(underLoad).toFixed(1)} s`);
    line('diamond search p95, idle', `${idle.p95.toFixed(1)} ms (${idle.rps} req/s)`);
    line(
      'diamond search p95, during the apply (budget 2x idle)',
      `${busy.p95.toFixed(1)} ms (${busy.rps} req/s)`,
      busy.p95 <= 2 * idle.p95,
    );

    // Photographs: a feed whose stones' images are on a local server (a supplier's photographs,
    // ~1500 px JPEGs); after it applies, the background jobs fetch and re-encode each (AVIF and WebP
    // at five sizes) while shoppers search.
    if (opts.photos > 0) {
      const photo = await sharp({
        create: { width: 1500, height: 1500, channels: 3, noise: { type: 'gaussian', mean: 150, sigma: 18 } },
      })
        .blur(2)
        .jpeg({ quality: 85 })
        .toBuffer();
      let served = 0;
      const images = http.createServer((_req, res) => {
        served++;
        res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': photo.length });
        res.end(photo);
      });
      await new Promise<void>((r) => images.listen(opts.imagePort, '127.0.0.1', r));
      try {
        const photoFeed = path.join(dir, 'photos.csv');
        generate(root, opts.photos, photoFeed, 11, `http://127.0.0.1:${opts.imagePort}/`);
        // Idle again first: the store has grown by the two applies since the first idle reading.
        const quiet = await searchP95(base, 10);
        const withPhotos = await upload('BENCHPH', false, readFileSync(photoFeed));
        const done = await finished(withPhotos.run.id);
        if (done.state !== 'done') throw new Error(`photo feed import failed: ${done.message}`);
        const media = async () => (await api<Run & { media: MediaCounts }>(`/imports/${done.id}`)).media;
        const t0 = Date.now();
        for (let m = await media(); m.ready < 5; m = await media()) {
          if (Date.now() - t0 > 120_000) throw new Error(`no photographs made in 2 minutes: ${JSON.stringify(m)}`);
          await sleep(200);
        }
        const before = await media();
        const during = await searchP95(base, 10);
        const after = await media();
        if (after.waiting === 0) console.warn('warning: the photographs were done before the search measurement was');
        for (;;) {
          const m = await media();
          if (m.waiting === 0) break;
          await sleep(500);
        }
        const all = await media();
        const s = (Date.now() - t0) / 1000;
        const rate = (after.ready + after.failed - before.ready - before.failed) / 10;
        console.log(
          `\nStone photographs, ${opts.photos.toLocaleString('en-US')} stones (${(photo.length / 1024).toFixed(0)} KB JPEG each) on ${db}`,
        );
        line(
          'photographs fetched and re-encoded',
          `${all.ready} ready, ${all.failed} failed in ${s.toFixed(1)} s (${served} fetches)`,
        );
        line('photographs while searches run', `${rate.toFixed(1)} a second`);
        line('diamond search p95, idle (before the photographs)', `${quiet.p95.toFixed(1)} ms (${quiet.rps} req/s)`);
        line(
          'diamond search p95, while photographs are made (budget 2x idle)',
          `${during.p95.toFixed(1)} ms (${during.rps} req/s)`,
          during.p95 <= 2 * quiet.p95,
        );
      } finally {
        images.close();
      }
    }

    if (opts.million) {
      if (db !== 'postgres') throw new Error('--million runs on PostgreSQL (--db postgres)');
      const big = path.join(dir, 'feed-1m.csv');
      generate(root, 1_000_000, big);
      const child = spawn(
        process.execPath,
        [path.join(root, 'apps/api/src/cli/import.ts'), 'diamonds', big, '--supplier', 'MILLION'],
        { env: opts.env, stdio: ['ignore', 'ignore', 'inherit'] },
      );
      const rss = () => {
        try {
          const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
          return m ? Number(m[1]) / 1024 : 0;
        } catch {
          return 0;
        }
      };
      const started = Date.now();
      let first = 0;
      let peak = 0;
      const sampler = setInterval(() => {
        const now = rss();
        // The start-up (modules, database client) is not growth: measured from the first rows on.
        if (!first && Date.now() - started > 3_000) first = now;
        peak = Math.max(peak, now);
      }, 200);
      const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
      clearInterval(sampler);
      const s = (Date.now() - started) / 1000;
      if (code !== 0) throw new Error(`1M import exited ${code}`);
      console.log(`\n1,000,000 rows (${(statSync(big).size / 1e6).toFixed(0)} MB) through the CLI on PostgreSQL`);
      line('apply (budget 180 s)', `${s.toFixed(1)} s`, s <= 180);
      line(
        'resident memory growth (budget 200 MB)',
        `${(peak - first).toFixed(0)} MB (peak ${peak.toFixed(0)} MB)`,
        peak - first <= 200,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return results;
}
