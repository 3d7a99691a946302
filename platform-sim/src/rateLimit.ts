/**
 * Per-key sliding-window rate limit (a sliding log of the last `limit` accepted requests). The work
 * API keys it by platform account, so neither a token refresh nor a second device of the same
 * account starts a fresh window.
 *
 * A request is allowed when fewer than `limit` requests were allowed in the last `windowMs`. Only
 * the last `limit` timestamps can matter, so each key holds a fixed ring of them: O(1) per
 * request, no timers. Rejected requests are not logged, so a client that backs off recovers as
 * soon as the window slides.
 */
interface Window {
  times: Float64Array;
  /** Index of the oldest timestamp. */
  start: number;
  count: number;
}

export class SlidingWindowLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly windowMs: number,
    /** 0 disables the limit. */
    private readonly limit: number,
  ) {}

  /** Logs and allows the request, or returns false when over the limit. */
  tryAcquire(key: string, now: number): boolean {
    if (this.limit <= 0) return true;
    let w = this.windows.get(key);
    if (!w) {
      w = { times: new Float64Array(this.limit), start: 0, count: 0 };
      this.windows.set(key, w);
    }
    if (w.count < this.limit) {
      w.times[(w.start + w.count) % this.limit] = now;
      w.count++;
      return true;
    }
    // Full: the oldest of the last `limit` decides; timestamps are in order, so if it is still
    // inside the window, all are.
    if (now - (w.times[w.start] as number) < this.windowMs) return false;
    w.times[w.start] = now;
    w.start = (w.start + 1) % this.limit;
    return true;
  }

  get size(): number {
    return this.windows.size;
  }
}
