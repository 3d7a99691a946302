/**
 * How this remote writes money, clock times and dates. Formatted by hand rather than with
 * `Intl`, so every browser (and jsdom) prints the same "6:00 AM": newer ICU versions put a narrow
 * no-break space before AM/PM, which would differ from one phone to the next.
 */
import { PAY_SLIDER, PAY_SLIDER_UNIT, timeWindowKind, type Range } from '@blockpilot/shared';

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** Sunday = 0 ... Saturday = 6, as filters store days (SPEC.md section 3). */
export const WEEKDAY_NAMES = WEEKDAYS;

/** An amount in currency units: "$100.00". */
export function formatMoney(symbol: string, amount: number): string {
  return `${symbol}${amount.toFixed(2)}`;
}

/** An amount stored in cents (credit, fees): 1050 -> "$10.50". */
export function formatCents(symbol: string, cents: number): string {
  return formatMoney(symbol, cents / 100);
}

function clock(hours24: number, minutes: number, padHours: boolean): string {
  const hours12 = hours24 % 12 || 12;
  const hh = padHours ? String(hours12).padStart(2, '0') : String(hours12);
  return `${hh}:${String(minutes).padStart(2, '0')} ${hours24 < 12 ? 'AM' : 'PM'}`;
}

/** Minutes from midnight as "h:mm AM/PM"; 1440 (the end of the day) reads 12:00 AM again. */
export function formatMinutesOfDay(minutes: number): string {
  return clock(Math.floor(minutes / 60) % 24, minutes % 60, false);
}

/**
 * A filter's start-time window: "6:00 AM – 10:00 PM"; across midnight "10:00 PM – 2:00 AM
 * (overnight)"; `[0, 1440]` "All day"; equal ends (which take nothing) "Empty window".
 */
export function formatTimeWindow(time: Range): string {
  const kind = timeWindowKind(time);
  if (kind === 'allDay') return 'All day';
  if (kind === 'empty') return 'Empty window';
  const text = `${formatMinutesOfDay(time[0])} – ${formatMinutesOfDay(time[1])}`;
  return kind === 'overnight' ? `${text} (overnight)` : text;
}

/** A local time as "h:mm AM/PM". */
export function formatTime(date: Date): string {
  return clock(date.getHours(), date.getMinutes(), false);
}

/** A local time as "hh:mm AM/PM", the form of the filter's "Saved @" line (SPEC.md section 4). */
export function formatSavedAt(date: Date): string {
  return clock(date.getHours(), date.getMinutes(), true);
}

/** A local day as "Mon, Jan 6". */
export function formatDay(date: Date): string {
  return `${WEEKDAYS[date.getDay()]}, ${MONTHS[date.getMonth()]} ${date.getDate()}`;
}

/**
 * The clock times of a block (epoch seconds), local: "6:00 AM – 10:00 AM", with the end's weekday
 * when it runs past midnight: "10:00 PM – 1:00 AM (Tue)".
 */
export function formatTimeRange(startSeconds: number, endSeconds: number): string {
  const start = new Date(startSeconds * 1000);
  const end = new Date(endSeconds * 1000);
  const nextDay = start.toDateString() === end.toDateString() ? '' : ` (${WEEKDAYS[end.getDay()]})`;
  return `${formatTime(start)} – ${formatTime(end)}${nextDay}`;
}

/**
 * A block's start and end (epoch seconds) in local time: "Mon, Jan 6 · 6:00 AM – 10:00 AM", with
 * the end's day added when the block runs past midnight.
 */
export function formatBlockTime(startSeconds: number, endSeconds: number): string {
  const start = new Date(startSeconds * 1000);
  const end = new Date(endSeconds * 1000);
  const sameDay = start.toDateString() === end.toDateString();
  return `${formatDay(start)} · ${formatTime(start)} – ${sameDay ? '' : `${formatDay(end)} `}${formatTime(end)}`;
}

/**
 * A pay slider position in currency: the position x 3.00 (DESIGN.md); the top position means
 * "no upper limit", so it reads "300.00+".
 */
export function formatPay(symbol: string, position: number): string {
  const text = formatMoney(symbol, position * PAY_SLIDER_UNIT);
  return position >= PAY_SLIDER.max ? `${text}+` : text;
}

/** Hours of a block's length: 2 -> "2 h", 2.5 -> "2.5 h". */
export function formatHours(hours: number): string {
  return `${hours} h`;
}

/** Minutes: 30 -> "30 min". */
export function formatMinutes(minutes: number): string {
  return `${minutes} min`;
}
