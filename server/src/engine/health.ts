/**
 * The search engine's health, minute by minute, kept in memory for the operator console's charts
 * (docs/OPERATIONS.md "Engine health"). A ring of one slot per minute over the last 24 hours: the
 * engine counts what it does into the current minute (offers seen, accepts, throttled answers,
 * puzzles, failures by kind, race latencies), and the API samples how many drivers are searching,
 * waiting on a puzzle or paused for credit once a minute. Nothing here touches the database or a
 * timer: the clock's minute picks the slot, and a slot whose minute has passed is cleared when it
 * comes round again. Every process writes its minutes to the database (stores/healthStore.ts), where the
 * console reads every process's, across restarts; {@link mergeMinute} turns one minute's records,
 * of one process or of many, into the minute the console charts.
 */
import { ENGINE_HEALTH_MINUTES } from '@blockpilot/shared/api/schemas';
import type { EngineHealthMinute, EngineSearchStates } from '@blockpilot/shared/types';
import { AccountHealthSeries, type AccountHealthRecorder } from './accountHealth.js';
import type { EngineHealthRecorder } from './types.js';

/** Minutes kept: the last 24 hours (a constant of the API contract, so the console's query can name its bound). */
export { ENGINE_HEALTH_MINUTES };
/** Race latencies kept per minute for its percentiles; past this a uniform sample of them (reservoir). */
export const RACE_SAMPLES_PER_MINUTE = 256;

const MINUTE_MS = 60_000;

export type { EngineHealthRecorder } from './types.js';

/** One minute's raw counts, as a process keeps them and stores them (stores/healthStore.ts). */
export interface MinuteRecord {
  /** Minutes since the epoch. */
  minute: number;
  offersSeen: number;
  accepted: number;
  throttled: number;
  puzzles: number;
  errors: Record<string, number>;
  /** Race latencies the minute had, and the uniform sample of them kept (at most {@link RACE_SAMPLES_PER_MINUTE}). */
  raceCount: number;
  raceSamples: number[];
  /** The drivers' states as last sampled in the minute; null when never sampled. */
  states: EngineSearchStates | null;
  /** Drivers of this process whose search backed off in the minute (each counted once). */
  backingOff: number;
}

/** A minute with nothing counted yet. */
export const emptyRecord = (minute: number): MinuteRecord => ({
  minute,
  offersSeen: 0,
  accepted: 0,
  throttled: 0,
  puzzles: 0,
  errors: {},
  raceCount: 0,
  raceSamples: [],
  states: null,
  backingOff: 0,
});

/**
 * The nearest-rank percentile of weighted values sorted by value: the first whose running weight
 * reaches `p` % of the whole. With every weight 1 this is the plain nearest rank.
 */
function percentile(sorted: ReadonlyArray<readonly [value: number, weight: number]>, total: number, p: number): number | null {
  const target = (p / 100) * total;
  let reached = 0;
  for (const [value, weight] of sorted) {
    reached += weight;
    // A little slack for the sum of fractional weights.
    if (reached >= target - 1e-9) return value;
  }
  return sorted.at(-1)?.[0] ?? null;
}

/**
 * One minute of the chart from every record of it (one per process that counted): counts and
 * failures summed, race percentiles over all the kept samples, each standing for its process's
 * latencies (`raceCount / samples`), and the states of the last record that has them.
 */
export function mergeMinute(minute: number, records: readonly MinuteRecord[]): EngineHealthMinute {
  const merged = emptyRecord(minute);
  const weighted: Array<[number, number]> = [];
  for (const record of records) {
    merged.offersSeen += record.offersSeen;
    merged.accepted += record.accepted;
    merged.throttled += record.throttled;
    merged.puzzles += record.puzzles;
    for (const [kind, n] of Object.entries(record.errors)) merged.errors[kind] = (merged.errors[kind] ?? 0) + n;
    merged.raceCount += record.raceCount;
    // A driver searches in one process at a time: the processes' drivers add up.
    merged.backingOff += record.backingOff;
    const weight = record.raceSamples.length ? record.raceCount / record.raceSamples.length : 0;
    for (const sample of record.raceSamples) weighted.push([sample, weight]);
    if (record.states) merged.states = record.states;
  }
  weighted.sort((a, b) => a[0] - b[0]);
  const total = weighted.reduce((sum, [, weight]) => sum + weight, 0);
  return {
    at: minute * MINUTE_MS,
    offersSeen: merged.offersSeen,
    accepted: merged.accepted,
    throttled: merged.throttled,
    puzzles: merged.puzzles,
    errors: merged.errors,
    raceP50Ms: percentile(weighted, total, 50),
    raceP95Ms: percentile(weighted, total, 95),
    raceP99Ms: percentile(weighted, total, 99),
    backingOff: merged.backingOff,
    ...merged.states,
  };
}

export class EngineHealthSeries implements EngineHealthRecorder {
  private readonly slots: Array<MinuteRecord | undefined>;
  private readonly firstMinute: number;
  /** The same counts per driver's account, hour by hour (docs/LIVE.md "Account health"). */
  readonly accounts: AccountHealthSeries;
  /** The drivers counted as backing off in the current minute, so a driver backing off twice counts once. */
  private backingOffIn = { minute: -1, drivers: new Set<string>() };

  /**
   * @param nowMs the clock (business time, so tests move it)
   * @param random the reservoir's choice once a minute has more race samples than it keeps
   */
  constructor(
    private readonly nowMs: () => number,
    private readonly capacity = ENGINE_HEALTH_MINUTES,
    private readonly random: () => number = Math.random,
  ) {
    this.slots = new Array<MinuteRecord | undefined>(capacity);
    this.firstMinute = Math.floor(nowMs() / MINUTE_MS);
    this.accounts = new AccountHealthSeries(nowMs);
  }

  /** The recorder of one driver's search: counts here and into the driver's account. */
  forAccount(userId: string): AccountHealthRecorder {
    return this.accounts.recorder(userId, this);
  }

  offersSeen(count: number): void {
    this.current().offersSeen += count;
  }

  accepted(): void {
    this.current().accepted++;
  }

  throttled(): void {
    this.current().throttled++;
  }

  puzzle(): void {
    this.current().puzzles++;
  }

  failed(kind: string): void {
    const { errors } = this.current();
    errors[kind] = (errors[kind] ?? 0) + 1;
  }

  raceLatency(ms: number): void {
    const slot = this.current();
    slot.raceCount++;
    if (slot.raceSamples.length < RACE_SAMPLES_PER_MINUTE) slot.raceSamples.push(ms);
    else {
      // Reservoir sampling: every latency of the minute has the same chance to be kept.
      const index = Math.floor(this.random() * slot.raceCount);
      if (index < RACE_SAMPLES_PER_MINUTE) slot.raceSamples[index] = ms;
    }
  }

  backedOff(userId: string): void {
    const minute = this.minuteNow();
    if (this.backingOffIn.minute !== minute) this.backingOffIn = { minute, drivers: new Set() };
    if (this.backingOffIn.drivers.has(userId)) return;
    this.backingOffIn.drivers.add(userId);
    this.current().backingOff++;
  }

  /** The drivers' states now, into the current minute (the latest sample of a minute wins). */
  sampleStates(states: EngineSearchStates): void {
    this.current().states = { ...states };
  }

  /**
   * The last `minutes` minutes, oldest first, ending with the current one; minutes before this
   * series began (the process started) are left out rather than shown as an idle engine.
   */
  lastMinutes(minutes: number): EngineHealthMinute[] {
    const now = this.minuteNow();
    const from = Math.max(now - Math.min(minutes, this.capacity) + 1, this.firstMinute);
    const points: EngineHealthMinute[] = [];
    for (let minute = from; minute <= now; minute++) points.push(mergeMinute(minute, [this.recordOf(minute) ?? emptyRecord(minute)]));
    return points;
  }

  /** The records of the minutes from `fromMinute` to now that this series holds (a copy, for storing), oldest first. */
  records(fromMinute: number): MinuteRecord[] {
    const held: MinuteRecord[] = [];
    for (let minute = Math.max(fromMinute, this.minuteNow() - this.capacity + 1); minute <= this.minuteNow(); minute++) {
      const record = this.recordOf(minute);
      if (record) held.push({ ...record, errors: { ...record.errors }, raceSamples: [...record.raceSamples] });
    }
    return held;
  }

  /** The current minute, in minutes since the epoch. */
  minuteNow(): number {
    return Math.floor(this.nowMs() / MINUTE_MS);
  }

  private recordOf(minute: number): MinuteRecord | undefined {
    const kept = this.slots[minute % this.capacity];
    return kept?.minute === minute ? kept : undefined;
  }

  private current(): MinuteRecord {
    const minute = this.minuteNow();
    const index = minute % this.capacity;
    const slot = this.slots[index];
    if (slot?.minute === minute) return slot;
    const fresh = emptyRecord(minute);
    this.slots[index] = fresh;
    return fresh;
  }
}
