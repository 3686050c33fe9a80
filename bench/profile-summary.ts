// Summarises a V8 .cpuprofile (`node --cpu-prof`): busy share of the thread, self time by area
// (React rendering, React Router, Fastify, the database, GC…) and the hottest functions.
// `node bench/profile-summary.ts FILE.cpuprofile`
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Where a frame's code lives, coarsely: enough to say what a thread spends itself on. */
function area(url: string, fn: string): string {
  if (fn === '(idle)') return 'idle';
  if (fn === '(garbage collector)') return 'GC';
  if (fn === '(program)') return 'V8 / native';
  if (/react-dom/.test(url)) return 'React rendering (react-dom/server)';
  if (/node_modules\/react-router/.test(url)) return 'React Router (matching, data, serialising)';
  if (/apps\/web\/build\/server/.test(url)) return 'storefront components (server build)';
  if (/@electric-sql\/pglite/.test(url)) return 'PGlite';
  if (/node_modules\/(pg|pg-protocol|postgres|drizzle-orm)\//.test(url)) return 'PostgreSQL client / Drizzle';
  if (/node_modules\/(fastify|@fastify|light-my-request|find-my-way|avvio|pino)/.test(url))
    return 'Fastify (hooks, routing, inject)';
  if (/node_modules\/zod/.test(url)) return 'zod validation';
  if (/apps\/api\/src/.test(url)) return 'API code';
  if (/^node:|internal\//.test(url) || url === '') return 'Node internals (streams, sockets, buffers)';
  return 'other libraries';
}

export function summarise(file: string, top = 20): string {
  const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  for (let i = 0; i < p.samples.length; i++)
    self.set(p.samples[i]!, (self.get(p.samples[i]!) ?? 0) + (p.timeDeltas[i] ?? 0));
  const total = p.endTime - p.startTime;
  const areas = new Map<string, number>();
  const fns = new Map<string, number>();
  let idle = 0;
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const a = area(url, functionName);
    if (a === 'idle') {
      idle += us;
      continue;
    }
    areas.set(a, (areas.get(a) ?? 0) + us);
    const short = url.replace(/^.*node_modules\//, '').replace(/^.*\/apps\//, 'apps/');
    const key = `${functionName || '(anonymous)'}  ${short}${url ? `:${lineNumber + 1}` : ''}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
  }
  const busy = total - idle;
  const pct = (us: number) => `${((us / busy) * 100).toFixed(1).padStart(5)} %`;
  const lines = [
    `thread busy ${(busy / 1e6).toFixed(1)} s of ${(total / 1e6).toFixed(1)} s (${((busy / total) * 100).toFixed(0)} %); shares of busy time:`,
    ...[...areas].sort((a, b) => b[1] - a[1]).map(([a, us]) => `  ${pct(us)}  ${a}`),
    `hottest functions (self time):`,
    ...[...fns]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([f, us]) => `  ${pct(us)}  ${f}`),
  ];
  return lines.join('\n');
}

if (import.meta.main) for (const f of process.argv.slice(2)) console.log(`${f}\n${summarise(f)}\n`);
