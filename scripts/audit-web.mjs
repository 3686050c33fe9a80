#!/usr/bin/env node
// `npm run audit:web [-- --only NAME] [--ab REF [--rounds N]]` — Lighthouse (mobile and desktop presets, Debian Chromium) on the main pages
// of the built store on a fresh database. Prints the four category scores, LCP, CLS, TBT and the
// JavaScript transferred per page, writes JSON under bench/results/, and exits 1 when a page falls
// under budget (docs/quality.md).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import * as chromeLauncher from 'chrome-launcher';
import { ensureChromium } from './chromium.mjs';
import sharp from 'sharp';

const perfAdvisory = process.argv.includes('--perf-advisory');
// `--only NAME`: just the pages whose name contains NAME (a quick look at one page; CI runs them all).
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : '';
const slow = [];
// Catalogue JS is a ratchet: the heaviest page's figure as last recorded (a product page, 133 KB on
// 2026-12-03 after the icons' sprite, decision 039; 139 on 2026-12-02 with the route manifest every
// first visit loads, decision 028; decision 030 says how it came down from 153), so any growth fails;
// it is lowered as the store's own share comes down (issue 50), never raised to let a page grow.
const BUDGET = { performanceMobile: 98, accessibility: 100, bestPractices: 95, seo: 100, catalogueJsKb: 133 };
const root = path.resolve(import.meta.dirname, '..');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const freePort = () =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const chromePath = ensureChromium();
if (!process.argv.includes('--no-build')) {
  const b = spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' });
  if (b.status !== 0) process.exit(b.status ?? 1);
}
/**
 * A built store (the code in `cwd`) on a fresh embedded database of its own, with one diamond
 * photographed: its address, the pages to audit, and how to stop it.
 */
async function startStore(cwd) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'facet-audit-'));
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    SEED_SCALE: '0.2',
    RATE_LIMIT_MAX: '100000',
  };
  delete env.DATABASE_URL; // the embedded database: the audit measures the pages, not a server setup
  // A manager (made before the server opens the embedded database) photographs one diamond, so a
  // diamond page is measured as shoppers see most of them: with its photograph.
  const AUDIT_STAFF = { email: 'audit@facet.test', password: 'Loupe-and-Tweezers-42' };
  {
    const made = spawnSync(
      process.execPath,
      ['apps/api/src/cli/staff.ts', 'add', AUDIT_STAFF.email, '--role', 'manager'],
      {
        cwd,
        env,
        input: `${AUDIT_STAFF.password}\n`,
        stdio: ['pipe', 'ignore', 'inherit'],
      },
    );
    if (made.status !== 0) throw new Error(`Could not add the audit's staff member in ${cwd}.`);
  }
  const server = spawn(process.execPath, ['apps/api/src/server.ts'], {
    cwd,
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  const stop = () => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; ; i++) {
    if (server.exitCode !== null || i > 360) {
      throw new Error(`The server in ${cwd} did not start.`);
    }
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    await sleep(500);
  }

  const api = async (p) => (await (await fetch(base + p)).json()).data;
  const product = (await api('/api/category/1101?pageSize=1')).products[0].href;
  const [diamond, photographed] = (await api('/api/diamond?pageSize=2&shape=Round')).diamonds;
  {
    const login = await fetch(`${base}/api/admin/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify(AUDIT_STAFF),
    });
    const staff = { cookie: login.headers.get('set-cookie').split(';')[0], origin: base };
    // A photograph as a supplier's look: 1500 px, soft detail (not a flat colour that compresses to nothing).
    const jpeg = await sharp({
      create: { width: 1500, height: 1500, channels: 3, noise: { type: 'gaussian', mean: 190, sigma: 22 } },
    })
      .blur(3)
      .jpeg({ quality: 85 })
      .toBuffer();
    const form = new FormData();
    form.append('alt', 'Face up, daylight');
    form.append('photo', new Blob([jpeg], { type: 'image/jpeg' }), 'diamond.jpg');
    const up = await fetch(`${base}/api/admin/stones/diamond/${photographed.id}/photos`, {
      method: 'POST',
      headers: staff,
      body: form,
    });
    if (!up.ok) {
      stop();
      throw new Error(`Could not photograph the audited diamond: ${up.status} ${await up.text()}`);
    }
  }
  const allPages = [
    { name: 'home', path: '/', catalogue: true },
    { name: 'category', path: '/category/1100', catalogue: true },
    { name: 'product', path: product, catalogue: true },
    { name: 'diamonds', path: '/diamonds', catalogue: true },
    { name: 'diamond', path: diamond.href, catalogue: true },
    { name: 'diamond+photo', path: photographed.href, catalogue: true },
    // Internal search results and the cart are kept out of search engines on purpose (noindex,
    // robots.txt): for them the SEO budget is every other SEO audit passing and is-crawlable failing.
    { name: 'policy', path: '/return-policy', catalogue: true },
    { name: 'search', path: '/search?q=halo', catalogue: true, noindex: true },
    // The cart as a first visit sees it: empty, shown before its code (docs/decisions/027).
    { name: 'cart', path: '/cart', catalogue: false, noindex: true },
  ];
  return { base, pages: allPages, stop };
}

const METRICS = ['largest-contentful-paint', 'cumulative-layout-shift', 'total-blocking-time'];
/**
 * One Lighthouse run whose metrics all came out. A run can lose a metric to a trace hiccup (seen
 * once in CI: no CLS value); such a run says nothing about the page, so it is taken again, twice
 * at most, and a page that never measures is a failure with Lighthouse's own reason.
 */
async function measure(url, flags, config) {
  let reason = '';
  for (let attempt = 0; attempt < 3; attempt++) {
    const { lhr } = await lighthouse(url, flags, config);
    const broken = METRICS.filter((id) => typeof lhr.audits[id]?.numericValue !== 'number');
    if (!lhr.runtimeError && broken.length === 0) return lhr;
    reason =
      lhr.runtimeError?.message ??
      `no value for ${broken.join(', ')}${broken
        .map((id) => lhr.audits[id]?.errorMessage)
        .filter(Boolean)
        .map((m) => `: ${m}`)
        .join('')}`;
    console.log(`  (${url}: run lost a metric — ${reason}; measuring again)`);
  }
  return reason;
}

// `--ab REF`: this code (B) against another release (A, any git ref), interleaved in one run.
const abRef = process.argv.includes('--ab') ? process.argv[process.argv.indexOf('--ab') + 1] : '';
if (abRef) {
  await abRun(abRef);
  process.exit(0);
}
const store = await startStore(root);
const { base, stop } = store;
const allPages = store.pages;
const pages = allPages.filter((p) => p.name.includes(only));
if (pages.length === 0) {
  console.error(`No page is named like "${only}": ${allPages.map((p) => p.name).join(', ')}.`);
  stop();
  process.exit(1);
}

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const rows = [];
const failures = [];
try {
  for (const preset of ['mobile', 'desktop']) {
    for (const page of pages) {
      const flags = {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      };
      // Warm once so the measured run reads a started server, as a shopper would.
      await fetch(base + page.path).then((r) => r.arrayBuffer());
      // Mobile scores move by a few points between runs on a small machine: Lighthouse's own advice
      // is the median of several runs, so mobile takes the median-performance run of three — when
      // the score is judged. With --perf-advisory it is only reported, and one run says as much
      // about every other budget (CI's time goes to what can fail).
      const runs = [];
      for (let i = 0; i < (preset === 'mobile' && !perfAdvisory ? 3 : 1); i++)
        runs.push(await measure(base + page.path, flags, preset === 'desktop' ? desktopConfig : undefined));
      if (runs.some((r) => typeof r === 'string')) {
        failures.push(
          `${preset} ${page.name}: Lighthouse could not measure it (${runs.find((r) => typeof r === 'string')})`,
        );
        console.log(`${preset.padEnd(8)} ${page.name.padEnd(13)} not measured`);
        continue;
      }
      runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const lhr = runs[Math.floor(runs.length / 2)];
      const score = (k) => Math.round((lhr.categories[k]?.score ?? 0) * 100);
      const scripts = lhr.audits['resource-summary']?.details?.items?.find((i) => i.resourceType === 'script');
      const row = {
        preset,
        page: page.name,
        path: page.path,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
        cls: Number(lhr.audits['cumulative-layout-shift'].numericValue.toFixed(3)),
        tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
        jsKb: Math.round((scripts?.transferSize ?? 0) / 1024),
        failedAudits: Object.values(lhr.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id),
      };
      rows.push(row);
      const why = [];
      // A timing score measures the machine as much as the code (docs/decisions/010): with
      // --perf-advisory it is reported, not failed; every deterministic budget still fails.
      if (preset === 'mobile' && row.performance < BUDGET.performanceMobile) {
        const text = `performance ${row.performance} < ${BUDGET.performanceMobile}`;
        if (perfAdvisory) slow.push(`${preset} ${page.name}: ${text} (TBT ${row.tbtMs} ms, LCP ${row.lcpMs} ms)`);
        else why.push(text);
      }
      if (row.accessibility < BUDGET.accessibility) why.push(`accessibility ${row.accessibility}`);
      if (row.bestPractices < BUDGET.bestPractices) why.push(`best practices ${row.bestPractices}`);
      const seoFailing = lhr.categories.seo.auditRefs
        .filter((r) => r.weight > 0 && lhr.audits[r.id].score !== null && lhr.audits[r.id].score < 1)
        .map((r) => r.id);
      row.seoFailing = seoFailing;
      if (page.noindex) {
        const others = seoFailing.filter((id) => id !== 'is-crawlable');
        if (others.length) why.push(`SEO audits failing: ${others.join(', ')}`);
        if (!seoFailing.includes('is-crawlable')) why.push('should not be indexable');
      } else if (row.seo < BUDGET.seo) why.push(`SEO ${row.seo}`);
      if (page.catalogue && row.jsKb > BUDGET.catalogueJsKb) why.push(`JS ${row.jsKb} KB > ${BUDGET.catalogueJsKb} KB`);
      if (why.length)
        failures.push(
          `${preset} ${page.name}: ${why.join(', ')}${row.failedAudits.length ? ` (failed: ${row.failedAudits.join(', ')})` : ''}`,
        );
      console.log(
        `${preset.padEnd(8)} ${page.name.padEnd(13)} perf ${String(row.performance).padStart(3)}  a11y ${String(row.accessibility).padStart(3)}  bp ${String(row.bestPractices).padStart(3)}  seo ${String(row.seo).padStart(3)}  LCP ${String(row.lcpMs).padStart(5)} ms  CLS ${row.cls.toFixed(3)}  TBT ${String(row.tbtMs).padStart(4)} ms  JS ${String(row.jsKb).padStart(4)} KB`,
      );
    }
  }
} finally {
  await chrome.kill();
  stop();
}
mkdirSync(path.join(root, 'bench/results'), { recursive: true });
const file = path.join(root, 'bench/results', `${new Date().toISOString().replace(/[:.]/g, '-')}-lighthouse.json`);
writeFileSync(file, JSON.stringify({ at: new Date().toISOString(), budget: BUDGET, rows }, null, 2));
console.log(`\nWritten to ${path.relative(root, file)}`);
if (slow.length)
  console.log(`\nPerformance under budget on this machine (advisory, see docs/decisions/010):\n  ${slow.join('\n  ')}`);
if (failures.length) {
  console.error(`\nUnder budget:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('All pages within budget.');

/**
 * The checkout of `ref` in a worktree of its own, sharing this one's installed packages (its
 * workspace packages are its own), built: what `--ab` measures this code against.
 */
function releaseAt(ref) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'facet-ab-'));
  const git = (...a) => {
    const r = spawnSync('git', a, { cwd: root, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`git ${a.join(' ')}: ${r.stderr}`);
    return r.stdout.trim();
  };
  const commit = git('rev-parse', '--verify', `${ref}^{commit}`);
  git('worktree', 'add', '--detach', dir, commit);
  // Every installed package but the workspace's own, which must be the release's.
  mkdirSync(path.join(dir, 'node_modules/@facet'), { recursive: true });
  for (const name of readdirSync(path.join(root, 'node_modules')))
    if (name !== '@facet' && name !== '.bin')
      symlinkSync(path.join(root, 'node_modules', name), path.join(dir, 'node_modules', name));
  symlinkSync(path.join(root, 'node_modules/.bin'), path.join(dir, 'node_modules/.bin'));
  for (const [name, where] of [
    ['api', 'apps/api'],
    ['web', 'apps/web'],
    ['contracts', 'packages/contracts'],
  ])
    symlinkSync(path.join(dir, where), path.join(dir, 'node_modules/@facet', name));
  for (const app of ['apps/api', 'apps/web'])
    if (existsSync(path.join(root, app, 'node_modules')))
      symlinkSync(path.join(root, app, 'node_modules'), path.join(dir, app, 'node_modules'));
  const b = spawnSync('npm', ['run', 'build', '--silent'], { cwd: dir, stdio: 'inherit' });
  if (b.status !== 0) throw new Error(`Could not build ${ref}.`);
  return {
    dir,
    commit,
    remove: () => {
      spawnSync('git', ['worktree', 'remove', '--force', dir], { cwd: root });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Lighthouse's mobile preset on each page, A (the release) and B (this code) in turn, the order
 * swapped every round so the machine's drift falls on both alike; each side's median, B's share of
 * A's, and the machine's benchmark index (Lighthouse's own CPU measure) over the run.
 */
async function abRun(ref) {
  const rounds = Number(process.argv.includes('--rounds') ? process.argv[process.argv.indexOf('--rounds') + 1] : 5);
  const release = releaseAt(ref);
  const stores = {};
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const out = [];
  try {
    stores.A = await startStore(release.dir);
    stores.B = await startStore(root);
    const names = stores.B.pages.map((p) => p.name).filter((n) => n.includes(only));
    console.log(`A: ${ref} (${release.commit.slice(0, 10)})  B: this checkout  ${rounds} rounds, mobile preset`);
    for (const name of names) {
      const runs = { A: [], B: [] };
      for (let round = 0; round < rounds; round++)
        for (const side of round % 2 === 0 ? ['A', 'B'] : ['B', 'A']) {
          const page = stores[side].pages.find((p) => p.name === name);
          const url = stores[side].base + page.path;
          await fetch(url).then((r) => r.arrayBuffer());
          const lhr = await measure(url, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
          });
          if (typeof lhr === 'string') throw new Error(`${side} ${name}: ${lhr}`);
          runs[side].push({
            score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
            tbtMs: Math.round(lhr.audits['total-blocking-time'].numericValue),
            lcpMs: Math.round(lhr.audits['largest-contentful-paint'].numericValue),
            benchmarkIndex: lhr.environment.benchmarkIndex,
          });
        }
      const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
      const side = (r) => ({
        score: median(r.map((x) => x.score)),
        tbtMs: median(r.map((x) => x.tbtMs)),
        lcpMs: median(r.map((x) => x.lcpMs)),
        benchmarkIndex: median(r.map((x) => x.benchmarkIndex)),
      });
      const a = side(runs.A),
        b = side(runs.B);
      out.push({ page: name, A: a, B: b, runs });
      const share = (x, y) => (y ? `${Math.round((x / y) * 100)} %` : '—');
      console.log(
        `${name.padEnd(13)} score A ${String(a.score).padStart(3)} B ${String(b.score).padStart(3)}   TBT A ${String(a.tbtMs).padStart(4)} ms B ${String(b.tbtMs).padStart(4)} ms (B/A ${share(b.tbtMs, a.tbtMs)})   LCP A ${a.lcpMs} B ${b.lcpMs} ms   benchmark index ${Math.round(a.benchmarkIndex)} / ${Math.round(b.benchmarkIndex)}`,
      );
    }
  } finally {
    await chrome.kill();
    stores.A?.stop();
    stores.B?.stop();
    release.remove();
  }
  mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  const file = path.join(root, 'bench/results', `${new Date().toISOString().replace(/[:.]/g, '-')}-lighthouse-ab.json`);
  writeFileSync(
    file,
    JSON.stringify({ at: new Date().toISOString(), a: { ref, commit: release.commit }, rounds, pages: out }, null, 2),
  );
  console.log(`\nWritten to ${path.relative(root, file)}`);
}
