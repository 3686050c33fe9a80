import { createReadStream } from 'node:fs';
import { checkDiamondFeed } from './apps/api/src/modules/feeds/diamond-feed.ts';
const mb = () => { const m = process.memoryUsage(); return `rss ${(m.rss/1e6).toFixed(0)} heap ${(m.heapUsed/1e6).toFixed(0)} ext ${(m.external/1e6).toFixed(0)} ab ${(m.arrayBuffers/1e6).toFixed(0)}`; };
console.log('start', mb());
let n = 0;
await checkDiamondFeed(() => createReadStream('/tmp/prof/feed1m.csv'), {
  onCounted: () => { globalThis.gc?.(); console.log('after pass 1', mb()); },
  onStone: () => { if (++n % 250000 === 0) console.log(n, mb()); },
});
globalThis.gc?.();
console.log('end', mb());
