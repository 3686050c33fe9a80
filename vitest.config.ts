import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      // The project's own tooling: its lint rules and the bench's targets, fed violations.
      {
        test: {
          name: 'tooling',
          include: ['*.test.ts', 'scripts/**/*.test.ts', 'bench/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
        },
      },
      { test: { name: 'contracts', include: ['packages/contracts/src/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'web', include: ['apps/web/app/**/*.test.ts'], environment: 'node' } },
      {
        // Components in a DOM (happy-dom), where a browser-only part (Stripe.js) is replaced at its module boundary.
        resolve: { alias: { '~': fileURLToPath(new URL('./apps/web/app', import.meta.url)) } },
        esbuild: { jsx: 'automatic' },
        test: { name: 'web-dom', include: ['apps/web/app/**/*.test.tsx'], environment: 'happy-dom' },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          exclude: ['**/*.instances.test.ts', '**/node_modules/**'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // A folder for the run's migrated and seeded database templates (test/templates.ts).
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          // PGlite is single-threaded WASM; two workers match this machine's two cores.
          maxWorkers: 2,
        },
      },
      {
        // Several API processes on one PostgreSQL server (DATABASE_URL): .ci/run runs it.
        test: {
          name: 'instances',
          include: ['apps/api/src/**/*.instances.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
