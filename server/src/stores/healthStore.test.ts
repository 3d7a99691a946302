/**
 * The engine's minutes in the database (docs/OPERATIONS.md "Engine health"): each process's row
 * of a minute is replaced by its running totals (a repeated write changes nothing), the minutes of
 * several processes add up (failures by kind too), race percentiles are taken over every process's
 * samples weighted by the latencies each stands for, the states are the latest written, the
 * period starts at the first stored minute, and rows past 24 hours are deleted.
 */
import { it } from 'node:test';
import { expect } from 'expect';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { describeEachDatabase } from '../../test/databases.js';
import { emptyRecord, ENGINE_HEALTH_MINUTES, EngineHealthSeries, type MinuteRecord } from '../engine/health.js';
import { loadHealthMinutes, pruneHealthMinutes, saveHealthMinutes, writeHealthEvery } from './healthStore.js';

const M = Math.floor(Date.UTC(2026, 0, 5, 10, 0) / 60_000);
const record = (minute: number, overrides: Partial<MinuteRecord> = {}): MinuteRecord => ({ ...emptyRecord(minute), ...overrides });

describeEachDatabase('engine health minutes in the database', (database) => {
  it('adds up the processes of each minute, weighting race samples by the latencies they stand for', async () => {
    const { db } = database();
    await saveHealthMinutes(db, 'api1', [record(M, { states: { searching: 9, waitingOnPuzzle: 0, pausedForCredit: 1 } })], new Date(1));
    // w1 kept 4 samples of 400 latencies (each stands for 100), w2 all 100 of its own, all slower.
    await saveHealthMinutes(db, 'w1-worker', [record(M, { offersSeen: 10, accepted: 2, errors: { transient: 1 }, raceCount: 400, raceSamples: [1, 2, 3, 4] })], new Date(2));
    await saveHealthMinutes(
      db,
      'w2-worker',
      [record(M, { offersSeen: 5, accepted: 1, errors: { transient: 2, 'step failed': 1 }, raceCount: 100, raceSamples: Array.from({ length: 100 }, () => 50) })],
      new Date(3),
    );
    await saveHealthMinutes(db, 'w1-worker', [record(M + 2, { throttled: 3, backingOff: 2 })], new Date(4));
    await saveHealthMinutes(db, 'w2-worker', [record(M + 2, { backingOff: 1 })], new Date(4));
    // A repeated write of w1's first minute with its newer totals replaces, never adds.
    await saveHealthMinutes(db, 'w1-worker', [record(M, { offersSeen: 12, accepted: 2, errors: { transient: 1 }, raceCount: 400, raceSamples: [1, 2, 3, 4] })], new Date(5));

    const { minutes, processes } = await loadHealthMinutes(db, M - 10, M + 2);
    expect(processes).toEqual(['api1', 'w1-worker', 'w2-worker']);
    expect(minutes.map((m) => m.at)).toEqual([M, M + 1, M + 2].map((m) => m * 60_000));
    expect(minutes[0]).toEqual({
      at: M * 60_000,
      offersSeen: 17,
      accepted: 3,
      throttled: 0,
      puzzles: 0,
      backingOff: 0,
      errors: { transient: 3, 'step failed': 1 },
      // 500 latencies: 400 fast (1 to 4) and 100 at 50; the median is fast, the 95th slow.
      raceP50Ms: 3,
      raceP95Ms: 50,
      raceP99Ms: 50,
      searching: 9,
      waitingOnPuzzle: 0,
      pausedForCredit: 1,
    });
    expect(minutes[1]).toEqual({
      at: (M + 1) * 60_000,
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
    // Each process's drivers backing off add up: a driver searches in one process at a time.
    expect(minutes[2]).toMatchObject({ throttled: 3, backingOff: 3 });
  });

  it('deletes the minutes past 24 hours as a process writes, and reads nothing where nothing was written', async () => {
    const { db } = database();
    const start = M + 10_000;
    let now = start * 60_000;
    const series = new EngineHealthSeries(() => now);
    await saveHealthMinutes(db, 'old', [record(start - ENGINE_HEALTH_MINUTES - 5, { offersSeen: 1 }), record(start - ENGINE_HEALTH_MINUTES + 5, { offersSeen: 2 })], new Date());
    const writer = writeHealthEvery({ db, series, processName: 'api1', now: () => new Date(now), log: pino({ level: 'silent' }) as unknown as FastifyBaseLogger }, 60_000);
    series.offersSeen(4);
    await writer.flush();
    now += 60_000;
    series.accepted();
    await writer.stop();
    const { minutes } = await loadHealthMinutes(db, start - 2 * ENGINE_HEALTH_MINUTES, start + 1);
    // The row 24 h + 5 min old is gone; the one 24 h - 5 min old stays and starts the period.
    expect(minutes[0]).toMatchObject({ at: (start - ENGINE_HEALTH_MINUTES + 5) * 60_000, offersSeen: 2 });
    expect(minutes.at(-2)).toMatchObject({ at: start * 60_000, offersSeen: 4 });
    expect(minutes.at(-1)).toMatchObject({ at: (start + 1) * 60_000, accepted: 1 });
    await pruneHealthMinutes(db, start + 100);
    expect(await loadHealthMinutes(db, start - 10, start + 1)).toEqual({ minutes: [], processes: [] });
  });
});
