/** Fixed-window attempt counters and failure back-offs in this process's memory. */
import type { Clock } from '../../clock.js';
import { backoffDelayMs, waitDecision, type BackoffRule, type RateLimitDecision, type RateLimiter, type RateLimitRule } from './types.js';

/** Above this many keys, finished windows are swept so the map cannot grow without bound. */
const SWEEP_ABOVE = 10_000;

export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; resetsAt: number }>();
  private readonly failures = new Map<string, { count: number; waitUntil: number; forgetAt: number }>();

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

  async attempt(key: string, rule: BackoffRule): Promise<RateLimitDecision> {
    const now = this.clock.now().getTime();
    let entry = this.failures.get(key);
    if (!entry || entry.forgetAt <= now) {
      if (this.failures.size >= SWEEP_ABOVE) this.sweep(now);
      entry = { count: 0, waitUntil: 0, forgetAt: 0 };
      this.failures.set(key, entry);
    }
    const decision = waitDecision(entry.waitUntil, now);
    if (!decision.allowed) return decision;
    entry.count += 1;
    entry.waitUntil = now + backoffDelayMs(entry.count, rule);
    entry.forgetAt = now + rule.forgetAfterMs;
    return decision;
  }

  async forgiveAttempt(key: string): Promise<void> {
    const entry = this.failures.get(key);
    if (entry) entry.count = Math.max(0, entry.count - 1);
  }

  async clearFailures(key: string): Promise<void> {
    this.failures.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetsAt <= now) this.windows.delete(key);
    for (const [key, entry] of this.failures) if (entry.forgetAt <= now) this.failures.delete(key);
  }
}
