/**
 * Days as the stats and calendar routes take them: `YYYY-MM-DD` in the browser's zone, the zone the
 * dashboard sends with Start, so the server counts days the way these screens show them
 * (docs/LIVE.md "The driver's app"). Weeks start on Monday, as the server's weeks do.
 */
import type { DayRange } from '@blockpilot/shared';

/** The local day of a moment: `2026-11-23`. */
export function dayKey(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

/** Local midnight of a day key. */
export function dateOf(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
}

/** The day `count` days after `day` (calendar days: a daylight-saving change does not shift it). */
export function addDays(day: string, count: number): string {
  const date = dateOf(day);
  date.setDate(date.getDate() + count);
  return dayKey(date);
}

/** The Monday of the week holding `day`. */
export function mondayOf(day: string): string {
  return addDays(day, -((dateOf(day).getDay() + 6) % 7));
}

/** The `weeks` weeks ending with the one starting on `monday`. */
export function weeksEndingWith(monday: string, weeks: number): DayRange {
  return { from: addDays(monday, -7 * (weeks - 1)), to: addDays(monday, 6) };
}

/** The span's days, in order. */
export function daysOf({ from, to }: DayRange): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}
