import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { isPrivateAddress, RefusedFetch, safeFetch } from './safe-fetch.ts';

// A local "supplier" on 127.0.0.1: reachable only through the explicit allow-list, as in tests.
let server: Server;
let base = '';
let allow: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    const u = req.url ?? '/';
    if (u === '/feed.csv') return res.end('Stock #,Shape\nA-1,Round\n');
    if (u === '/to-metadata') return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (u === '/to-loopback') return res.writeHead(302, { location: 'http://[::1]/' }).end();
    if (u === '/to-feed') return res.writeHead(301, { location: '/feed.csv' }).end();
    if (u.startsWith('/loop')) return res.writeHead(302, { location: `/loop${Number(u.slice(5) || 0) + 1}` }).end();
    if (u === '/big') return res.end(Buffer.alloc(2_000_000));
    if (u === '/slow') return setTimeout(() => res.end('late'), 2_000);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  base = `http://127.0.0.1:${port}`;
  allow = [`127.0.0.1:${port}`];
});
afterAll(() => new Promise((r) => server.close(r)));

const refused = (p: Promise<unknown>, message: RegExp) =>
  expect(p).rejects.toSatisfy((e: unknown) => e instanceof RefusedFetch && message.test((e as Error).message));

describe('fetching a supplier’s URL', () => {
  it('refuses loopback, private, link-local and metadata addresses, by literal or by name', async () => {
    await refused(safeFetch(`${base}/feed.csv`), /private or local/);
    await refused(safeFetch('http://169.254.169.254/latest/meta-data/'), /private or local/);
    await refused(safeFetch('http://[::1]:9/'), /private or local/);
    await refused(safeFetch(`http://localhost:${new URL(base).port}/feed.csv`), /resolves to .* private or local/);
    for (const a of [
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '0.0.0.0',
      '::ffff:127.0.0.1',
      'fd00::1',
      'fe80::1',
    ])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['93.184.216.34', '2606:4700::1111']) expect(isPrivateAddress(a), a).toBe(false);
  });

  it('only http and https, without credentials', async () => {
    await refused(safeFetch('file:///etc/passwd'), /only http and https/);
    await refused(safeFetch('ftp://feeds.example/x.csv'), /only http and https/);
    await refused(safeFetch('http://user:pw@feeds.example/x.csv'), /credentials/);
    await refused(safeFetch('not a url'), /not a URL/);
  });

  it('an allowed local server answers; its redirects are followed and checked again', async () => {
    const ok = await safeFetch(`${base}/to-feed`, { allow });
    expect(ok.status).toBe(200);
    expect(ok.body.toString()).toContain('A-1,Round');
    await refused(safeFetch(`${base}/to-metadata`, { allow }), /169\.254\.169\.254 is a private or local address/);
    await refused(safeFetch(`${base}/to-loopback`, { allow }), /private or local/);
    await refused(safeFetch(`${base}/loop`, { allow, maxRedirects: 5 }), /more than 5 redirects/);
  });

  it('caps size and time', async () => {
    await refused(safeFetch(`${base}/big`, { allow, maxBytes: 1_000_000 }), /larger than 1,000,000 bytes/);
    await refused(safeFetch(`${base}/slow`, { allow, timeoutMs: 300 }), /took longer than 300 ms/);
  });
});
