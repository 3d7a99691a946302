/**
 * How BlockPilot writes money and dates, in every screen and every message (docs/FRONTEND.md,
 * "Money and dates"): money always with the account's currency symbol and two decimals ("$10.50"),
 * a day as "Mon, Jan 6", a clock time as "6:00 AM", a span as "Mon, Jan 6 · 6:00 AM – 10:00 AM".
 * Written by hand rather than with `Intl`, so every browser, jsdom and Node print the same text:
 * newer ICU versions put a narrow no-break space before AM/PM, which would differ between phones.
 */

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** Sunday = 0 ... Saturday = 6, as filters store days. */
export const WEEKDAY_NAMES = WEEKDAYS;

/** An amount in currency units: `('$', 100)` -> "$100.00", `('$', -3)` -> "-$3.00". */
export function formatMoney(symbol: string, amount: number): string {
  return `${amount < 0 ? '-' : ''}${symbol}${Math.abs(amount).toFixed(2)}`;
}

/** An amount in integer cents (credit, fees, prices of plans): `('$', 1050)` -> "$10.50". */
export function formatCents(symbol: string, cents: number): string {
  return formatMoney(symbol, cents / 100);
}

/**
 * A moment as a wall clock reads it somewhere: the browser's local time ({@link localClock}) or,
 * on the server, the driver's zone.
 */
export interface WallClock {
  /** 0 = Sunday. */
  weekday: number;
  /** 0 = January. */
  month: number;
  day: number;
  hours: number;
  minutes: number;
}

/** The browser's (or process's) local wall clock at `date`. */
export function localClock(date: Date): WallClock {
  return { weekday: date.getDay(), month: date.getMonth(), day: date.getDate(), hours: date.getHours(), minutes: date.getMinutes() };
}

/** "6:00 AM"; with `padHours`, "06:00 AM". */
export function formatClock({ hours, minutes }: Pick<WallClock, 'hours' | 'minutes'>, padHours = false): string {
  const hours12 = String(hours % 12 || 12);
  return `${padHours ? hours12.padStart(2, '0') : hours12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** "Mon, Jan 6". */
export function formatDayOf({ weekday, month, day }: WallClock): string {
  return `${WEEKDAYS[weekday]}, ${MONTHS[month]} ${day}`;
}

/** "Mon, Jan 6 · 6:00 AM": an end of a trial or membership. */
export function formatMoment(clock: WallClock): string {
  return `${formatDayOf(clock)} · ${formatClock(clock)}`;
}

/** The browser's local time at an epoch-ms instant, as a moment: the end of a trial or membership. */
export function formatLocalMoment(epochMs: number): string {
  return formatMoment(localClock(new Date(epochMs)));
}

/**
 * A block from start to end: "Mon, Jan 6 · 6:00 AM – 10:00 AM", with the end's day when it runs
 * past midnight: "Mon, Jan 6 · 10:00 PM – Tue, Jan 7 1:00 AM".
 */
export function formatSpan(start: WallClock, end: WallClock): string {
  const sameDay = start.weekday === end.weekday && start.month === end.month && start.day === end.day;
  return `${formatMoment(start)} – ${sameDay ? '' : `${formatDayOf(end)} `}${formatClock(end)}`;
}

/**
 * A knowledge-base answer as stored and edited (its lines joined by "\n") in the shape drivers
 * get it: one text, or its lines when it has several ('' is a blank line).
 */
export function knowledgeBaseAnswerOf(stored: string): string | string[] {
  return stored.includes('\n') ? stored.split('\n') : stored;
}
