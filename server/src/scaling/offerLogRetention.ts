/**
 * Retention of the offer log: ignored offers older than OFFER_LOG_RETENTION_DAYS are deleted,
 * in batches (short transactions, no long lock on a table the engine writes every second).
 * Accepted blocks are never deleted: they carry fees and refunds. Race timelines (docs/ENGINE.md
 * "Race timelines") older than the same cutoff go too, accepted or not: they are forensics, and the
 * stats of older spans count the blocks without their races. Runs hourly; with several
 * processes (REDIS_URL) one of them per hour, whichever takes the hour's Redis lock.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';

const DAY_MS = 86_400_000;
/** How often the prune runs. */
export const RETENTION_INTERVAL_MS = 3_600_000;

/** Deletes ignored log rows discovered before `cutoff`, `batch` at a time; how many were deleted. */
export async function pruneIgnoredOfferLogs(db: Kysely<DatabaseSchema>, cutoff: Date, batch = 5_000): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await sql<{ id: string }>`
      delete from offer_logs where id in (
        select id from offer_logs where action = 'BLOCK_IGNORE' and discovered_at < ${cutoff} limit ${batch}
      ) returning id`.execute(db);
    total += result.rows.length;
    if (result.rows.length < batch) return total;
  }
}

/** Deletes race timelines answered before `cutoff`, `batch` at a time; how many were deleted. */
export async function pruneOfferRaces(db: Kysely<DatabaseSchema>, cutoff: Date, batch = 5_000): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await sql<{ id: string }>`
      delete from offer_races where id in (select id from offer_races where answered_at < ${cutoff} limit ${batch}) returning id`.execute(db);
    total += result.rows.length;
    if (result.rows.length < batch) return total;
  }
}

/** What the hourly prune needs. */
export interface RetentionSchedule {
  db: Kysely<DatabaseSchema>;
  /** Days ignored rows are kept; 0 keeps them for ever (no job). */
  retentionDays: number;
  now: () => number;
  log: FastifyBaseLogger;
  /** Several processes: only the one that takes `lockKey` for the hour runs. */
  redis?: { connection: Redis; lockKey: string } | undefined;
}

/** Runs the prune now and every hour; returns how to stop it. */
export function scheduleOfferLogRetention({ db, retentionDays, now, log, redis }: RetentionSchedule): () => void {
  if (retentionDays <= 0) return () => undefined;
  const run = async () => {
    try {
      if (redis && (await redis.connection.set(redis.lockKey, String(now()), 'PX', RETENTION_INTERVAL_MS - 60_000, 'NX')) !== 'OK') return;
      const cutoff = new Date(now() - retentionDays * DAY_MS);
      const deleted = await pruneIgnoredOfferLogs(db, cutoff);
      const races = await pruneOfferRaces(db, cutoff);
      log.info({ deleted, races, retentionDays }, 'offer log retention: old ignored offers and race timelines deleted');
    } catch (error) {
      log.error({ err: error }, 'offer log retention failed');
    }
  };
  void run();
  const timer = setInterval(() => void run(), RETENTION_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
