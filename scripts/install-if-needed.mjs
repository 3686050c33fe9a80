// A fresh clone has no node_modules: `npm start` and `npm test` both install first, the same way.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

export function installIfNeeded(root) {
  if (existsSync(path.join(root, 'node_modules', '.package-lock.json'))) return;
  console.log('Installing dependencies (first run)…');
  // `npm ci` when the lock file is there: exactly the versions the project was tested with.
  const cmd = existsSync(path.join(root, 'package-lock.json')) ? 'ci' : 'install';
  const r = spawnSync('npm', [cmd, '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
