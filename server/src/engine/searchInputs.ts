/**
 * What a driver's search reads from the database and the one state change it makes by itself:
 * the enabled filters compiled for the time zone sent with Start, and stopping (docs/PLATFORM.md
 * section 3: a puzzle pauses with puzzleRequired set, a device check stops, a refused account
 * disconnects).
 */
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';
import { filtersOf } from '../domain/filters.js';
import { workLimitsOf } from '../domain/workLimits.js';
import { canonicalTimeZone, compileFilters, localOffsetReader, type CompiledFilters } from './matcher.js';
import { CompiledLimits, type Position } from './workLimits.js';
import type { StopReason } from './types.js';

type Db = Kysely<DatabaseSchema>;

/**
 * The driver's filters compiled for their time zone: the IANA zone sent with Start when there is
 * one the runtime still knows (daylight-saving changes followed), else the fixed offset.
 */
export async function loadCompiledFilters(db: Db, userId: string): Promise<CompiledFilters> {
  const [filters, user] = await Promise.all([
    filtersOf(db, userId),
    db.selectFrom('users').select(['timezone_offset', 'time_zone']).where('id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  return compileFilters(filters, user.timezone_offset, storedZone(user.time_zone));
}

/** The stored IANA zone, or undefined: a zone stored by an older runtime and unknown to this one must not stop the search. */
function storedZone(timeZone: string | null): string | undefined {
  return timeZone !== null && canonicalTimeZone(timeZone) !== null ? timeZone : undefined;
}

/**
 * The driver's work limits compiled for the same time zone as the filters, with the positions of
 * the stations the platform gave (docs/ENGINE.md "Schedule").
 */
export async function loadCompiledLimits(db: Db, userId: string): Promise<CompiledLimits> {
  const [limits, user, account] = await Promise.all([
    workLimitsOf(db, userId),
    db.selectFrom('users').select(['timezone_offset', 'time_zone']).where('id', '=', userId).executeTakeFirstOrThrow(),
    db.selectFrom('platform_accounts').select('service_areas').where('user_id', '=', userId).executeTakeFirst(),
  ]);
  const positions = new Map<string, Position>();
  for (const area of account?.service_areas ?? []) if (area.location) positions.set(area.id, area.location);
  return new CompiledLimits(limits, localOffsetReader(user.timezone_offset, storedZone(user.time_zone)), positions);
}

/** The users.* columns each stop sets besides `searching = false`. */
const STOP_COLUMNS: Record<StopReason, { puzzle_required?: boolean; flex_connected?: boolean }> = {
  puzzle: { puzzle_required: true },
  signing: {},
  reconnect: { flex_connected: false },
};

/** Records that the engine stopped searching for the driver, and why. */
export async function recordStop(db: Db, userId: string, reason: StopReason): Promise<void> {
  await db
    .updateTable('users')
    .set({ searching: false, ...STOP_COLUMNS[reason] })
    .where('id', '=', userId)
    .execute();
}

/** Users whose search should be running (resumed when a process starts). */
export async function searchingUserIds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('users').select('id').where('searching', '=', true).execute();
  return rows.map((r) => r.id);
}
