/**
 * The engine's minutes in the database (docs/OPERATIONS.md "Engine health"): every process
 * writes the minutes its series holds, one row per (minute, process), every
 * {@link HEALTH_FLUSH_MS} and when it stops, overwriting its own row with its running totals (so a
 * write repeated changes nothing). The console reads the rows of every process and merges each
 * minute ({@link mergeMinute}): the last 24 hours survive a restart or a deploy, and a fleet's
 * workers add up. Rows older than 24 hours are deleted as the writes go on.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { EngineHealthMinute } from '@blockpilot/shared/types';
import type { DatabaseSchema } from '../db/schema.js';
import { ACCOUNT_HEALTH_KEPT_HOURS, pruneAccountHours, saveAccountHours } from './accountHealthStore.js';
import { ENGINE_HEALTH_MINUTES, mergeMinute, type EngineHealthSeries, type MinuteRecord } from '../engine/health.js';

/** How often a process writes its current minute: the console's figures lag other processes by at most this. */
export const HEALTH_FLUSH_MS = 10_000;

const MINUTE_MS = 60_000;
type Db = Kysely<DatabaseSchema>;

/** Writes a process's records (its row of each minute replaced by them). */
export async function saveHealthMinutes(db: Db, processName: string, records: readonly MinuteRecord[], now: Date): Promise<void> {
  if (!records.length) return;
  await db
    .insertInto('engine_health_minutes')
    .values(
      records.map((r) => ({
        minute: new Date(r.minute * MINUTE_MS),
        process: processName,
        offers_seen: r.offersSeen,
        accepted: r.accepted,
        throttled: r.throttled,
        puzzles: r.puzzles,
        errors: JSON.stringify(r.errors),
        race_count: r.raceCount,
        race_samples: JSON.stringify(r.raceSamples),
        searching: r.states?.searching ?? null,
        waiting_on_puzzle: r.states?.waitingOnPuzzle ?? null,
        paused_for_credit: r.states?.pausedForCredit ?? null,
        backing_off: r.backingOff,
        updated_at: now,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['minute', 'process']).doUpdateSet((eb) => ({
        offers_seen: eb.ref('excluded.offers_seen'),
        accepted: eb.ref('excluded.accepted'),
        throttled: eb.ref('excluded.throttled'),
        puzzles: eb.ref('excluded.puzzles'),
        errors: eb.ref('excluded.errors'),
        race_count: eb.ref('excluded.race_count'),
        race_samples: eb.ref('excluded.race_samples'),
        searching: eb.ref('excluded.searching'),
        waiting_on_puzzle: eb.ref('excluded.waiting_on_puzzle'),
        paused_for_credit: eb.ref('excluded.paused_for_credit'),
        backing_off: eb.ref('excluded.backing_off'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/** Deletes the rows of minutes before `beforeMinute`. */
export async function pruneHealthMinutes(db: Db, beforeMinute: number): Promise<void> {
  await db
    .deleteFrom('engine_health_minutes')
    .where('minute', '<', new Date(beforeMinute * MINUTE_MS))
    .execute();
}

/** What the stored minutes say of a period. */
export interface StoredHealth {
  minutes: EngineHealthMinute[];
  /** The processes with a row in the period (WORKER_ID, with `-worker` for a search worker). */
  processes: string[];
}

/**
 * The minutes from `fromMinute` to `toMinute`, oldest first, every process's rows merged; the
 * period starts at its first stored minute (none before anything was counted, rather than an idle
 * engine). A minute no process wrote in between (every process stopped) reads as zero, without states.
 */
export async function loadHealthMinutes(db: Db, fromMinute: number, toMinute: number): Promise<StoredHealth> {
  const rows = await db
    .selectFrom('engine_health_minutes')
    .selectAll()
    .where('minute', '>=', new Date(fromMinute * MINUTE_MS))
    .where('minute', '<=', new Date(toMinute * MINUTE_MS))
    .orderBy('minute')
    .orderBy('updated_at')
    .execute();
  const byMinute = new Map<number, MinuteRecord[]>();
  for (const row of rows) {
    const minute = Math.round(row.minute.getTime() / MINUTE_MS);
    const record: MinuteRecord = {
      minute,
      offersSeen: row.offers_seen,
      accepted: row.accepted,
      throttled: row.throttled,
      puzzles: row.puzzles,
      errors: row.errors,
      raceCount: row.race_count,
      raceSamples: row.race_samples,
      states:
        row.searching === null || row.waiting_on_puzzle === null || row.paused_for_credit === null
          ? null
          : { searching: row.searching, waitingOnPuzzle: row.waiting_on_puzzle, pausedForCredit: row.paused_for_credit },
      backingOff: row.backing_off,
    };
    byMinute.set(minute, [...(byMinute.get(minute) ?? []), record]);
  }
  const first = Math.min(...byMinute.keys());
  const minutes: EngineHealthMinute[] = [];
  if (byMinute.size) for (let minute = first; minute <= toMinute; minute++) minutes.push(mergeMinute(minute, byMinute.get(minute) ?? []));
  return { minutes, processes: [...new Set(rows.map((r) => r.process))].sort() };
}

/** A process's writer of its series. */
export interface HealthWriter {
  /** Writes the current and the previous minute now (the previous one's last seconds too). */
  flush(): Promise<void>;
  /** Stops the timer and writes one last time. */
  stop(): Promise<void>;
}

/**
 * Writes the series every {@link HEALTH_FLUSH_MS} under `processName`, and prunes rows past 24
 * hours; the accounts' hours go with them (accountHealthStore.ts).
 */
export function writeHealthEvery(
  { db, series, processName, now, log }: { db: Db; series: EngineHealthSeries; processName: string; now: () => Date; log: FastifyBaseLogger },
  intervalMs = HEALTH_FLUSH_MS,
): HealthWriter {
  let lastPruned = -1;
  let lastPrunedHour = -1;
  const flush = async () => {
    const minute = series.minuteNow();
    await saveHealthMinutes(db, processName, series.records(minute - 1), now());
    await saveAccountHours(db, processName, series.accounts.records(), now());
    if (minute !== lastPruned) {
      lastPruned = minute;
      await pruneHealthMinutes(db, minute - ENGINE_HEALTH_MINUTES + 1);
    }
    const hour = Math.floor(minute / 60);
    if (hour !== lastPrunedHour) {
      lastPrunedHour = hour;
      await pruneAccountHours(db, hour - ACCOUNT_HEALTH_KEPT_HOURS);
    }
  };
  const tick = () => flush().catch((error: unknown) => log.warn({ err: error }, 'engine health: minutes not written'));
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return {
    flush,
    async stop() {
      clearInterval(timer);
      await tick();
    },
  };
}
