/**
 * The search engine's health, minute by minute, kept in memory for the operator console's charts
 * (docs/OPERATIONS.md "Engine health"). A ring of one slot per minute over the last 24 hours: the
 * engine counts what it does into the current minute (offers seen, accepts, throttled answers,
 * puzzles, failures by kind, race latencies), and the API samples how many drivers are searching,
 * waiting on a puzzle or paused for credit once a minute. Nothing here touches the database or a
 * timer: the clock's minute picks the slot, and a slot whose minute has passed is cleared when it
 * comes round again. It is this process's view only (docs/OPERATIONS.md says what that means with
 * REDIS_URL).
 */
import type { EngineHealthMinute, EngineSearchStates } from '@blockpilot/shared/types';

/** Minutes kept: the last 24 hours. */
export const ENGINE_HEALTH_MINUTES = 24 * 60;
/** Race latencies kept per minute for its percentiles; past this a uniform sample of them (reservoir). */
export const RACE_SAMPLES_PER_MINUTE = 256;

const MINUTE_MS = 60_000;

/** What the engine tells as it works; every call counts into the current minute. */
export interface EngineHealthRecorder {
  offersSeen(count: number): void;
  accepted(): void;
  throttled(): void;
  puzzle(): void;
  failed(kind: string): void;
  raceLatency(ms: number): void;
}

interface Slot {
  minute: number;
  offersSeen: number;
  accepted: number;
  throttled: number;
  puzzles: number;
  errors: Map<string, number>;
  raceSamples: number[];
  raceCount: number;
  states: EngineSearchStates | null;
}

const emptySlot = (minute: number): Slot => ({ minute, offersSeen: 0, accepted: 0, throttled: 0, puzzles: 0, errors: new Map(), raceSamples: [], raceCount: 0, states: null });

/** The nearest-rank percentile of sorted values. */
function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export class EngineHealthSeries implements EngineHealthRecorder {
  private readonly slots: Array<Slot | undefined>;
  private readonly firstMinute: number;

  /**
   * @param nowMs the clock (business time, so tests move it)
   * @param random the reservoir's choice once a minute has more race samples than it keeps
   */
  constructor(
    private readonly nowMs: () => number,
    private readonly capacity = ENGINE_HEALTH_MINUTES,
    private readonly random: () => number = Math.random,
  ) {
    this.slots = new Array<Slot | undefined>(capacity);
    this.firstMinute = Math.floor(nowMs() / MINUTE_MS);
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
    errors.set(kind, (errors.get(kind) ?? 0) + 1);
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
    for (let minute = from; minute <= now; minute++) {
      const kept = this.slots[minute % this.capacity];
      const slot = kept?.minute === minute ? kept : emptySlot(minute);
      const sorted = [...slot.raceSamples].sort((a, b) => a - b);
      points.push({
        at: minute * MINUTE_MS,
        offersSeen: slot.offersSeen,
        accepted: slot.accepted,
        throttled: slot.throttled,
        puzzles: slot.puzzles,
        errors: Object.fromEntries(slot.errors),
        raceP50Ms: percentile(sorted, 50),
        raceP95Ms: percentile(sorted, 95),
        raceP99Ms: percentile(sorted, 99),
        ...slot.states,
      });
    }
    return points;
  }

  private minuteNow(): number {
    return Math.floor(this.nowMs() / MINUTE_MS);
  }

  private current(): Slot {
    const minute = this.minuteNow();
    const index = minute % this.capacity;
    const slot = this.slots[index];
    if (slot?.minute === minute) return slot;
    const fresh = emptySlot(minute);
    this.slots[index] = fresh;
    return fresh;
  }
}
