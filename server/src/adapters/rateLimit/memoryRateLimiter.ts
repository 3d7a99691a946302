/** Fixed-window attempt counters in this process's memory. */
import type { Clock } from '../../clock.js';
import type { RateLimitDecision, RateLimiter, RateLimitRule } from './types.js';

/** Above this many keys, finished windows are swept so the map cannot grow without bound. */
const SWEEP_ABOVE = 10_000;

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetsAt: number }>();

  constructor(private readonly clock: Clock) {}

  async consume(key: string, { max, windowMs }: RateLimitRule): Promise<RateLimitDecision> {
    const now = this.clock.now().getTime();
    let window = this.windows.get(key);
    if (!window || window.resetsAt <= now) {
      if (this.windows.size >= SWEEP_ABOVE) this.sweep(now);
      window = { count: 0, resetsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count <= max) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((window.resetsAt - now) / 1000)) };
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetsAt <= now) this.windows.delete(key);
  }
}
