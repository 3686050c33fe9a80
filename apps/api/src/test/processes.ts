import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

/** A local port nothing listens on now, for a store or a server a test starts. */
export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });

/** SIGTERM, as an orchestrator stops a process, and its exit code once it has exited. */
export const stopped = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) return resolve(child.exitCode);
    child.once('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
