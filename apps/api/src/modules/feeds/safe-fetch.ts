import { lookup as dnsLookup } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

// Every URL the server fetches for a supplier (a feed, an image) is a way to make this server ask
// something on its own network. So: http(s) only; the address the name resolves to is checked
// when the connection is made (a name that resolves to a private address, or changes its answer
// between check and use, is refused); redirects are followed by hand and each new address is
// checked again; size, time and the number of redirects are capped. A test's local server is let
// through only by an explicit allow-list of host:port.

const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, with the cloud metadata address 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 127], // unspecified and loopback
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');
// (IPv4-mapped IPv6, ::ffff:a.b.c.d, is checked as the IPv4 address it carries: a ::ffff:0:0/96
// rule here would match every IPv4 address, since BlockList compares IPv4 in that form too.)

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (!family) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class RefusedFetch extends Error {}

export interface SafeFetchOptions {
  /** host:port pairs let through although private (tests' local servers). */
  allow?: readonly string[];
  maxBytes?: number;
  timeoutMs?: number;
  maxRedirects?: number;
  headers?: Record<string, string>;
  /** POSTs this body instead of a GET (a webhook); a redirect is answered, not followed. */
  postBody?: string;
}
export interface SafeResponse {
  status: number;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function guardedLookup(allowed: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as Array<{ address: string; family: number }>;
      const bad = list.find((a) => isPrivateAddress(a.address));
      if (bad && !allowed)
        return callback(new RefusedFetch(`${hostname} resolves to ${bad.address}, a private or local address`), '', 4);
      const first = list[0]!;
      if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: typeof list) => void)(null, list);
      else callback(null, first.address, first.family);
    });
  };
}

function getOnce(
  url: URL,
  o: Required<Omit<SafeFetchOptions, 'headers' | 'postBody'>> & { headers: Record<string, string>; postBody?: string },
) {
  const allowed = o.allow.includes(`${url.hostname}:${url.port || (url.protocol === 'https:' ? 443 : 80)}`);
  if (isIP(url.hostname.replace(/^\[|\]$/g, '')) && isPrivateAddress(url.hostname.replace(/^\[|\]$/g, '')) && !allowed)
    return Promise.reject(new RefusedFetch(`${url.hostname} is a private or local address`));
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise<SafeResponse>((resolve, reject) => {
    const req = lib.request(
      url,
      {
        method: o.postBody === undefined ? 'GET' : 'POST',
        headers: { 'user-agent': 'Facet feed importer', ...o.headers },
        lookup: guardedLookup(allowed),
        timeout: o.timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > o.maxBytes) {
            req.destroy(new RefusedFetch(`${url} is larger than ${o.maxBytes.toLocaleString()} bytes`));
            return;
          }
          chunks.push(c);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            url: url.toString(),
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    const timer = setTimeout(
      () => req.destroy(new RefusedFetch(`${url} took longer than ${o.timeoutMs} ms`)),
      o.timeoutMs,
    );
    req.on('close', () => clearTimeout(timer));
    req.on('timeout', () => req.destroy(new RefusedFetch(`${url} took longer than ${o.timeoutMs} ms`)));
    req.on('error', reject);
    req.end(o.postBody);
  });
}

/** GETs a supplier's URL under the rules above; follows at most `maxRedirects` redirects, each checked again. */
export async function safeFetch(raw: string, opts: SafeFetchOptions = {}): Promise<SafeResponse> {
  const o = {
    allow: opts.allow ?? [],
    maxBytes: opts.maxBytes ?? 50 * 1024 * 1024,
    timeoutMs: opts.timeoutMs ?? 30_000,
    maxRedirects: opts.maxRedirects ?? 5,
    headers: opts.headers ?? {},
    postBody: opts.postBody,
  };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedFetch(`"${raw}" is not a URL`);
  }
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new RefusedFetch(`${url.protocol} URLs are not fetched; only http and https`);
    if (url.username || url.password) throw new RefusedFetch('URLs with credentials are not fetched');
    const res = await getOnce(url, o);
    const location = res.headers.location;
    if (res.status >= 300 && res.status < 400 && location && o.postBody === undefined) {
      if (hop >= o.maxRedirects) throw new RefusedFetch(`more than ${o.maxRedirects} redirects from ${raw}`);
      url = new URL(location, url);
      continue;
    }
    return res;
  }
}
