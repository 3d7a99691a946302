/**
 * The work limits form's values (text, as typed) and the API's limits (docs/PRODUCT.md "Work
 * limits"): hours shown for the caps' minutes, currency units for the goal's cents, and the rules
 * the form checks before sending (the server checks them again, per field).
 */
import { WORK_LIMIT_BOUNDS, type AwayRange, type WorkLimits } from '@blockpilot/shared';
import type { LimitsT } from './i18n';

/** The form's text fields, named as the server names them so its messages land under them. */
export interface WorkLimitsValues extends Record<string, string> {
  maxDayMinutes: string;
  maxWeekMinutes: string;
  weeklyPayGoalCents: string;
  travelBufferMinutes: string;
  averageSpeedKmh: string;
}

/** Hours with at most two decimals, as typed ("7.5"); integers stay integers. */
const hoursOf = (minutes: number) => String(minutes / 60);
const unitsOf = (cents: number) => String(cents / 100);

export function valuesOf(limits: WorkLimits): WorkLimitsValues {
  return {
    maxDayMinutes: hoursOf(limits.maxDayMinutes),
    maxWeekMinutes: hoursOf(limits.maxWeekMinutes),
    weeklyPayGoalCents: unitsOf(limits.weeklyPayGoalCents),
    travelBufferMinutes: String(limits.travelBufferMinutes),
    averageSpeedKmh: String(limits.averageSpeedKmh),
  };
}

/** A typed number ("7,5" as well as "7.5"); NaN when it is not one. Empty is 0 (no limit). */
function numberOf(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return 0;
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

export function limitsOf(values: WorkLimitsValues, awayDates: AwayRange[]): WorkLimits {
  return {
    awayDates,
    maxDayMinutes: Math.round(numberOf(values.maxDayMinutes) * 60),
    maxWeekMinutes: Math.round(numberOf(values.maxWeekMinutes) * 60),
    weeklyPayGoalCents: Math.round(numberOf(values.weeklyPayGoalCents) * 100),
    travelBufferMinutes: numberOf(values.travelBufferMinutes),
    averageSpeedKmh: numberOf(values.averageSpeedKmh),
  };
}

/** Messages per field for values the server would refuse. */
export function validateWorkLimits(t: LimitsT, values: WorkLimitsValues): Partial<Record<keyof WorkLimitsValues, string>> {
  const errors: Partial<Record<keyof WorkLimitsValues, string>> = {};
  const hours = (name: 'maxDayMinutes' | 'maxWeekMinutes') => {
    const value = numberOf(values[name]);
    const maxHours = WORK_LIMIT_BOUNDS[name].max / 60;
    if (!(value >= 0 && value <= maxHours) || !Number.isInteger(value * 2)) errors[name] = t('limits.error.hours', { max: String(maxHours) });
  };
  hours('maxDayMinutes');
  hours('maxWeekMinutes');
  const goal = numberOf(values.weeklyPayGoalCents);
  if (!(goal >= 0 && goal * 100 <= WORK_LIMIT_BOUNDS.weeklyPayGoalCents.max) || !Number.isInteger(Math.round(goal * 100 * 1000) / 1000)) {
    errors.weeklyPayGoalCents = t('limits.error.goal');
  }
  const whole = (name: 'travelBufferMinutes' | 'averageSpeedKmh') => {
    const { min, max } = WORK_LIMIT_BOUNDS[name];
    const value = numberOf(values[name]);
    if (!(Number.isInteger(value) && value >= min && value <= max)) errors[name] = t('limits.error.whole', { min: String(min), max: String(max) });
  };
  whole('travelBufferMinutes');
  whole('averageSpeedKmh');
  return errors;
}

/** The ranges with a new one added (kept in date order, the same range once); null when `to` is before `from`. */
export function withRange(ranges: readonly AwayRange[], from: string, to: string): AwayRange[] | null {
  const last = to || from;
  if (!from || last < from) return null;
  if (ranges.some((r) => r.from === from && r.to === last)) return [...ranges];
  return [...ranges, { from, to: last }].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
}
