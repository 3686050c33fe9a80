#!/usr/bin/env node
// `npm test`: every test — contracts and API (Vitest), then end-to-end in Chromium (Playwright).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { installIfNeeded } from './install-if-needed.mjs';

const root = path.resolve(import.meta.dirname, '..');
const step = (label, cmd, args) => {
  console.log(`\n▶ ${label}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`\n✖ ${label} failed`);
    process.exit(r.status ?? 1);
  }
};

// Like `npm start`, on a fresh clone: nothing below runs without the project's dependencies.
installIfNeeded(root);
step('Lint: module boundaries, SQL only in repositories, no cycles, hooks (ESLint); formatting (Prettier)', 'npm', [
  'run',
  'lint',
  '--silent',
]);
// Vitest and the build strip types without checking them: a wrong type would pass both.
step('Types (tsc, every workspace)', 'npm', ['run', 'typecheck', '--silent']);
step('Unit and API tests (Vitest)', 'npx', [
  'vitest',
  'run',
  '--project',
  'tooling',
  '--project',
  'contracts',
  '--project',
  'web',
  '--project',
  'web-dom',
  '--project',
  'api',
]);
// Several API processes on one database need a PostgreSQL server; .ci/run starts one and runs this.
if (process.env.DATABASE_URL)
  step('Two API instances on one PostgreSQL (Vitest)', 'npx', ['vitest', 'run', '--project', 'instances']);
else
  console.log(
    '\n(The two-instance suite needs PostgreSQL: set DATABASE_URL, or run .ci/run, which starts a server for it.)',
  );
step('End-to-end tests (Playwright + Chromium)', 'node', ['scripts/e2e.mjs']);
console.log('\n✔ All tests passed');
