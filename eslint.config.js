import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

// The rooms of the code base and the doors between them (docs/architecture.md).
const dirs = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);
const apiModules = dirs('./apps/api/src/modules/');
const webFeatures = dirs('./apps/web/app/features/');
const adminAreas = dirs('./apps/web/app/features/admin/').filter((d) => d !== 'shared');

/**
 * Every form says how it is sent. One without `method` is sent as a GET when it is submitted before
 * the page's scripts run (a slow phone, a blocked script, a quick Enter): its fields, a password
 * among them, land in the address bar, the history and the server's request log.
 */
const formMethod = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { missing: 'Give this <{{name}}> a method: "post", or "get" for a search.' },
  },
  create: (context) => ({
    JSXOpeningElement(node) {
      const name = node.name.type === 'JSXIdentifier' ? node.name.name : null;
      if (name !== 'form' && name !== 'Form') return;
      const has = node.attributes.some(
        (a) => a.type === 'JSXSpreadAttribute' || (a.type === 'JSXAttribute' && a.name.name === 'method'),
      );
      if (!has) context.report({ node, messageId: 'missing', data: { name } });
    },
  }),
};

/** A category's URL written by hand: the id is a fact with one home (contracts' CATEGORY, through paths). */
const noCategoryLiteral = {
  meta: {
    type: 'problem',
    schema: [],
    messages: { literal: 'Build category links with paths.category(CATEGORY.…) from @facet/contracts.' },
  },
  create: (context) => {
    const check = (node, text) => {
      if (typeof text === 'string' && /\/category\/\d/.test(text)) context.report({ node, messageId: 'literal' });
    };
    return {
      Literal: (node) => check(node, node.value),
      TemplateElement: (node) => check(node, node.value.raw),
      JSXText: (node) => check(node, node.value),
    };
  },
};

// API: a repository is private to its module, whoever imports it (tests and the composition root too).
const repositoryZones = apiModules.flatMap((m) => [
  {
    target: [`./apps/api/src/!(modules)/**`, './apps/api/src/*.ts'],
    from: `./apps/api/src/modules/${m}/repository.ts`,
    message: "Use the module's public face: repositories are private to their module.",
  },
  {
    target: `./apps/api/src/modules/!(${m})/**`,
    from: `./apps/api/src/modules/${m}/repository.ts`,
    message: "Use the module's public face: repositories are private to their module.",
  },
]);
// API: outside its folder a module is reached through its index.ts only (what it offers the rest of
// the API). The composition root (app.ts, server.ts) also registers its routes and workers; tests
// may look inside.
const moduleFaceZones = apiModules.map((m) => ({
  target: [`./apps/api/src/modules/!(${m})/**`, './apps/api/src/!(modules)/**', './apps/api/src/*.ts'],
  from: `./apps/api/src/modules/${m}`,
  except: ['./index.ts'],
  message: `Import ${m} through modules/${m}/index.ts, its public face (add what you need there).`,
}));

/** Route files never drop caches themselves: a write announces itself (cache/catalogue-changes.ts). */
const noInvalidationInRoutes = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      call: 'Routes do not invalidate caches: the admin scope and the database NOTIFY do it (cache/catalogue-changes.ts).',
    },
  },
  create: (context) => ({
    CallExpression(node) {
      // app.answerCache.invalidate(), pages.invalidate(tags), listing.reload(db), a copy's clear(),
      // forgetCheapestStones(): each drops or rebuilds a cache; all of them belong to the change feed.
      const callee = node.callee;
      const name =
        callee.type === 'MemberExpression' && callee.property.type === 'Identifier'
          ? callee.property.name
          : callee.type === 'Identifier'
            ? callee.name
            : '';
      if (/^(invalidate|reload|clear)$/.test(name) || /^forget[A-Z]/.test(name))
        context.report({ node, messageId: 'call' });
    },
  }),
};

// API: SQL and tables are used in repository.ts files (and the database layer itself).
const sqlOnlyInRepositories = [
  {
    group: ['drizzle-orm', 'drizzle-orm/*'],
    allowTypeImports: true,
    message: "SQL belongs in the module's repository.ts.",
  },
  { group: ['**/schema.ts'], allowTypeImports: true, message: "Tables are used in the module's repository.ts." },
];

/** Each table's owner: the module whose schema.ts declares it (the only one whose SQL may name it). */
const tableOwners = new Map(
  apiModules.flatMap((m) => {
    const file = `apps/api/src/modules/${m}/schema.ts`;
    if (!existsSync(file)) return [];
    const text = readFileSync(file, 'utf8');
    return [...text.matchAll(/pgTable\(\s*'([a-z_]+)'/g)].map((t) => [t[1], m]);
  }),
);

/**
 * SQL in a module names only its own tables: another module's rows are read through its face or
 * a view it declares, and written through its face. (Importing another module's schema.ts is
 * refused by the module-face zones.)
 */
const ownTables = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      foreign:
        "'{{table}}' belongs to the {{owner}} module: read it through {{owner}}'s face or a view it declares, write it through its face.",
    },
  },
  create: (context) => {
    const mine = context.filename
      .split(path.sep)
      .join('/')
      .match(/apps\/api\/src\/modules\/([^/]+)\//)?.[1];
    if (!mine) return {};
    return {
      TemplateLiteral(node) {
        const text = node.quasis.map((q) => q.value.cooked ?? q.value.raw).join(' ');
        for (const m of text.matchAll(/\b(?:from|join|into|update)\s+"?([a-z_]+)"?/gi)) {
          const owner = tableOwners.get(m[1]);
          if (owner && owner !== mine) context.report({ node, messageId: 'foreign', data: { table: m[1], owner } });
        }
      },
    };
  },
};

/** The project's own rules, one plugin object (ESLint refuses two definitions of a plugin name). */
const facet = {
  rules: {
    'form-method': formMethod,
    'no-category-literal': noCategoryLiteral,
    'no-invalidation-in-routes': noInvalidationInRoutes,
    'own-tables': ownTables,
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/.react-router/**',
      'data/**',
      'apps/api/drizzle/**',
      'bench/results/**',
      'test-results/**',
      '**/test-results/**',
      'screenshots/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x cannot read a TypeScript file it follows, and no-cycle sees no cycle.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/api/tsconfig.json', 'apps/web/tsconfig.json', 'packages/contracts/tsconfig.json'],
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...repositoryZones,
            // Web: a feature does not reach into another feature; shared pieces live in components/ or lib/.
            ...webFeatures.map((f) => ({
              target: `./apps/web/app/features/${f}/**`,
              from: `./apps/web/app/features/!(${f})/**`,
              message: 'Features do not import each other: move the shared piece to components/ or lib/.',
            })),
            // The back office by area (orders, catalogue, imports, …): an area uses admin/shared, never another area.
            ...adminAreas.map((a) => ({
              target: `./apps/web/app/features/admin/${a}/**`,
              from: `./apps/web/app/features/admin/!(${a}|shared)/**`,
              message: 'Back-office areas do not import each other: move the shared piece to features/admin/shared.',
            })),
            {
              target: './apps/web/app/features/admin/shared/**',
              from: './apps/web/app/features/admin/!(shared)/**',
              message: 'features/admin/shared is below the back-office areas.',
            },
            // The back office's code never reaches a shopper's page: no storefront route or root file imports it.
            {
              target: './apps/web/app/{routes/*.{ts,tsx},root.tsx,entry.server.tsx}',
              from: './apps/web/app/{features/admin,routes/admin}/**',
              message: 'Storefront code does not import the back office (it would ship to shoppers).',
            },
            {
              target: './apps/web/app/{components,lib}/**',
              from: './apps/web/app/{features,routes}/**',
              message: 'components/ and lib/ are below features and routes.',
            },
            {
              target: './packages/contracts/**',
              from: './apps/**',
              message: 'contracts depend on nothing in the apps.',
            },
          ],
        },
      ],
    },
  },
  {
    // The API's promises: one nobody awaits or catches fails silently (an unhandled rejection at
    // best), and one handed where a plain callback is expected is never awaited. Type-aware rules.
    files: ['apps/api/src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/api/src/test/**', 'apps/api/src/app.ts', 'apps/api/src/server.ts'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...repositoryZones, ...moduleFaceZones] }] },
  },
  {
    // A table's foreign key names the other module's table: schema files may import each other. The
    // seed loads every module's rows in bulk, as a restore does: it writes their tables directly.
    files: ['apps/api/src/modules/*/schema.ts', 'apps/api/src/seed/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: moduleFaceZones.map((z) => ({ ...z, except: ['./index.ts', './schema.ts'] })) },
      ],
    },
  },
  {
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { facet },
    rules: { 'facet/own-tables': 'error' },
  },
  {
    files: ['apps/api/src/modules/**/routes.ts', 'apps/api/src/modules/**/*-routes.ts'],
    plugins: { facet },
    rules: { 'facet/no-invalidation-in-routes': 'error' },
  },
  {
    // Money is integer cents; dollars are converted in packages/contracts/src/money.ts only.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    ignores: [
      'packages/contracts/src/money.ts',
      'packages/contracts/src/carats.ts',
      '**/*.test.ts',
      'apps/api/src/seed/**',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          "BinaryExpression[operator='/'][right.value=100][left.name=/[Cc]ents/]",
          "BinaryExpression[operator='/'][right.value=100][left.property.name=/[Cc]ents/]",
          "BinaryExpression[operator='*'][right.value=100][left.name=/^(price|dollars)/i]",
          "BinaryExpression[operator='*'][right.value=100][left.property.name=/^(price|dollars)/i]",
          "CallExpression[callee.property.name='toFixed'][callee.object.type='BinaryExpression'][callee.object.right.value=100]",
        ].map((selector) => ({
          selector,
          message: 'Convert money with centsOf / dollarsOf / decimalPrice / formatMoney from @facet/contracts/money.',
        })),
        ...[
          "BinaryExpression[operator='/'][right.value=100][left.property.name=/^carat/i]",
          "BinaryExpression[operator='/'][right.value=100][left.name=/^carat/i]",
          "BinaryExpression[operator='*'][right.value=100][left.name=/^carat/i]",
          "BinaryExpression[operator='*'][right.value=100][left.property.name=/^carat/i]",
          "BinaryExpression[operator='*'][right.value=100][left.callee.name='Number'][left.arguments.0.property.name=/^carat/i]",
        ].map((selector) => ({
          selector,
          message: 'Convert carats and points with caratOf / pointsOf from @facet/contracts/carats.',
        })),
      ],
    },
  },
  {
    // Queues are made by the jobs module's ensureQueue, so a job sent wakes its workers at once
    // (pg-boss's notify) instead of each queue being polled every second.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/modules/jobs/**', 'apps/api/src/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          property: 'createQueue',
          message: 'Make a queue with ensureQueue from modules/jobs: its jobs wake the workers.',
        },
      ],
    },
  },
  {
    // API: SQL and table access live in repository.ts files (and the database layer itself).
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/**/repository.ts',
      'apps/api/src/modules/*/schema.ts',
      'apps/api/src/**/*.test.ts',
      'apps/api/src/db/**',
      'apps/api/src/seed/**',
      'apps/api/src/test/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [...sqlOnlyInRepositories],
        },
      ],
    },
  },
  {
    files: ['apps/web/app/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['apps/web/app/**/*.tsx'],
    plugins: { facet },
    rules: { 'facet/form-method': 'error' },
  },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'apps/web/tests/**', 'apps/api/src/seed/**'],
    plugins: { facet },
    rules: { 'facet/no-category-literal': 'error' },
  },
  {
    // react-hook-form serves the back office's forms with repeated rows; the storefront keeps its
    // 0.4 KB hook (decision 012), so the library never reaches a shopper's page.
    files: ['apps/web/app/**/*.{ts,tsx}'],
    ignores: ['apps/web/app/features/admin/**', 'apps/web/app/routes/admin/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react-hook-form', '@hookform/*'],
              message: 'Storefront forms use components/form/use-form.ts (decision 012).',
            },
          ],
        },
      ],
    },
  },
  {
    // The request plumbing gets what it needs of the domain by injection (app.ts decorates the app),
    // so no domain module is imported by it for its values: a plugin may name a module's types only.
    files: ['apps/api/src/plugins/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...sqlOnlyInRepositories,
            {
              group: ['**/modules/**'],
              allowTypeImports: true,
              message: 'Plugins receive what they need of a module from app.ts (a decorator), not by importing it.',
            },
            {
              // The change feed calls into modules (catalog copies, configurator memos, sales).
              group: ['**/cache/index.ts', '**/cache/catalogue-changes.ts'],
              importNames: ['catalogueWritten', 'afterStockChange', 'followCatalogueChanges'],
              message:
                'Plugins reach the change feed through a decorator (app.staffAccess.catalogueWritten), not by importing it.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
