/**
 * The span of days the stats and calendar routes answer for, and the driver's time zone they count
 * days in (docs/LIVE.md "The driver's app"). Days are the driver's: a block starting at 23:30 in
 * New York belongs to that New York day, whatever the server's or the database's zone. The zone
 * is the IANA one the browser sent with Start (users.time_zone, migration 0007), else the fixed
 * offset sent beside it, as the matcher reads them (engine/searchInputs.ts).
 */
import { sql, type RawBuilder } from 'kysely';
import { MAX_STATS_DAYS } from '@blockpilot/shared/constants';
import type { DayRange } from '@blockpilot/shared/types';
import { canonicalTimeZone } from '../../engine/matcher.js';
import { validationError } from '../../domain/errors.js';
import type { UserRow } from '../auth/tokens.js';

const DAY_MS = 86_400_000;

/** Days from `from` to `to`, both counted (1 for a single day). */
export function daysIn({ from, to }: DayRange): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** The day `count` days after `day` (`YYYY-MM-DD`). */
export function addDays(day: string, count: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + count * DAY_MS).toISOString().slice(0, 10);
}

/** The rules the schema cannot say: the span runs forwards and is at most MAX_STATS_DAYS long. A 400 under `to` otherwise. */
export function checkDayRange(range: DayRange): DayRange {
  const days = daysIn(range);
  if (days < 1) throw validationError({ to: 'api.field.statsRangeReversed' });
  if (days > MAX_STATS_DAYS) throw validationError({ to: { key: 'api.field.statsRangeTooLong', values: { days: MAX_STATS_DAYS } } });
  return range;
}

/**
 * Bounds on the blocks' start (epoch seconds) wide enough for any zone (UTC-12 to UTC+14, a day
 * each side): they let the database use the (user_id, start_time) index before the exact test on
 * the local day.
 */
export function startBounds({ from, to }: DayRange): { low: number; high: number } {
  return { low: Date.parse(`${from}T00:00:00Z`) / 1000 - 86_400, high: Date.parse(`${to}T00:00:00Z`) / 1000 + 2 * 86_400 };
}

/** The driver's zone in SQL: the wall-clock time of an epoch-seconds column, and its name. */
export interface DriverZone {
  /** `UTC-05:00` for a fixed offset; the IANA name otherwise. */
  name: string;
  /** A `timestamp` (without zone) holding the driver's wall-clock time at `epochSeconds`. */
  wallClock(epochSeconds: RawBuilder<number>): RawBuilder<Date>;
}

/** How a fixed offset reads (`Date.getTimezoneOffset()` 300 is five hours behind UTC: `UTC-05:00`). */
export function offsetName(timezoneOffset: number): string {
  const ahead = -timezoneOffset;
  const minutes = Math.abs(ahead);
  return `UTC${ahead < 0 ? '-' : '+'}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export function driverZone(user: Pick<UserRow, 'time_zone' | 'timezone_offset'>): DriverZone {
  // A zone stored by an older runtime and unknown to this one falls back to the offset, as the matcher does.
  const zone = user.time_zone !== null ? canonicalTimeZone(user.time_zone) : null;
  if (zone) return { name: zone, wallClock: (epoch) => sql<Date>`(to_timestamp(${epoch}) at time zone ${zone})` };
  const offset = user.timezone_offset;
  return { name: offsetName(offset), wallClock: (epoch) => sql<Date>`(to_timestamp(${epoch}) at time zone 'UTC' - make_interval(mins => ${offset}::int))` };
}
