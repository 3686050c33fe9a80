import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/client.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { placeDiamondOrder } from '../test/staff.ts';

// What an operator's Prometheus reads: figures that move when the store is used, labelled by the
// route's pattern, and given only to this machine or the addresses allowed — never through a proxy.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_ORDER_MAX: '1000', METRICS_ALLOW: '203.0.113.7' });
});
afterAll(() => t.close());

const scrape = async (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url: '/metrics', headers, remoteAddress });
/** A sample's value from the text format: the line whose name and labels are as given. */
function sample(text: string, name: string, labels: Record<string, string> = {}) {
  const line = text
    .split('\n')
    .find((l) =>
      l.startsWith(`${name}{`) || l.startsWith(`${name} `)
        ? Object.entries(labels).every(([k, v]) => l.includes(`${k}="${v}"`))
        : false,
    );
  return line ? Number(line.split(' ').at(-1)) : 0;
}

describe('GET /metrics', () => {
  it('counts requests by route pattern, orders placed, cache lookups and the outbox, and moves with use', async () => {
    const before = (await scrape()).body;
    await t.app.inject({ method: 'GET', url: '/api/health?from=probe-17' });
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await placeDiamondOrder(t);
    const body = { data: 'ring', type: 'all', page: 1 };
    await t.app.inject({ method: 'POST', url: '/api/product/search-product', payload: body });
    await t.app.inject({ method: 'POST', url: '/api/product/search-product', payload: body });

    // The outbox sends on its own meanwhile: the scrape's figure lies between the counts just before and after.
    const unsent = async () =>
      rowsOf<{ n: number }>(
        await t.database.db.execute(sql`select count(*)::int as n from outbox_mail where sent_at is null`),
      )[0]!.n;
    const unsentBefore = await unsent();
    const res = await scrape();
    const unsentAfter = await unsent();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    const health = { route: '/api/health', method: 'GET', status: '200' };
    expect(sample(text, 'facet_http_request_duration_seconds_count', health)).toBe(
      sample(before, 'facet_http_request_duration_seconds_count', health) + 2,
    );
    // The pattern, never the address asked for: no query string, no id in a label.
    expect(text).not.toContain('probe-17');
    expect(sample(text, 'facet_orders_placed_total', { plan: 'full' })).toBe(
      sample(before, 'facet_orders_placed_total', { plan: 'full' }) + 1,
    );
    // Both searches were looked up in the answer cache (a hit, unless a change heard meanwhile emptied it).
    const lookups = (m: string) =>
      sample(m, 'facet_cache_lookups_total', { cache: 'answer', result: 'hit' }) +
      sample(m, 'facet_cache_lookups_total', { cache: 'answer', result: 'miss' });
    expect(lookups(text)).toBeGreaterThanOrEqual(lookups(before) + 2);
    const engine = { engine: t.database.kind };
    expect(sample(text, 'facet_db_query_duration_seconds_count', engine)).toBeGreaterThan(
      sample(before, 'facet_db_query_duration_seconds_count', engine),
    );
    expect(sample(text, 'facet_outbox_unsent_mails')).toBeLessThanOrEqual(unsentBefore);
    expect(sample(text, 'facet_outbox_unsent_mails')).toBeGreaterThanOrEqual(unsentAfter);
    expect(text).toContain('facet_nodejs_eventloop_lag_seconds');
    expect(text).toContain('facet_nodejs_heap_size_used_bytes');
  });

  it('is refused to other addresses and to anything a proxy forwarded, even from this machine', async () => {
    expect((await scrape({}, '198.51.100.4')).statusCode).toBe(404);
    expect((await scrape({ 'x-forwarded-for': '198.51.100.4' })).statusCode).toBe(404);
    expect((await scrape({ via: '1.1 varnish' })).statusCode).toBe(404);
    expect((await scrape({}, '203.0.113.7')).statusCode).toBe(200);
    expect((await scrape({ 'x-forwarded-for': '203.0.113.7' }, '203.0.113.7')).statusCode).toBe(404);
  });
});

describe('METRICS_PORT', () => {
  it('serves the figures on their own port, and not on the store’s', async () => {
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port;
        s.close(() => resolve(p));
      });
    });
    const own = await buildTestApp({ METRICS_PORT: String(port), HOST: '127.0.0.1' });
    try {
      await own.app.ready();
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('facet_http_request_duration_seconds');
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
      expect((await own.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await own.close();
    }
  });
});

describe('the operator’s dashboard and alerts', () => {
  it('name only figures the store exports (docs/operations.md, deploy/grafana-dashboard.json)', async () => {
    const text = (await scrape()).body;
    const exported = new Set(
      [...text.matchAll(/^# TYPE (facet_\w+) (\w+)$/gm)].flatMap(([, name, type]) =>
        type === 'histogram' ? [`${name}_bucket`, `${name}_count`, `${name}_sum`] : [name!],
      ),
    );
    const root = path.resolve(import.meta.dirname, '../../../..');
    // The operations guide names other things facet_… (database roles): only its metrics section counts.
    const section = (text: string) =>
      text.includes('## Metrics (Prometheus)') ? text.split('## Metrics (Prometheus)')[1]!.split('\n## ')[0]! : text;
    for (const file of ['deploy/grafana-dashboard.json', 'docs/operations.md']) {
      const named = new Set(
        [...section(readFileSync(path.join(root, file), 'utf8')).matchAll(/\bfacet_[a-z0-9_]+\b/g)]
          .map(([m]) => m)
          .filter((m) => !m.endsWith('_') && m !== 'facet_store'),
      );
      expect(named.size, file).toBeGreaterThan(5);
      for (const m of named) expect(exported.has(m) || exported.has(`${m}_bucket`), `${file}: ${m}`).toBe(true);
    }
  });
});
