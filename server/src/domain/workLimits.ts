/** The driver's work limits in the database (docs/PRODUCT.md "Work limits"): one row, or none for no limits. */
import type { Kysely } from 'kysely';
import { DEFAULT_WORK_LIMITS, type WorkLimits } from '@blockpilot/shared/api/schemas';
import type { DatabaseSchema } from '../db/schema.js';

type Db = Kysely<DatabaseSchema>;

/** The driver's limits; the defaults (none) when never saved. */
export async function workLimitsOf(db: Db, userId: string): Promise<WorkLimits> {
  const row = await db.selectFrom('work_limits').selectAll().where('user_id', '=', userId).executeTakeFirst();
  if (!row) return { ...DEFAULT_WORK_LIMITS, awayDates: [] };
  return {
    awayDates: row.away_dates.map(({ from, to }) => ({ from, to })),
    maxDayMinutes: row.max_day_minutes,
    maxWeekMinutes: row.max_week_minutes,
    weeklyPayGoalCents: row.weekly_pay_goal_cents,
    travelBufferMinutes: row.travel_buffer_minutes,
    averageSpeedKmh: row.average_speed_kmh,
  };
}

/** Saves every limit at once; away ranges are kept in date order. */
export async function saveWorkLimits(db: Db, userId: string, limits: WorkLimits): Promise<WorkLimits> {
  const awayDates = [...limits.awayDates].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
  const columns = {
    away_dates: JSON.stringify(awayDates),
    max_day_minutes: limits.maxDayMinutes,
    max_week_minutes: limits.maxWeekMinutes,
    weekly_pay_goal_cents: limits.weeklyPayGoalCents,
    travel_buffer_minutes: limits.travelBufferMinutes,
    average_speed_kmh: limits.averageSpeedKmh,
  };
  await db
    .insertInto('work_limits')
    .values({ user_id: userId, ...columns })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(columns))
    .execute();
  return { ...limits, awayDates };
}
