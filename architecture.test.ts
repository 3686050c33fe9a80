import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The API's modules as a whole: no loop between them (a module that needs another's news takes a
// callback from the composition root instead), and the architecture document names every one.

const MODULES = path.join(import.meta.dirname, 'apps/api/src/modules');
const folders = (dir: string) =>
  fs
    .readdirSync(path.join(import.meta.dirname, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
const moduleNames = () => folders('apps/api/src/modules');

/** Every non-test source file of the modules, by its path from modules/ (`cart/routes.ts`). */
function moduleSources(): Map<string, string> {
  const files = new Map<string, string>();
  for (const m of moduleNames())
    for (const f of fs.readdirSync(path.join(MODULES, m), { recursive: true, encoding: 'utf8' }))
      if (/\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f))
        files.set(path.posix.join(m, f.split(path.sep).join('/')), fs.readFileSync(path.join(MODULES, m, f), 'utf8'));
  return files;
}

/** Module → the modules its files import, each with one file that does (types and re-exports count). */
function moduleGraph(files: Map<string, string>): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const [file, text] of files) {
    const from = file.split('/')[0]!;
    const edges = graph.get(from) ?? new Map<string, string>();
    graph.set(from, edges);
    for (const { fileName } of ts.preProcessFile(text, true, false).importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const to = path.posix.normalize(path.posix.join(path.posix.dirname(file), fileName)).split('/')[0]!;
      if (to !== from && to !== '..' && !edges.has(to)) edges.set(to, file);
    }
  }
  return graph;
}

/** The loops of the graph (strongly connected groups of two or more), each as its modules and the files that close it. */
function loops(graph: Map<string, Map<string, string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: string[] = [];
    for (let w = stack.pop()!; ; w = stack.pop()!) {
      group.push(w);
      if (w === v) break;
    }
    if (group.length > 1)
      found.push(
        group
          .sort()
          .flatMap((a) => [...graph.get(a)!].filter(([b]) => group.includes(b)).map(([b, f]) => `${a} → ${b} (${f})`)),
      );
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('no loop between API modules (types included)', () => {
  it('holds for the modules as they are', () => {
    expect(loops(moduleGraph(moduleSources()))).toEqual([]);
  });

  it('refuses a module importing one that already imports it, even for a type', () => {
    const files = moduleSources();
    // shipping's labels read the carrier's types; the carrier naming a shipping type closes a loop.
    files.set('carrier/probe.ts', "import type { ShippingDeps } from '../shipping/service.ts';\n");
    const [loop, ...more] = loops(moduleGraph(files));
    expect(more).toEqual([]);
    expect(loop).toContain('carrier → shipping (carrier/probe.ts)');
    expect(loop).toContainEqual(expect.stringMatching(/^shipping → carrier /));
  });
});

/** The names a paragraph of the architecture document lists: the comma-separated run `pattern` captures. */
function listed(doc: string, pattern: RegExp): string[] {
  const m = pattern.exec(doc);
  if (!m) throw new Error(`docs/architecture.md: nothing matches ${pattern}`);
  return m[1]!
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .sort();
}
const LISTS: Array<[string, RegExp, () => string[]]> = [
  ['API modules', /\*\*API modules\*\* \(`apps\/api\/src\/modules\/`\):([\s\S]*?)\. Each has/, moduleNames],
  ['web features', /`features\/<area>\/` \(([\s\S]*?)\) hold/, () => folders('apps/web/app/features')],
  [
    'back-office areas',
    /by\s+area: ([\s\S]*?), over\s+`admin\/shared`/,
    () => folders('apps/web/app/features/admin').filter((a) => a !== 'shared'),
  ],
];

describe('docs/architecture.md names every module, feature and back-office area', () => {
  const doc = fs.readFileSync(path.join(import.meta.dirname, 'docs/architecture.md'), 'utf8');

  for (const [what, pattern, actual] of LISTS)
    it(`lists exactly the folders: ${what}`, () => {
      expect(listed(doc, pattern)).toEqual(actual());
    });

  it('is caught when a folder is missing from a list', () => {
    const oneShort = doc.replace(/\bcarrier,\s*/, '');
    expect(listed(oneShort, LISTS[0]![1])).not.toEqual(moduleNames());
  });
});
