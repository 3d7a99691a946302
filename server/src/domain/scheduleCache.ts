/**
 * The driver's schedule as last read from the platform. The engine stores every read it makes
 * while searching (at least every 30 s, and after each booking); schedule views are answered from
 * it while it is fresh, and otherwise read the platform within the driver's share of the request
 * limit (docs/ENGINE.md "Request budget"), falling back to the stored copy when that share is spent.
 */
import type { Kysely } from 'kysely';
import type { ScheduledBlock } from '@blockpilot/shared/types';
import type { DatabaseSchema } from '../db/schema.js';

type Db = Kysely<DatabaseSchema>;

/** A stored read of the schedule. */
export interface CachedSchedule {
  blocks: ScheduledBlock[];
  readAt: Date;
}

/** While searching, the engine reads at least every 30 s: a copy this young is as good as a read. */
export const SEARCHING_FRESH_MS = 45_000;
/** While not searching, a little under the dashboard's 10 s refresh: several devices share one read. */
export const IDLE_FRESH_MS = 8_000;

export async function saveSchedule(db: Db, userId: string, blocks: readonly ScheduledBlock[], readAt: Date): Promise<void> {
  await db
    .updateTable('platform_accounts')
    .set({ schedule: JSON.stringify(blocks), schedule_read_at: readAt })
    .where('user_id', '=', userId)
    .execute();
}

export async function cachedSchedule(db: Db, userId: string): Promise<CachedSchedule | null> {
  const row = await db.selectFrom('platform_accounts').select(['schedule', 'schedule_read_at']).where('user_id', '=', userId).executeTakeFirst();
  return row?.schedule && row.schedule_read_at ? { blocks: row.schedule, readAt: row.schedule_read_at } : null;
}

/** A forfeit changed the schedule: the copy is no longer true. */
export async function forgetSchedule(db: Db, userId: string): Promise<void> {
  await db.updateTable('platform_accounts').set({ schedule: null, schedule_read_at: null }).where('user_id', '=', userId).execute();
}
