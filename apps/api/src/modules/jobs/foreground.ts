// How busy this instance is answering requests. Background work that shares its processor (a feed
// import parsing and writing) steps aside a little while shoppers are being answered, so their
// searches are not slowed by a job that can as well take a few seconds longer.

const WINDOW_MS = 500;
/** Requests in the last window above which the instance counts as busy. */
const BUSY_REQUESTS = 20;
const STEP_ASIDE_MS = 80;

export class Foreground {
  private count = 0;
  private windowStart = 0;
  private previous = 0;

  /** One request arrived. */
  note(now = Date.now()) {
    this.roll(now);
    this.count++;
  }

  private roll(now: number) {
    if (now - this.windowStart < WINDOW_MS) return;
    // The window that just ended counts for the next one (a window that ended long ago, for nothing).
    this.previous = now - this.windowStart < 2 * WINDOW_MS ? this.count : 0;
    this.count = 0;
    this.windowStart = now;
  }

  busy(now = Date.now()): boolean {
    this.roll(now);
    return Math.max(this.count, this.previous) >= BUSY_REQUESTS;
  }

  /** For background work between two steps: a short pause while the instance is busy, none otherwise. */
  yieldToRequests = (): Promise<void> =>
    this.busy() ? new Promise((r) => setTimeout(r, STEP_ASIDE_MS)) : Promise.resolve();

  /**
   * For background work in heavy steps (a photograph's encode takes a core for a quarter second):
   * waits while the instance is busy, at most `maxMs`, so a burst of shoppers gets the processor
   * and the work still moves on under load that never stops.
   */
  async quiet(maxMs: number, now = () => Date.now()): Promise<void> {
    const until = now() + maxMs;
    while (this.busy() && now() < until) await new Promise((r) => setTimeout(r, STEP_ASIDE_MS));
  }
}
