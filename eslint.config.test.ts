import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The project's lint configuration as `npm run lint` runs it, fed code that breaks its rules.
const eslint = new ESLint({ cwd: import.meta.dirname });
const rulesHit = async (code: string, filePath: string) => {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.ruleId);
};

describe('every form says how it is sent (facet/form-method)', () => {
  const file = 'apps/web/app/features/account/example-form.tsx';
  it('refuses a form without a method', async () => {
    expect(
      await rulesHit('export const F = () => <form onSubmit={() => {}}><input name="password" /></form>;\n', file),
    ).toContain('facet/form-method');
    expect(await rulesHit("import { Form } from 'react-router';\nexport const F = () => <Form />;\n", file)).toContain(
      'facet/form-method',
    );
  });
  it('passes one that posts, and a search that gets', async () => {
    expect(await rulesHit('export const F = () => <form method="post" />;\n', file)).not.toContain('facet/form-method');
    expect(await rulesHit('export const F = () => <form method="get" role="search" />;\n', file)).not.toContain(
      'facet/form-method',
    );
  });
});

describe('no import cycles (import-x/no-cycle)', () => {
  it('refuses two files of a module that import values from each other', async () => {
    const dir = path.join(import.meta.dirname, 'apps/api/src/modules', `lint-probe-${process.pid}`);
    fs.mkdirSync(dir, { recursive: true });
    try {
      fs.writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b.ts';\nexport const a = () => b() + 1;\n");
      fs.writeFileSync(
        path.join(dir, 'b.ts'),
        "import { a } from './a.ts';\nexport const b = () => 1;\nexport const c = () => a();\n",
      );
      const results = await new ESLint({ cwd: import.meta.dirname }).lintFiles([dir]);
      const rules = results.flatMap((r) => r.messages.map((m) => m.ruleId));
      expect(rules.filter((r) => r === 'import-x/no-cycle')).toHaveLength(2);
      // Without the cycle, nothing to say.
      fs.writeFileSync(path.join(dir, 'b.ts'), 'export const b = () => 1;\n');
      const clean = await new ESLint({ cwd: import.meta.dirname }).lintFiles([dir]);
      expect(clean.flatMap((r) => r.messages.map((m) => m.ruleId))).not.toContain('import-x/no-cycle');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the back office stays out of the storefront (import-x/no-restricted-paths)', () => {
  const line = "import { BACK_OFFICE } from '~/features/admin/shared/nav.ts';\nexport const x = BACK_OFFICE;\n";
  it('refuses a storefront route, a storefront feature or the root importing back-office code', async () => {
    for (const file of ['apps/web/app/routes/cart.tsx', 'apps/web/app/features/cart/x.tsx', 'apps/web/app/root.tsx'])
      expect(await rulesHit(line, file), file).toContain('import-x/no-restricted-paths');
  });
  it('lets the back office import its own code', async () => {
    expect(await rulesHit(line, 'apps/web/app/routes/admin/orders.tsx')).not.toContain('import-x/no-restricted-paths');
  });
});

describe("the API's promises are awaited (typed linting)", () => {
  it('refuses a floating promise and an async callback where a plain one is expected', async () => {
    const file = path.join(import.meta.dirname, 'apps/api/src', `lint-probe-${process.pid}.ts`);
    try {
      fs.writeFileSync(
        file,
        'export async function save() {\n  return 1;\n}\nexport function handler() {\n  save();\n}\n' +
          "export const listen = (on: (e: string, cb: () => void) => void) => on('x', async () => {\n  await save();\n});\n",
      );
      const [result] = await new ESLint({ cwd: import.meta.dirname }).lintFiles([file]);
      const rules = result!.messages.map((m) => m.ruleId);
      expect(rules).toContain('@typescript-eslint/no-floating-promises');
      expect(rules).toContain('@typescript-eslint/no-misused-promises');
      fs.writeFileSync(
        file,
        'export async function save() {\n  return 1;\n}\nexport function handler() {\n  void save();\n}\n',
      );
      const [clean] = await new ESLint({ cwd: import.meta.dirname }).lintFiles([file]);
      expect(clean!.messages.map((m) => m.ruleId)).toEqual([]);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });
});

describe('no dead code (knip, in npm run lint)', () => {
  it('refuses an export nobody imports', async () => {
    const { spawnSync } = await import('node:child_process');
    const file = path.join(import.meta.dirname, 'packages/contracts/src/money.ts');
    const before = fs.readFileSync(file, 'utf8');
    try {
      fs.writeFileSync(file, `${before}\nexport const lintProbeUnused = () => 42;\n`);
      const r = spawnSync('npx', ['knip', '--no-progress'], { cwd: import.meta.dirname, encoding: 'utf8' });
      expect(r.status).not.toBe(0);
      expect(r.stdout).toContain('lintProbeUnused');
    } finally {
      fs.writeFileSync(file, before);
    }
  });
});

describe('category ids have one home (facet/no-category-literal)', () => {
  it('refuses a category link written by hand, in a string, a template or JSX', async () => {
    const file = 'apps/web/app/features/cart/example.tsx';
    for (const code of [
      "export const a = '/category/1100';\n",
      'export const b = (q: string) => `/category/1200?${q}`;\n',
      'export const C = () => <a href="/category/1400">Jewelry</a>;\n',
    ])
      expect(await rulesHit(code, file), code).toContain('facet/no-category-literal');
  });
  it('passes one built from the link builder', async () => {
    const code =
      "import { paths } from '@facet/contracts/paths';\nimport { CATEGORY } from '@facet/contracts/categories';\nexport const a = paths.category(CATEGORY.engagement);\n";
    expect(await rulesHit(code, 'apps/web/app/features/cart/example.tsx')).not.toContain('facet/no-category-literal');
  });
});

describe('carats have one home (no-restricted-syntax)', () => {
  it('refuses a carat ⇄ points conversion outside contracts/carats.ts', async () => {
    const file = 'apps/web/app/features/catalog/example.ts';
    for (const code of [
      'export const a = (d: { caratPoints: number }) => d.caratPoints / 100;\n',
      'export const b = (q: { caratMin: number }) => Math.round(q.caratMin * 100);\n',
      'export const c = (carat: number) => carat * 100;\n',
    ])
      expect(await rulesHit(code, file), code).toContain('no-restricted-syntax');
    expect(
      await rulesHit(
        "import { caratOf } from '@facet/contracts/carats';\nexport const a = (d: { caratPoints: number }) => caratOf(d.caratPoints);\n",
        file,
      ),
    ).not.toContain('no-restricted-syntax');
  });
});

describe('back-office areas stay apart (import-x/no-restricted-paths)', () => {
  it('refuses one area importing another, and lets it use admin/shared', async () => {
    const other =
      "import { OrdersTable } from '~/features/admin/orders/orders-table.tsx';\nexport const x = OrdersTable;\n";
    const shared = "import { Confirm } from '~/features/admin/shared/confirm.tsx';\nexport const x = Confirm;\n";
    const file = 'apps/web/app/features/admin/catalogue/example.tsx';
    expect(await rulesHit(other, file)).toContain('import-x/no-restricted-paths');
    expect(await rulesHit(shared, file)).not.toContain('import-x/no-restricted-paths');
  });
});

describe('an API module is reached through its public face (import-x/no-restricted-paths)', () => {
  it("refuses another module's or the plumbing's import of a module's inner file, and passes its index.ts", async () => {
    const inModule = path.join(import.meta.dirname, 'apps/api/src/modules/cart', `lint-probe-${process.pid}.ts`);
    const inPlugins = path.join(import.meta.dirname, 'apps/api/src/plugins', `lint-probe-${process.pid}.ts`);
    try {
      fs.writeFileSync(inModule, "import { enqueueMails } from '../mail/outbox.ts';\nexport const a = enqueueMails;\n");
      fs.writeFileSync(
        inPlugins,
        "import { enqueueMails } from '../modules/mail/outbox.ts';\nexport const b = enqueueMails;\n",
      );
      const refused = await new ESLint({ cwd: import.meta.dirname }).lintFiles([inModule, inPlugins]);
      for (const r of refused) expect(r.messages.map((m) => m.ruleId)).toContain('import-x/no-restricted-paths');
      fs.writeFileSync(inModule, "import { enqueueMails } from '../mail/index.ts';\nexport const a = enqueueMails;\n");
      const [ok] = await new ESLint({ cwd: import.meta.dirname }).lintFiles([inModule]);
      expect(ok!.messages.map((m) => m.ruleId)).not.toContain('import-x/no-restricted-paths');
    } finally {
      fs.rmSync(inModule, { force: true });
      fs.rmSync(inPlugins, { force: true });
    }
  });
});

describe('a repository is private to its module (import-x/no-restricted-paths)', () => {
  it('refuses it to the composition root, a file directly under src/, a plugin and another module', async () => {
    const probes = [
      ['apps/api/src', '../src/modules/cart/repository.ts'],
      ['apps/api/src/plugins', '../modules/cart/repository.ts'],
      ['apps/api/src/modules/order', '../cart/repository.ts'],
    ].map(([dir, from]) => {
      const file = path.join(import.meta.dirname, dir!, `lint-probe-repo-${process.pid}.ts`);
      return { file, from: from!.replace('../src/', './') };
    });
    try {
      for (const p of probes)
        fs.writeFileSync(p.file, `import { cartRepository } from '${p.from}';\nexport const r = cartRepository;\n`);
      const results = await new ESLint({ cwd: import.meta.dirname }).lintFiles(probes.map((p) => p.file));
      for (const r of results)
        expect(
          r.messages.some((m) => m.message.includes('repositories are private to their module')),
          r.filePath,
        ).toBe(true);
    } finally {
      for (const p of probes) fs.rmSync(p.file, { force: true });
    }
  });
});

describe('routes do not drop caches themselves (facet/no-invalidation-in-routes)', () => {
  it('refuses an invalidation, a copy reloaded and a memo forgotten in a route file', async () => {
    const file = path.join(import.meta.dirname, 'apps/api/src/modules/pricing', `lint-probe-${process.pid}-routes.ts`);
    try {
      fs.writeFileSync(
        file,
        [
          "import type { FastifyInstance } from 'fastify';",
          "import { forgetCheapestStones } from '../configurator/index.ts';",
          'const listing = { reload: (_db: unknown) => {} };',
          'export const r = (app: FastifyInstance) => {',
          '  app.answerCache.invalidate();',
          '  listing.reload(app.db);',
          '  forgetCheapestStones();',
          '};',
          '',
        ].join('\n'),
      );
      const [result] = await new ESLint({ cwd: import.meta.dirname }).lintFiles([file]);
      const hits = result!.messages.filter((m) => m.ruleId === 'facet/no-invalidation-in-routes').map((m) => m.line);
      expect(hits).toEqual([5, 6, 7]);
    } finally {
      fs.rmSync(file, { force: true });
    }
  });
});

describe('the request plumbing does not import the domain (no-restricted-imports)', () => {
  it("refuses a plugin importing a module's values, and passes its types", async () => {
    const file = path.join(import.meta.dirname, 'apps/api/src/plugins', `lint-probe-${process.pid}.ts`);
    try {
      fs.writeFileSync(file, "import { audit } from '../modules/audit/index.ts';\nexport const a = audit;\n");
      const [bad] = await new ESLint({ cwd: import.meta.dirname }).lintFiles([file]);
      expect(bad!.messages.map((m) => m.ruleId)).toContain('no-restricted-imports');
      fs.writeFileSync(file, "import type { Actor } from '../modules/audit/index.ts';\nexport type A = Actor;\n");
      const [ok] = await new ESLint({ cwd: import.meta.dirname }).lintFiles([file]);
      expect(ok!.messages.map((m) => m.ruleId)).not.toContain('no-restricted-imports');
    } finally {
      fs.rmSync(file, { force: true });
    }
  });
  it('refuses a plugin calling the change feed itself (it calls into modules), and passes the page cache', async () => {
    const file = path.join(import.meta.dirname, 'apps/api/src/plugins', `lint-probe-feed-${process.pid}.ts`);
    try {
      fs.writeFileSync(
        file,
        "import { catalogueWritten } from '../cache/index.ts';\nexport const w = catalogueWritten;\n",
      );
      const [bad] = await new ESLint({ cwd: import.meta.dirname }).lintFiles([file]);
      expect(bad!.messages.map((m) => m.ruleId)).toContain('no-restricted-imports');
      fs.writeFileSync(file, "import { PageCache } from '../cache/index.ts';\nexport const p = PageCache;\n");
      const [ok] = await new ESLint({ cwd: import.meta.dirname }).lintFiles([file]);
      expect(ok!.messages.map((m) => m.ruleId)).not.toContain('no-restricted-imports');
    } finally {
      fs.rmSync(file, { force: true });
    }
  });
});

describe('SQL only in repositories (no-restricted-imports)', () => {
  it('refuses drizzle in a service and in a plugin', async () => {
    const files = [
      path.join(import.meta.dirname, 'apps/api/src/modules/cart', `lint-probe-sql-${process.pid}.ts`),
      path.join(import.meta.dirname, 'apps/api/src/plugins', `lint-probe-sql-${process.pid}.ts`),
    ];
    try {
      for (const f of files)
        fs.writeFileSync(f, "import { sql } from 'drizzle-orm';\nexport const q = sql`select 1`;\n");
      const results = await new ESLint({ cwd: import.meta.dirname }).lintFiles(files);
      for (const r of results)
        expect(r.messages.map((m) => m.message).join(' '), r.filePath).toContain(
          "SQL belongs in the module's repository.ts",
        );
    } finally {
      for (const f of files) fs.rmSync(f, { force: true });
    }
  });
});

describe('web features stay apart, shared pieces stay below them (import-x/no-restricted-paths)', () => {
  const fromFeature = "import { CartLine } from '~/features/cart/cart-line.tsx';\nexport const x = CartLine;\n";
  it('refuses one feature importing another, and components/ or lib/ importing a feature or a route', async () => {
    for (const file of [
      'apps/web/app/features/wishlist/example.tsx',
      'apps/web/app/components/example.tsx',
      'apps/web/app/lib/example.ts',
    ])
      expect(await rulesHit(fromFeature, file), file).toContain('import-x/no-restricted-paths');
    const fromRoute = "import Cart from '~/routes/cart.tsx';\nexport const x = Cart;\n";
    expect(await rulesHit(fromRoute, 'apps/web/app/components/example.tsx')).toContain('import-x/no-restricted-paths');
  });
  it('lets a feature import its own files', async () => {
    expect(await rulesHit(fromFeature, 'apps/web/app/features/cart/example.tsx')).not.toContain(
      'import-x/no-restricted-paths',
    );
  });
});

describe('the contracts import no app (import-x/no-restricted-paths)', () => {
  it('refuses a contract importing API or web code', async () => {
    const file = 'packages/contracts/src/example.ts';
    for (const code of [
      "import { cartRoutes } from '../../../apps/api/src/modules/cart/index.ts';\nexport const x = cartRoutes;\n",
      "import { CartLine } from '../../../apps/web/app/features/cart/cart-line.tsx';\nexport const y = CartLine;\n",
    ])
      expect(await rulesHit(code, file), code).toContain('import-x/no-restricted-paths');
  });
});

describe('money has one home (no-restricted-syntax)', () => {
  it('refuses dollars ⇄ cents arithmetic outside contracts/money.ts, and passes its helpers', async () => {
    const file = 'apps/web/app/features/cart/example.ts';
    for (const code of [
      'export const a = (priceCents: number) => priceCents / 100;\n',
      'export const b = (l: { totalCents: number }) => l.totalCents / 100;\n',
      'export const c = (price: number) => Math.round(price * 100);\n',
      'export const d = (l: { dollars: number }) => l.dollars * 100;\n',
      'export const e = (n: number) => (n / 100).toFixed(2);\n',
    ])
      expect(await rulesHit(code, file), code).toContain('no-restricted-syntax');
    expect(
      await rulesHit(
        "import { formatMoney } from '@facet/contracts/money';\nexport const a = (priceCents: number) => formatMoney(priceCents);\n",
        file,
      ),
    ).not.toContain('no-restricted-syntax');
  });
});

describe('a module names only its own tables (facet/own-tables, import-x/no-restricted-paths)', () => {
  const repo = 'apps/api/src/modules/wishlist/repository.ts';
  it("refuses another module's table in SQL: read, join, insert and update", async () => {
    for (const q of [
      'select total_cents from customer_order where id = 1',
      'select w.id from wishlist w join app_user u on u.id = w.user_id',
      "insert into store_setting (key, value) values ('k', '1')",
      'update diamond set status = 1',
    ])
      expect(await rulesHit(`export const q = sql\`${q}\`;\n`, repo), q).toContain('facet/own-tables');
  });
  it('passes its own tables and the views other modules declare', async () => {
    for (const q of [
      'select id from wishlist_item where wishlist_id = 1',
      'select w.id from wishlist w join app_user_view u on u.id = w.user_id',
    ])
      expect(await rulesHit(`export const q = sql\`${q}\`;\n`, repo), q).not.toContain('facet/own-tables');
  });
  it("refuses another module's schema.ts to a repository, and lets schema files name it for a foreign key", async () => {
    const line = "import { appUser } from '../account/schema.ts';\nexport const t = appUser;\n";
    expect(await rulesHit(line, repo)).toContain('import-x/no-restricted-paths');
    expect(await rulesHit(line, 'apps/api/src/modules/wishlist/schema.ts')).not.toContain(
      'import-x/no-restricted-paths',
    );
  });
});

describe('queues are made where their jobs wake the workers (no-restricted-properties)', () => {
  it('refuses createQueue in a module, and passes ensureQueue', async () => {
    const file = 'apps/api/src/modules/reminders/worker.ts';
    expect(
      await rulesHit(
        "export const q = (boss: { createQueue(n: string): Promise<void> }) => boss.createQueue('x');\n",
        file,
      ),
    ).toContain('no-restricted-properties');
    expect(
      await rulesHit(
        "import { ensureQueue, type JobQueue } from '../jobs/index.ts';\nexport const q = (boss: JobQueue) => ensureQueue(boss, 'x', {});\n",
        file,
      ),
    ).not.toContain('no-restricted-properties');
  });
});
