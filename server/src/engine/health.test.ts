/**
 * The engine-health series (docs/OPERATIONS.md "Engine health"): counts land in the clock's
 * minute, minutes without work read as zero, nothing before the series began is shown, a slot is
 * cleared when its minute comes round again a day later, and race percentiles are nearest-rank,
 * sampled uniformly past the per-minute cap.
 */
import { describe, it } from 'node:test';
import { expect } from 'expect';
import { ENGINE_HEALTH_MINUTES, EngineHealthSeries, RACE_SAMPLES_PER_MINUTE } from './health.js';

const MINUTE = 60_000;
const START = Date.UTC(2026, 0, 5, 10, 0, 30);
const MINUTE_START = Date.UTC(2026, 0, 5, 10, 0, 0);

function seriesAt(start = START) {
  let now = start;
  const series = new EngineHealthSeries(() => now);
  return { series, advance: (ms: number) => void (now += ms) };
}

describe('engine health series', () => {
  it('counts into the current minute and reads the minutes since it began, oldest first', () => {
    const { series, advance } = seriesAt();
    series.offersSeen(4);
    series.offersSeen(3);
    series.accepted();
    series.throttled();
    series.failed('transient');
    series.failed('transient');
    series.failed('step failed');
    series.sampleStates({ searching: 2, waitingOnPuzzle: 0, pausedForCredit: 1 });
    advance(2 * MINUTE);
    series.puzzle();

    const minutes = series.lastMinutes(60);
    expect(minutes.map((m) => m.at)).toEqual([MINUTE_START, MINUTE_START + MINUTE, MINUTE_START + 2 * MINUTE]);
    expect(minutes[0]).toEqual({
      at: MINUTE_START,
      offersSeen: 7,
      accepted: 1,
      throttled: 1,
      puzzles: 0,
      backingOff: 0,
      errors: { transient: 2, 'step failed': 1 },
      raceP50Ms: null,
      raceP95Ms: null,
      raceP99Ms: null,
      searching: 2,
      waitingOnPuzzle: 0,
      pausedForCredit: 1,
    });
    // A quiet minute is zero work and no sampled states (a gap in those lines, not a zero).
    expect(minutes[1]).toEqual({
      at: MINUTE_START + MINUTE,
      offersSeen: 0,
      accepted: 0,
      throttled: 0,
      puzzles: 0,
      backingOff: 0,
      errors: {},
      raceP50Ms: null,
      raceP95Ms: null,
      raceP99Ms: null,
    });
    expect(minutes[2]).toMatchObject({ puzzles: 1, offersSeen: 0 });
    expect(series.lastMinutes(2).map((m) => m.at)).toEqual([MINUTE_START + MINUTE, MINUTE_START + 2 * MINUTE]);
  });

  it('counts each driver backing off once a minute, through the account recorder too', () => {
    const { series, advance } = seriesAt();
    series.backedOff('driver-a');
    series.backedOff('driver-a');
    series.forAccount('driver-b').backedOff();
    series.forAccount('driver-a').backedOff();
    advance(MINUTE);
    series.backedOff('driver-a');
    expect(series.lastMinutes(2).map((m) => m.backingOff)).toEqual([2, 1]);
    // The account's own hour counts every back-off, not drivers.
    expect(series.accounts.records().find((r) => r.userId === 'driver-a')).toMatchObject({ backedOff: 1 });
  });

  it('keeps the latest sample of the states in a minute', () => {
    const { series } = seriesAt();
    series.sampleStates({ searching: 1, waitingOnPuzzle: 0, pausedForCredit: 0 });
    series.sampleStates({ searching: 5, waitingOnPuzzle: 2, pausedForCredit: 0 });
    expect(series.lastMinutes(1)[0]).toMatchObject({ searching: 5, waitingOnPuzzle: 2, pausedForCredit: 0 });
  });

  it('keeps 24 hours: a minute a day old is cleared when its slot is reused, and never shown', () => {
    const { series, advance } = seriesAt();
    series.accepted();
    advance(ENGINE_HEALTH_MINUTES * MINUTE);
    // The same slot, a day later: the old count is gone.
    expect(series.lastMinutes(1)[0]).toMatchObject({ at: MINUTE_START + ENGINE_HEALTH_MINUTES * MINUTE, accepted: 0 });
    series.offersSeen(1);
    const day = series.lastMinutes(ENGINE_HEALTH_MINUTES + 500);
    expect(day).toHaveLength(ENGINE_HEALTH_MINUTES);
    expect(day.reduce((sum, m) => sum + m.accepted, 0)).toBe(0);
    expect(day.at(-1)).toMatchObject({ offersSeen: 1 });
  });

  it('gives nearest-rank race percentiles of the minute', () => {
    const { series, advance } = seriesAt();
    for (let ms = 1; ms <= 100; ms++) series.raceLatency(ms / 10);
    advance(MINUTE);
    series.raceLatency(3);
    const [first, second] = series.lastMinutes(2);
    expect([first!.raceP50Ms, first!.raceP95Ms, first!.raceP99Ms]).toEqual([5, 9.5, 9.9]);
    expect([second!.raceP50Ms, second!.raceP95Ms, second!.raceP99Ms]).toEqual([3, 3, 3]);
  });

  it('keeps a bounded, uniform sample of a busy minute: later latencies replace kept ones by the draw', () => {
    const busyMinute = (random: () => number) => {
      const series = new EngineHealthSeries(() => START, ENGINE_HEALTH_MINUTES, random);
      for (let i = 0; i < RACE_SAMPLES_PER_MINUTE; i++) series.raceLatency(1);
      for (let i = 0; i < RACE_SAMPLES_PER_MINUTE; i++) series.raceLatency(1000);
      return series.lastMinutes(1)[0]!;
    };
    // A draw past the kept ones never keeps a later latency: the sample stays at its bound.
    expect(busyMinute(() => 0.9999).raceP99Ms).toBe(1);
    // A uniform draw (a fixed-seed generator) keeps about half of the later, slower half.
    let seed = 42;
    const lcg = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const mixed = busyMinute(lcg);
    expect([mixed.raceP95Ms, mixed.raceP99Ms]).toEqual([1000, 1000]);
  });
});
