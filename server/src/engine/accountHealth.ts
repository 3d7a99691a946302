/**
 * Account health (docs/LIVE.md "Account health"): what one driver's search looked like from the
 * platform's side, hour by hour. Not a second count: each search's recorder forwards every call
 * to the process's engine health series (health.ts, the operators' figures) and counts the same
 * call into its account's current hour, with the few things only an account has (its polls and
 * the minutes they fell in, the platform's refresh interval, refusals, backoffs and stops). Memory
 * holds the current and previous hour of each account searched; stores/healthStore.ts writes them with
 * the engine's minutes.
 */
import type { EngineHealthRecorder, StopReason } from './types.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

/** One account's hour, as this process counted it. */
export interface AccountHourRecord {
  userId: string;
  /** Hours since the epoch. */
  hour: number;
  polls: number;
  /** Minutes with at least one poll: polls per minute searched is polls / pollMinutes. */
  pollMinutes: number;
  /** The platform's refresh interval last seen in the hour; null before a poll was answered. */
  refreshIntervalMs: number | null;
  throttled: number;
  puzzles: number;
  /** The platform refused the account (a device check, 420; signed out or deregistered, 401). */
  refused: number;
  /** Polls put off by a backoff after failures in a row. */
  backedOff: number;
  /** Searches stopped and the driver asked to act (a puzzle, a refusal). */
  paused: number;
}

/** What a search tells of its account, beside the engine-wide calls. */
export interface AccountHealthRecorder extends Omit<EngineHealthRecorder, 'backedOff'> {
  backedOff(): void;
  polled(refreshIntervalMs: number | null): void;
  stopped(reason: StopReason): void;
}

interface HeldHour extends AccountHourRecord {
  /** The last minute (since the epoch) a poll was counted in. */
  lastPollMinute: number;
}

export class AccountHealthSeries {
  private readonly held = new Map<string, HeldHour>();
  private prunedHour = 0;

  constructor(private readonly nowMs: () => number) {}

  /** The recorder of one driver's search: every call counts into `engine` and, where it concerns the account, into its hour. */
  recorder(userId: string, engine: EngineHealthRecorder | undefined): AccountHealthRecorder {
    const hour = () => this.current(userId);
    return {
      offersSeen: (count) => engine?.offersSeen(count),
      accepted: () => engine?.accepted(),
      raceLatency: (ms) => engine?.raceLatency(ms),
      failed: (kind) => engine?.failed(kind),
      throttled: () => {
        engine?.throttled();
        hour().throttled++;
      },
      puzzle: () => {
        engine?.puzzle();
        hour().puzzles++;
      },
      polled: (refreshIntervalMs) => {
        const record = hour();
        const minute = Math.floor(this.nowMs() / MINUTE_MS);
        record.polls++;
        if (record.lastPollMinute !== minute) record.pollMinutes++;
        record.lastPollMinute = minute;
        if (refreshIntervalMs !== null) record.refreshIntervalMs = refreshIntervalMs;
      },
      backedOff: () => {
        engine?.backedOff(userId);
        hour().backedOff++;
      },
      stopped: (reason) => {
        const record = hour();
        record.paused++;
        if (reason === 'signing' || reason === 'reconnect') record.refused++;
      },
    };
  }

  /** Copies of the hours held (the current and the previous of each account), for storing. */
  records(): AccountHourRecord[] {
    this.prune();
    return [...this.held.values()].map(({ lastPollMinute: _minute, ...record }) => ({ ...record }));
  }

  private current(userId: string): HeldHour {
    const hour = Math.floor(this.nowMs() / HOUR_MS);
    const key = `${userId}:${hour}`;
    let record = this.held.get(key);
    if (!record) {
      this.prune();
      record = { userId, hour, polls: 0, pollMinutes: 0, refreshIntervalMs: null, throttled: 0, puzzles: 0, refused: 0, backedOff: 0, paused: 0, lastPollMinute: -1 };
      this.held.set(key, record);
    }
    return record;
  }

  /** Forgets hours before the previous one (written by then: the writer runs every few seconds). */
  private prune(): void {
    const hour = Math.floor(this.nowMs() / HOUR_MS);
    if (hour === this.prunedHour) return;
    this.prunedHour = hour;
    for (const [key, record] of this.held) if (record.hour < hour - 1) this.held.delete(key);
  }
}
