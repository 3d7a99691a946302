/**
 * The driver's work limits (docs/PRODUCT.md "Work limits"): away dates when nothing is accepted,
 * caps on booked hours per day and per week, a weekly pay goal, and how travel between stations
 * is counted (docs/ENGINE.md "Schedule"). Zero means "no limit" for the caps and the goal.
 */
import { MAX_AWAY_RANGES, WORK_LIMIT_BOUNDS } from '../../constants.js';
import { closedObject, stringOf, type FromContract } from './fields.js';

/** Days off, both included, in the driver's time zone; a single date has `from` equal to `to`. */
export const awayRangeSchema = closedObject(['from', 'to'], {
  from: { ...stringOf('calendar-date', 10), description: 'First away day (YYYY-MM-DD)' },
  to: { ...stringOf('calendar-date', 10), description: 'Last away day, included; not before the first' },
});

const bounded = <const B extends { min: number; max: number; step: number }>(bounds: B, description: string) =>
  ({ type: 'integer', minimum: bounds.min, maximum: bounds.max, multipleOf: bounds.step, description }) as const;

export const workLimitsSchema = closedObject(['awayDates', 'maxDayMinutes', 'maxWeekMinutes', 'weeklyPayGoalCents', 'travelBufferMinutes', 'averageSpeedKmh'], {
  awayDates: { type: 'array', maxItems: MAX_AWAY_RANGES, items: awayRangeSchema },
  maxDayMinutes: bounded(WORK_LIMIT_BOUNDS.maxDayMinutes, 'Most booked minutes per day (0: no cap), in steps of 30'),
  maxWeekMinutes: bounded(WORK_LIMIT_BOUNDS.maxWeekMinutes, 'Most booked minutes per week, Sunday to Saturday (0: no cap), in steps of 30'),
  weeklyPayGoalCents: bounded(WORK_LIMIT_BOUNDS.weeklyPayGoalCents, "Stop accepting once the week's booked pay reaches this, cents (0: no goal)"),
  travelBufferMinutes: bounded(WORK_LIMIT_BOUNDS.travelBufferMinutes, 'Minutes added to the travel time between two stations'),
  averageSpeedKmh: bounded(WORK_LIMIT_BOUNDS.averageSpeedKmh, 'Average speed between stations, km/h, for the travel time'),
});

export const saveWorkLimitsBody = closedObject(['workLimits'], { workLimits: workLimitsSchema });

export type AwayRange = FromContract<typeof awayRangeSchema>;
export type WorkLimits = FromContract<typeof workLimitsSchema>;

/** What a driver who never saved limits has: none, and 40 km/h with no buffer for travel. */
export const DEFAULT_WORK_LIMITS: WorkLimits = { awayDates: [], maxDayMinutes: 0, maxWeekMinutes: 0, weeklyPayGoalCents: 0, travelBufferMinutes: 0, averageSpeedKmh: 40 };
