import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';

// A child that spins for `ms` and prints the CPU time it was given, in microseconds.
const SPIN_AND_REPORT = `const end = Date.now() + Number(process.argv[1]); while (Date.now() < end) {}
const u = process.cpuUsage(); process.stdout.write(String(u.user + u.system));`;

function spinAndReport(ms: number, nice = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', SPIN_AND_REPORT, String(ms)], { stdio: ['ignore', 'pipe', 'ignore'] });
    if (nice) os.setPriority(child.pid!, nice);
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.once('error', reject);
    child.once('close', () => resolve(Number(out.trim()) / 1000));
  });
}

/**
 * The cores this machine really gives us: what the operating system reports is not always what a
 * container's quota lets run at once, and "two spinners a core" must mean the cores we get.
 */
export async function usableCores(): Promise<number> {
  const ms = 1500;
  const given = await Promise.all(Array.from({ length: os.availableParallelism() }, () => spinAndReport(ms)));
  return Math.max(1, Math.round(given.reduce((a, b) => a + b, 0) / ms));
}

/** The share of one core a process at this nice level gets right now (0–1). */
export async function shareAt(nice: number): Promise<number> {
  const ms = 3000;
  return (await spinAndReport(ms, nice)) / ms;
}

/** `count` processes that spin until killed. */
export function spinners(count: number): ChildProcess[] {
  return Array.from({ length: count }, () => spawn(process.execPath, ['-e', 'for(;;){}'], { stdio: 'ignore' }));
}
