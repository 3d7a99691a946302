/**
 * The polling pace. The offers call tells every account a `refreshInterval` (one value for the
 * whole world, changeable at run time through the control API), and each poll of an account is
 * judged against the interval that account was last told.
 *
 * Measured arrival to arrival on the precise clock (the record's `arrivedAtMs`: monotonic, with a
 * fraction of a millisecond), never on the simulator's clock, whose default `Date.now()` steps by
 * up to 15 ms against the monotonic clock on some VMs (which would flag, or hide, polls a few ms
 * off the interval): a poll is "too fast" when less than the told interval passed since the
 * arrival of the last poll that was answered with an interval.
 * A poll answered otherwise (403, 5xx, throttled, a fault) told nothing, so the retry that
 * follows it is still judged against the last answered poll, not against the failed one.
 */
import type { PaceSettings } from '../types.js';
import { asObject, checkNumber, type NumberRange } from '../validate.js';

export const DEFAULT_REFRESH_INTERVAL_MS = 1000;
/** Anything above ten minutes is a typo, not a pace (the platform's refreshTimeout is 30 minutes). */
export const REFRESH_INTERVAL_RANGE: NumberRange = { min: 1, max: 600_000, integer: true };

/** What is known about a poll when it arrives. */
export interface PollJudgement {
  /** Ms (precise clock) since the arrival of the account's last answered poll; null for its first one. */
  gapMs: number | null;
  /** The gap was shorter than the interval that answer told. */
  tooFast: boolean;
}

interface Told {
  /** Precise arrival stamp of the poll that was told. */
  arrivedAtMs: number;
  refreshIntervalMs: number;
}

export class PollPace {
  private readonly told = new Map<string, Told>();

  constructor(public refreshIntervalMs: number) {}

  /** `arrivedAtMs`: the poll's precise arrival stamp. */
  judge(accountId: string, arrivedAtMs: number): PollJudgement {
    const last = this.told.get(accountId);
    if (!last) return { gapMs: null, tooFast: false };
    const gapMs = arrivedAtMs - last.arrivedAtMs;
    return { gapMs, tooFast: gapMs < last.refreshIntervalMs };
  }

  /** The interval to answer the poll that arrived at `arrivedAtMs` (precise clock) with; remembered for the next judgement. */
  tell(accountId: string, arrivedAtMs: number): number {
    const last = this.told.get(accountId);
    // Under injected latency answers can come out of order: the latest arrival is the reference.
    if (!last || arrivedAtMs >= last.arrivedAtMs) this.told.set(accountId, { arrivedAtMs, refreshIntervalMs: this.refreshIntervalMs });
    return this.refreshIntervalMs;
  }
}

/** Validates a pace body (unknown JSON). */
export function parsePaceSettings(input: unknown): PaceSettings {
  const o = asObject(input, 'body');
  return { refreshIntervalMs: checkNumber(o.refreshIntervalMs, 'refreshIntervalMs', REFRESH_INTERVAL_RANGE) };
}
