#!/usr/bin/env node
// `npm start` on a fresh clone: install when needed, build the storefront when no build exists,
// then run the one server (it migrates and seeds an empty database itself).
import { spawnSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { installIfNeeded } from './install-if-needed.mjs';

const root = path.resolve(import.meta.dirname, '..');
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', shell: false });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

installIfNeeded(root);
if (!existsSync(path.join(root, 'apps/web/build/server/index.js'))) {
  console.log('Building the storefront (first run)…');
  run('npm', ['run', 'build', '--silent']);
}
// Run the server under the project's pinned Node (node_modules/.bin/node), not the system one.
const node = existsSync(path.join(root, 'node_modules/.bin/node'))
  ? path.join(root, 'node_modules/.bin/node')
  : process.execPath;
const child = spawn(node, ['apps/api/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
