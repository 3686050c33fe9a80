import { describe, expect, it } from 'vitest';
import { Foreground } from './foreground.ts';

// Background work steps aside while the instance is answering many requests, and only then.

describe('foreground load', () => {
  it('is busy while requests keep arriving, and quiet again once they stop', () => {
    const f = new Foreground();
    const t0 = 1_000_000;
    expect(f.busy(t0)).toBe(false);
    for (let i = 0; i < 19; i++) f.note(t0 + i);
    expect(f.busy(t0 + 20)).toBe(false);
    f.note(t0 + 21);
    expect(f.busy(t0 + 22)).toBe(true);
    // The next window still remembers the last one's load…
    expect(f.busy(t0 + 600)).toBe(true);
    // …but not a window that ended long ago.
    expect(f.busy(t0 + 5_000)).toBe(false);
  });

  it('heavy background steps wait while the instance is busy, at most as long as they may, and not at all when it is quiet', async () => {
    const busy = new Foreground();
    for (let i = 0; i < 25; i++) busy.note();
    const started = Date.now();
    await busy.quiet(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    // A quiet instance: no wait (were it to wait the full minute, the test would time out).
    await new Foreground().quiet(60_000);
  });
});
