/**
 * How BlockPilot writes money and dates, in every screen and every message (docs/FRONTEND.md,
 * "Money and dates"): money always with the account's currency symbol and two decimals ("$10.50"),
 * a day as "Mon, Jan 6", a clock time as "6:00 AM", a span as "Mon, Jan 6 · 6:00 AM – 10:00 AM".
 * English is written by hand rather than with `Intl`, so every browser, jsdom and Node print the
 * product's exact text: newer ICU versions put a narrow no-break space before AM/PM. Every other
 * language takes its names, digits and clock from `Intl` (docs/FRONTEND.md, "Languages").
 *
 * Each function takes the language last. Screens leave it out and get the page's active language
 * (the i18n runtime sets it); the server, which writes to many drivers, always names it.
 */
import { DEFAULT_LANGUAGE, INTL_LOCALES, type Language } from './constants.js';

let activeLanguage: Language = DEFAULT_LANGUAGE;

/** The language screens format in when they name none; set by the i18n runtime when the page's language changes. */
export function setFormatLanguage(language: Language): void {
  activeLanguage = language;
}

const intlFormats = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();
/** Intl formatters are costly to build and the same few are used on every row: one of each. */
function intlFormat<T extends Intl.NumberFormat | Intl.DateTimeFormat>(language: Language, kind: string, build: (locale: string) => T): T {
  const key = `${language}:${kind}`;
  let format = intlFormats.get(key);
  if (!format) intlFormats.set(key, (format = build(INTL_LOCALES[language])));
  return format as T;
}
/** A wall-clock field set as a UTC instant, so `Intl` in UTC reads back the same fields on any machine. */
const utc = (month: number, day: number, hours = 0, minutes = 0) => new Date(Date.UTC(2000, month, day, hours, minutes));
// 2 January 2000 was a Sunday: weekday n is the (2 + n)th.
const weekdayInstant = (weekday: number) => utc(0, 2 + weekday);

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** Sunday = 0 ... Saturday = 6, as filters store days. */
export const WEEKDAY_NAMES = WEEKDAYS;

/**
 * A count or a measure with a fixed number of decimals and the language's grouping, like money
 * without its symbol: `(1234.5, 2)` -> "1,234.50"; `(3000)` -> "3,000".
 */
export function formatNumber(value: number, fractionDigits = 0, language: Language = activeLanguage): string {
  return intlFormat(
    language,
    `number${fractionDigits}`,
    (locale) => new Intl.NumberFormat(locale, { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits }),
  ).format(value);
}

/**
 * A short duration the way a race is told (docs/ENGINE.md "Race timelines"): under 10 ms with one
 * decimal ("2.4 ms"), under a second in whole ms ("35 ms"), then seconds with one decimal ("1.2 s"),
 * the number in the language's format; the units read the same in every language.
 */
export function formatDuration(ms: number, language: Language = activeLanguage): string {
  if (ms < 9.95) return `${formatNumber(Math.max(0, ms), 1, language)} ms`;
  if (ms < 999.5) return `${formatNumber(ms, 0, language)} ms`;
  return `${formatNumber(ms / 1000, 1, language)} s`;
}

/**
 * An amount in currency units, in every language with two decimals and the language's grouping:
 * `('$', 1234.5)` -> "$1,234.50", `('$', -3)` -> "-$3.00". The symbol is the driver's currency's
 * (a Canadian driver's "$"), so it is put in front here rather than chosen by `Intl` from a code.
 */
export function formatMoney(symbol: string, amount: number, language: Language = activeLanguage): string {
  return `${amount < 0 ? '-' : ''}${symbol}${formatNumber(Math.abs(amount), 2, language)}`;
}

/** An amount in integer cents (credit, fees, prices of plans): `('$', 1050)` -> "$10.50". */
export function formatCents(symbol: string, cents: number, language: Language = activeLanguage): string {
  return formatMoney(symbol, cents / 100, language);
}

/**
 * An amount in cents cut short for a chart's axis, where a phone has room for a few characters:
 * whole units under a thousand ("$80", "$950"), then thousands with one decimal at most ("$1.2k",
 * "$15k"). English writes the "k" by hand, as above; other languages take `Intl`'s compact form
 * (US Spanish "$1.2 K"), the symbol in front like every amount here.
 */
export function formatCentsShort(symbol: string, cents: number, language: Language = activeLanguage): string {
  const units = Math.abs(cents) / 100;
  const sign = cents < 0 ? '-' : '';
  if (units < 1000) return `${sign}${symbol}${formatNumber(units, Number.isInteger(units) ? 0 : 2, language)}`;
  if (language === 'en') {
    const thousands = Math.round(units / 100) / 10;
    return `${sign}${symbol}${formatNumber(thousands, Number.isInteger(thousands) ? 0 : 1, language)}k`;
  }
  const compact = intlFormat(language, 'compact', (locale) => new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }));
  return `${sign}${symbol}${compact.format(units)}`;
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
export function formatClock({ hours, minutes }: Pick<WallClock, 'hours' | 'minutes'>, padHours = false, language: Language = activeLanguage): string {
  if (language !== 'en') {
    const kind = padHours ? 'clock2' : 'clock';
    const format = intlFormat(language, kind, (locale) => new Intl.DateTimeFormat(locale, { hour: padHours ? '2-digit' : 'numeric', minute: '2-digit', timeZone: 'UTC' }));
    return format.format(utc(0, 1, hours, minutes));
  }
  const hours12 = String(hours % 12 || 12);
  return `${padHours ? hours12.padStart(2, '0') : hours12}:${String(minutes).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** A weekday's short name, Sunday = 0: "Mon"; in Spanish "lun". */
export function formatWeekday(weekday: number, language: Language = activeLanguage): string {
  if (language === 'en') return WEEKDAYS[weekday]!;
  return intlFormat(language, 'weekday', (locale) => new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' })).format(weekdayInstant(weekday));
}

/** "Mon, Jan 6"; in Spanish "lun, 6 ene". */
export function formatDayOf({ weekday, month, day }: WallClock, language: Language = activeLanguage): string {
  if (language === 'en') return `${WEEKDAYS[weekday]}, ${MONTHS[month]} ${day}`;
  const monthName = intlFormat(language, 'month', (locale) => new Intl.DateTimeFormat(locale, { month: 'short', timeZone: 'UTC' })).format(utc(month, 1));
  return `${formatWeekday(weekday, language)}, ${day} ${monthName}`;
}

/** "Mon, Jan 6 · 6:00 AM": an end of a trial or membership. */
export function formatMoment(clock: WallClock, language: Language = activeLanguage): string {
  return `${formatDayOf(clock, language)} · ${formatClock(clock, false, language)}`;
}

/** The browser's local time at an epoch-ms instant, as a moment: the end of a trial or membership. */
export function formatLocalMoment(epochMs: number, language: Language = activeLanguage): string {
  return formatMoment(localClock(new Date(epochMs)), language);
}

/**
 * A short stamp in the browser's time on the app's one clock: "Jan 6, 6:00 PM"; in Spanish the
 * language's own (credit history lines).
 */
export function formatLocalStamp(epochMs: number, language: Language = activeLanguage): string {
  const date = new Date(epochMs);
  if (language === 'en') return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${formatClock(localClock(date), false, language)}`;
  return intlFormat(language, 'stamp', (locale) => new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })).format(date);
}

/**
 * A moment with its year, in the browser's time, where the year matters (an audit log, an order):
 * "Jan 6, 2025, 6:05 PM"; in Spanish "6 ene 2025, 6:05 p.m.".
 */
export function formatLocalDateTime(epochMs: number, language: Language = activeLanguage): string {
  const date = new Date(epochMs);
  if (language === 'en') return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}, ${formatClock(localClock(date), false, language)}`;
  return intlFormat(language, 'dateTime', (locale) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' })).format(date);
}

/** A clock time to the second in the browser's time (a heartbeat): "6:05:07 PM"; in Spanish "6:05:07 p.m.". */
export function formatLocalSeconds(epochMs: number, language: Language = activeLanguage): string {
  const date = new Date(epochMs);
  if (language === 'en') {
    const { hours, minutes } = localClock(date);
    return `${hours % 12 || 12}:${String(minutes).padStart(2, '0')}:${String(date.getSeconds()).padStart(2, '0')} ${hours < 12 ? 'AM' : 'PM'}`;
  }
  return intlFormat(language, 'seconds', (locale) => new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', second: '2-digit' })).format(date);
}

/**
 * A block from start to end: "Mon, Jan 6 · 6:00 AM – 10:00 AM", with the end's day when it runs
 * past midnight: "Mon, Jan 6 · 10:00 PM – Tue, Jan 7 1:00 AM".
 */
export function formatSpan(start: WallClock, end: WallClock, language: Language = activeLanguage): string {
  const sameDay = start.weekday === end.weekday && start.month === end.month && start.day === end.day;
  return `${formatMoment(start, language)} – ${sameDay ? '' : `${formatDayOf(end, language)} `}${formatClock(end, false, language)}`;
}

/**
 * A knowledge-base answer as stored and edited (its lines joined by "\n") in the shape drivers
 * get it: one text, or its lines when it has several ('' is a blank line).
 */
export function knowledgeBaseAnswerOf(stored: string): string | string[] {
  return stored.includes('\n') ? stored.split('\n') : stored;
}
