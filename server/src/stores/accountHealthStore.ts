/**
 * Account health in the database (docs/LIVE.md "Account health"): each process writes the hours
 * its series holds, one row per (account, hour, process), overwriting its own row with its running
 * totals (a repeated write changes nothing), and deletes rows past 8 days; a driver's panel sums
 * the last 7 days of every process's rows.
 */
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';
import type { AccountHourRecord } from '../engine/accountHealth.js';

type Db = Kysely<DatabaseSchema>;
const HOUR_MS = 3_600_000;
/** Hours kept in the database: 8 days, one more than the panel shows. */
export const ACCOUNT_HEALTH_KEPT_HOURS = 8 * 24;

export async function saveAccountHours(db: Db, processName: string, records: readonly AccountHourRecord[], now: Date): Promise<void> {
  if (!records.length) return;
  await db
    .insertInto('account_health_hours')
    .values(
      records.map((r) => ({
        user_id: r.userId,
        hour: new Date(r.hour * HOUR_MS),
        process: processName,
        polls: r.polls,
        poll_minutes: r.pollMinutes,
        refresh_interval_ms: r.refreshIntervalMs,
        throttled: r.throttled,
        puzzles: r.puzzles,
        refused: r.refused,
        backed_off: r.backedOff,
        paused: r.paused,
        updated_at: now,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['user_id', 'hour', 'process']).doUpdateSet((eb) => ({
        polls: eb.ref('excluded.polls'),
        poll_minutes: eb.ref('excluded.poll_minutes'),
        refresh_interval_ms: eb.ref('excluded.refresh_interval_ms'),
        throttled: eb.ref('excluded.throttled'),
        puzzles: eb.ref('excluded.puzzles'),
        refused: eb.ref('excluded.refused'),
        backed_off: eb.ref('excluded.backed_off'),
        paused: eb.ref('excluded.paused'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/** Deletes the rows of hours before `beforeHour` (hours since the epoch). */
export async function pruneAccountHours(db: Db, beforeHour: number): Promise<void> {
  await db
    .deleteFrom('account_health_hours')
    .where('hour', '<', new Date(beforeHour * HOUR_MS))
    .execute();
}

/** One account's sums over a span of hours (the platform's refresh interval: the one last stored). */
export type AccountHealthTotals = Omit<AccountHourRecord, 'userId' | 'hour'>;

/** The sums of every process's rows of `userId` from `fromHour` on. */
export async function loadAccountHealth(db: Db, userId: string, fromHour: number): Promise<AccountHealthTotals> {
  const row = await db
    .selectFrom('account_health_hours')
    .where('user_id', '=', userId)
    .where('hour', '>=', new Date(fromHour * HOUR_MS))
    .select([
      sql<number>`coalesce(sum(polls), 0)::int`.as('polls'),
      sql<number>`coalesce(sum(poll_minutes), 0)::int`.as('pollMinutes'),
      sql<number | null>`(array_agg(refresh_interval_ms order by hour desc, updated_at desc) filter (where refresh_interval_ms is not null))[1]`.as('refreshIntervalMs'),
      sql<number>`coalesce(sum(throttled), 0)::int`.as('throttled'),
      sql<number>`coalesce(sum(puzzles), 0)::int`.as('puzzles'),
      sql<number>`coalesce(sum(refused), 0)::int`.as('refused'),
      sql<number>`coalesce(sum(backed_off), 0)::int`.as('backedOff'),
      sql<number>`coalesce(sum(paused), 0)::int`.as('paused'),
    ])
    .executeTakeFirstOrThrow();
  return row;
}
