/**
 * Per-driver ownership leases: the proof that no driver is searched by two workers at once.
 *
 * BullMQ's job lock decides which worker RUNS a driver's job, but losing that lock does not stop a
 * processor (a worker whose event loop stalled past the lock keeps running while the job is handed
 * to another). So a worker also holds a lease per driver, `SET key owner NX PX leaseMs`, renews all
 * of its leases in one script call, and calls the platform for a driver only while its own clock
 * says the lease is still valid: valid until the moment the last successful renewal was SENT plus
 * leaseMs, minus a safety margin. Redis can only expire the key after that moment, so another
 * worker can acquire it only after this one has stopped calling (fencing by time, the only fencing
 * the platform allows: it cannot check a token of ours).
 */
import { performance } from 'node:perf_hooks';
import type { Redis } from 'ioredis';
import { redisScript, type RedisScript } from '../adapters/redis.js';

/**
 * Take the lease when free (absent, or released with its driver's next poll time) or already
 * ours: {1, what it held} when held after the call, {0} when another worker holds it.
 */
const ACQUIRE = `
local current = redis.call('GET', KEYS[1])
if current == false or current == ARGV[1] or string.sub(current, 1, 5) == 'free:' then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return {1, current or ''}
end
return {0}`;

/**
 * Extend every lease still ours, and take back one that lapsed with nobody else taking it (a late
 * renewal on a busy worker: no one else can have searched meanwhile, since only a lease holder
 * calls the platform); the 1-based positions of those another worker holds.
 */
const RENEW = `
local lost = {}
for i, key in ipairs(KEYS) do
  local current = redis.call('GET', key)
  if current == ARGV[1] then
    redis.call('PEXPIRE', key, ARGV[2])
  elseif current == false or string.sub(current, 1, 5) == 'free:' then
    redis.call('SET', key, ARGV[1], 'PX', ARGV[2])
  else
    lost[#lost + 1] = i
  end
end
return lost`;

/**
 * Give the lease up only when it is ours: deleted, or (ARGV[2] > 0) left as "free:<next poll
 * time>" for ARGV[2] ms, so whichever worker takes the driver next keeps the platform's pace.
 */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  if tonumber(ARGV[2]) > 0 then
    return redis.call('SET', KEYS[1], 'free:' .. ARGV[3], 'PX', ARGV[2])
  end
  return redis.call('DEL', KEYS[1])
end
return 0`;

/** The owner value a lease key holds, or null when nobody holds it (absent, or released with a pace). */
export function leaseHolder(value: string | null): string | null {
  return value === null || value.startsWith('free:') ? null : value;
}

/** Renewals go out in batches of this many keys, so one script never blocks Redis for long. */
const RENEW_BATCH = 1_000;

/** The leases one worker holds, and until when (its own clock) each lets it call the platform. */
export class UserLeases {
  private readonly validUntil = new Map<string, number>();
  private readonly acquireScript: RedisScript;
  private readonly renewScript: RedisScript;
  private readonly releaseScript: RedisScript;
  private readonly marginMs: number;

  constructor(
    redis: Redis,
    private readonly keyOf: (userId: string) => string,
    /** This worker's unique owner value. */
    readonly owner: string,
    private readonly leaseMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.acquireScript = redisScript(redis, 'bpLeaseAcquire', ACQUIRE);
    this.renewScript = redisScript(redis, 'bpLeaseRenew', RENEW);
    this.releaseScript = redisScript(redis, 'bpLeaseRelease', RELEASE);
    // Covers timer lateness between the deadline and the last call before it.
    this.marginMs = Math.min(1_000, Math.floor(leaseMs / 4));
  }

  /**
   * Takes the driver's lease if free (or already ours). Resolves to null when another worker
   * holds it, else to the earliest time (epoch ms) the driver's next poll may leave, as the last
   * holder left it (0: no constraint).
   */
  async acquire(userId: string): Promise<number | null> {
    const sentAt = this.now();
    const [held, previous] = (await this.acquireScript([this.keyOf(userId)], [this.owner, this.leaseMs])) as [number, string?];
    if (held !== 1) {
      this.validUntil.delete(userId);
      return null;
    }
    this.validUntil.set(userId, sentAt + this.leaseMs - this.marginMs);
    return previous?.startsWith('free:') ? Number(previous.slice(5)) || 0 : 0;
  }

  /** Renews every lease held (taking back lapsed ones nobody took); resolves to the drivers whose lease another worker holds. */
  async renewAll(): Promise<string[]> {
    const userIds = [...this.validUntil.keys()];
    const lost: string[] = [];
    for (let from = 0; from < userIds.length; from += RENEW_BATCH) {
      const batch = userIds.slice(from, from + RENEW_BATCH);
      const sentAt = this.now();
      const positions = (await this.renewScript(batch.map(this.keyOf), [this.owner, this.leaseMs])) as number[];
      const lostHere = new Set(positions.map((p) => batch[p - 1]!));
      for (const userId of batch) {
        // Released meanwhile: nothing to extend or report.
        if (!this.validUntil.has(userId)) continue;
        if (lostHere.has(userId)) {
          this.validUntil.delete(userId);
          lost.push(userId);
        } else this.validUntil.set(userId, sentAt + this.leaseMs - this.marginMs);
      }
    }
    return lost;
  }

  /** Whether this worker may call the platform for the driver right now. */
  valid(userId: string): boolean {
    return (this.validUntil.get(userId) ?? 0) > this.now();
  }

  /** Drivers whose lease ran out on this worker's clock (renewals failing: Redis slow or away). */
  expired(): string[] {
    const now = this.now();
    return [...this.validUntil].filter(([, until]) => until <= now).map(([userId]) => userId);
  }

  /**
   * Gives the lease up (only if still ours), so the next owner need not wait for it to expire;
   * `nextPollAt` (epoch ms) is handed to the next owner while it is in the future.
   */
  async release(userId: string, nextPollAt = 0): Promise<void> {
    if (!this.validUntil.delete(userId)) return;
    const keepMs = Math.ceil(nextPollAt - Date.now());
    await this.releaseScript([this.keyOf(userId)], [this.owner, Math.max(0, keepMs), nextPollAt]);
  }

  /** Leases held. */
  get size(): number {
    return this.validUntil.size;
  }
}
