import fs from 'node:fs';
import path from 'node:path';

// How `npm run backup` reaches a running embedded store: the store writes where it listens and a
// random token to DATA_DIR/control.json (its user only), and removes it when it stops.

export interface Control {
  pid: number;
  port: number;
  token: string;
}

export function writeControlFile(dataDir: string, port: number, token: string) {
  const file = path.join(dataDir, 'control.json');
  fs.writeFileSync(file, JSON.stringify({ pid: process.pid, port, token } satisfies Control), { mode: 0o600 });
  fs.chmodSync(file, 0o600);
  process.once('exit', () => {
    // Only our own: a store started after us in the same folder has written its own.
    try {
      if ((JSON.parse(fs.readFileSync(file, 'utf8')) as Control).pid === process.pid) fs.rmSync(file);
    } catch {
      /* already gone */
    }
  });
}

export function readControlFile(dataDir: string): Control | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dataDir, 'control.json'), 'utf8')) as Control;
  } catch {
    return null;
  }
}
