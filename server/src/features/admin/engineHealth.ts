/**
 * The engine's health for the console (docs/OPERATIONS.md "Engine health"): the drivers' search
 * states counted in the database once a minute (every process's drivers), beside what every
 * process's engine counted, minute by minute, as they wrote it to the database (engine/health.ts,
 * stores/healthStore.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { EngineHealth, EngineSearchStates, EngineWorkers } from '@blockpilot/shared/types';
import type { AppContext } from '../../context.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { loadHealthMinutes, type HealthWriter } from '../../stores/healthStore.js';

/** How often the drivers' states are sampled into the series. */
export const GAUGE_SAMPLE_INTERVAL_MS = 60_000;

/** Drivers searching, waiting on a puzzle and paused for credit, now (suspended accounts never search). */
export async function countSearchStates(db: Kysely<DatabaseSchema>): Promise<EngineSearchStates> {
  const row = await db
    .selectFrom('users')
    .select([
      sql<string>`count(*) filter (where searching and search_paused_for is null)`.as('searching'),
      sql<string>`count(*) filter (where puzzle_required)`.as('waitingOnPuzzle'),
      sql<string>`count(*) filter (where searching and search_paused_for = 'credit')`.as('pausedForCredit'),
    ])
    .executeTakeFirstOrThrow();
  return { searching: Number(row.searching), waitingOnPuzzle: Number(row.waitingOnPuzzle), pausedForCredit: Number(row.pausedForCredit) };
}

/** Samples the states into the series now; the console's read does this too, so its last minute is current. */
export async function sampleSearchStates(ctx: Pick<AppContext, 'db' | 'engineHealth'>): Promise<EngineSearchStates> {
  const states = await countSearchStates(ctx.db);
  ctx.engineHealth.sampleStates(states);
  return states;
}

/**
 * Starts sampling once a minute; the returned function stops it. A failed sample (the database
 * away for a moment) is logged and leaves that minute without states, shown as a gap.
 */
export function sampleEveryMinute(ctx: Pick<AppContext, 'db' | 'engineHealth' | 'log'>): () => void {
  const timer = setInterval(() => {
    sampleSearchStates(ctx).catch((error: unknown) => ctx.log.warn({ err: error }, 'engine health: search states not sampled'));
  }, GAUGE_SAMPLE_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * The console's answer: the last `minutes` minutes of every process (this one's written first,
 * so its current minute is current; the others' lag by at most their write interval) and the
 * states now.
 */
export async function engineHealth(ctx: Pick<AppContext, 'db' | 'engineHealth'>, writer: Pick<HealthWriter, 'flush'>, minutes: number): Promise<EngineHealth> {
  const now = await sampleSearchStates(ctx);
  await writer.flush();
  const toMinute = ctx.engineHealth.minuteNow();
  const stored = await loadHealthMinutes(ctx.db, toMinute - minutes + 1, toMinute);
  return { countedBy: stored.processes, now, minutes: stored.minutes };
}

/**
 * Who runs the searches and the background jobs, now: with REDIS_URL the workers (registry and
 * leases in Redis) and the queues' depth (BullMQ, every process's); without it, this process's
 * job queues only, since it runs every search itself.
 */
export async function engineWorkers(ctx: Pick<AppContext, 'fleet' | 'jobs'>): Promise<EngineWorkers> {
  // Wall time, as the workers' heartbeats are.
  const readAt = Date.now();
  const [fleet, jobQueues] = await Promise.all([ctx.fleet?.read(readAt) ?? null, ctx.jobs.counts()]);
  return {
    scaledOut: fleet !== null,
    readAt,
    workers: fleet?.workers ?? [],
    leases: fleet?.leases ?? null,
    queues: [...(fleet ? [fleet.searchQueue] : []), ...jobQueues],
  };
}
