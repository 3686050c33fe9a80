// Ensures Debian's Chromium is present for the end-to-end tests; never downloads a browser build.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return path;
  if (process.getuid?.() === 0) {
    console.log('Installing Debian chromium for the end-to-end tests…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const r = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    if (r.status === 0 && existsSync(path)) return path;
  }
  console.error('End-to-end tests need Chromium: run `sudo apt-get install chromium` (Debian) and try again.');
  process.exit(1);
}
