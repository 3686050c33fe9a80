#!/usr/bin/env node
// After `react-router build`: writes .br and .gz beside every compressible client asset, once,
// at the highest levels, so the server sends them as they are (@fastify/static preCompressed).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = path.resolve(process.argv[2] ?? 'build/client');
const COMPRESSIBLE = /\.(js|mjs|css|svg|html|json|txt|xml|map|webmanifest)$/;
let files = 0,
  before = 0,
  after = 0;
const walk = (d) => {
  for (const name of readdirSync(d)) {
    const p = path.join(d, name);
    if (statSync(p).isDirectory()) {
      walk(p);
      continue;
    }
    // Small chunks too: a page loads several (a route's loader, a shared price label), and each
    // sent raw costs more than its brotli copy plus the header saying so.
    if (!COMPRESSIBLE.test(name) || statSync(p).size < 256) continue;
    const raw = readFileSync(p);
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    writeFileSync(`${p}.br`, br);
    writeFileSync(`${p}.gz`, gzipSync(raw, { level: 9 }));
    files++;
    before += raw.length;
    after += br.length;
  }
};
walk(dir);
console.log(
  `Pre-compressed ${files} assets: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`,
);
