/**
 * The driver's accepted blocks (not forfeited), by their start: those of a span of days in the
 * driver's zone for the calendar screen, and those from a month back on for the calendar feed
 * (docs/LIVE.md "The driver's app"). Entries are the log's own (features/logs/entries.ts), so the
 * screen forfeits them with the log's forfeit.
 */
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DayRange, LogEntry } from '@blockpilot/shared/types';
import type { DatabaseSchema } from '../../db/schema.js';
import { ENTRY_COLUMNS, entryFromRow } from '../logs/entries.js';
import { startBounds, type DriverZone } from '../stats/range.js';

/** The feed goes this far back, so last month's blocks stay in the phone's calendar. */
export const FEED_HISTORY_SECONDS = 31 * 86_400;
/** The most blocks one answer holds (far beyond what a driver books in a quarter). */
export const MAX_BLOCKS = 1_000;

function keptBlocks(db: Kysely<DatabaseSchema>, userId: string) {
  return db
    .selectFrom('offer_logs')
    .select(ENTRY_COLUMNS)
    .where('user_id', '=', userId)
    .where('action', '=', 'BLOCK_ACCEPT')
    .where('forfeited_at', 'is', null)
    .orderBy('start_time', 'asc')
    .orderBy('id', 'asc')
    .limit(MAX_BLOCKS);
}

/** The blocks starting on the span's days, in the driver's zone, earliest first. */
export async function blocksInRange(db: Kysely<DatabaseSchema>, userId: string, zone: DriverZone, range: DayRange): Promise<LogEntry[]> {
  const { low, high } = startBounds(range);
  const rows = await keptBlocks(db, userId)
    .where('start_time', '>=', low)
    .where('start_time', '<=', high)
    .where(sql<boolean>`(${zone.wallClock(sql.ref('start_time'))})::date between ${range.from}::date and ${range.to}::date`)
    .execute();
  return rows.map(entryFromRow);
}

/** The blocks for the feed: from FEED_HISTORY_SECONDS before `now` on, earliest first. */
export async function feedBlocks(db: Kysely<DatabaseSchema>, userId: string, now: Date): Promise<LogEntry[]> {
  const rows = await keptBlocks(db, userId)
    .where('start_time', '>=', now.getTime() / 1000 - FEED_HISTORY_SECONDS)
    .execute();
  return rows.map(entryFromRow);
}
