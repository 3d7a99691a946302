/**
 * The filter matcher, compiled once per filter change and time zone into integer bounds, so
 * matching an offer is a map lookup, a little arithmetic for the block's local day and time, and a
 * handful of comparisons per candidate filter.
 *
 * An offer matches when ANY enabled filter accepts it; a filter accepts it when all hold:
 * - service area: the offer's area is in `serviceAreas` (empty list: nothing matches);
 * - day: the weekday of the block's START, in the driver's time zone, is in `days` (Sunday = 0;
 *   empty list: nothing matches). A block starting at 01:00 Tuesday is a Tuesday block, even when
 *   it is taken by an overnight window that opened on Monday evening;
 * - time: the block's local START, in minutes from its local midnight, lies in the window (see
 *   `timeWindowKind`): [time[0], time[1]] with both ends inclusive (a window "until 12:00" takes a
 *   block starting at 12:00, the way every other bound here is inclusive); when time[0] > time[1]
 *   the window runs overnight: [time[0], 1440) or [0, time[1]]. `[0, 1440]` is all day. The end
 *   of the block is not looked at: drivers choose when they start work, and a block may run past
 *   midnight. An empty window (time[0] == time[1]) takes nothing; saving one is refused;
 * - duration: duration[0] <= hours <= duration[1] (inclusive);
 * - pay: slider x PAY_SLIDER_UNIT (3.00) in currency, inclusive, against the block price
 *   (PER_BLOCK) or price per hour (PER_HOUR); a high handle at the slider's maximum (100) means no
 *   upper bound;
 * - lead time: the block starts no sooner than `timeToArrive` minutes after now (inclusive).
 *
 * Time zone: with an IANA zone (`America/New_York`), each block's local start is read with the
 * zone's real offset at that instant, so a block on the far side of a daylight-saving change is
 * read in the offset it will have, and a wall time that occurs twice (the hour repeated when clocks
 * go back) matches both times. Without one, `timezoneOffsetMinutes` (the browser's
 * `Date.getTimezoneOffset()`, the minutes to ADD to local time to get UTC: 300 for UTC-5, -330 for
 * India, so local = UTC - offset) applies to every block.
 *
 * Every comparison is exact integer arithmetic on ms and cents (per-hour pay is compared by cross
 * multiplication, never by dividing), so bounds are exactly inclusive.
 */
import { PAY_SLIDER, PAY_SLIDER_UNIT } from '@blockpilot/shared/constants';
import { timeWindowKind } from '@blockpilot/shared/rules';
import type { Filter } from '@blockpilot/shared/types';
import type { MatchableOffer } from './types.js';

const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** 1970-01-01 (day 0 of epoch days) was a Thursday. */
const EPOCH_WEEKDAY = 4;
/** Largest real UTC offset is 14 h; anything beyond a day is a bug upstream, not a time zone. */
const MAX_OFFSET_MINUTES = 1440;
const PAY_SLIDER_CENTS = PAY_SLIDER_UNIT * 100;

/** Filters compiled for one time zone. */
export interface CompiledFilters {
  /**
   * The first enabled filter that accepts the offer, or null: accept filters before notify filters,
   * each in the order given, so an accept filter wins over a notify filter that also matches (docs/PRODUCT.md
   * "Notify-only filters"). `nowMs` is the current epoch ms (for `timeToArrive`). Pure: same input, same answer.
   */
  match(offer: MatchableOffer, nowMs: number): Filter | null;
  /**
   * Why no enabled filter accepts the offer (null when one does): `station` when none names its
   * area, else the first failed test (day, time, duration, arrival, pay, in that order) of the
   * filter that came closest. Pure like {@link match}; used only for offers that did not match.
   */
  whyNot(offer: MatchableOffer, nowMs: number): FilterMiss | null;
  /** Every service area some enabled filter names, each once, in first-seen order: what to poll. */
  readonly serviceAreaIds: readonly string[];
  /** How many filters are enabled; 0 means nothing can ever match. */
  readonly enabledCount: number;
}

/** The filter test an offer failed (docs/ENGINE.md "Ignore reasons"). */
export type FilterMiss = 'station' | 'day' | 'time' | 'duration' | 'arrival' | 'pay';

/** The tests after the station, in the order they are made. */
const TEST_ORDER: readonly FilterMiss[] = ['day', 'time', 'duration', 'arrival', 'pay'];

/** An offer as the bounds read it: its local weekday and start, its length, lead and price. */
interface OfferFacts {
  weekdayBit: number;
  startInDayMs: number;
  durationMs: number;
  /** From now to the block's start. */
  leadMs: number;
  priceCents: number;
}

/** The first test of `bounds` the offer fails, or null when it passes all. */
function firstMiss(bounds: FilterBounds, facts: OfferFacts): FilterMiss | null {
  if ((bounds.dayMask & facts.weekdayBit) === 0) return 'day';
  const { startInDayMs } = facts;
  const inWindow = bounds.overnight
    ? startInDayMs >= bounds.windowFromMs || startInDayMs <= bounds.windowToMs
    : startInDayMs >= bounds.windowFromMs && startInDayMs <= bounds.windowToMs;
  if (!inWindow) return 'time';
  if (facts.durationMs < bounds.minDurationMs || facts.durationMs > bounds.maxDurationMs) return 'duration';
  if (facts.leadMs < bounds.leadMs) return 'arrival';
  if (!payAccepts(bounds, facts.priceCents, facts.durationMs)) return 'pay';
  return null;
}

/** One enabled filter as integer bounds. */
interface FilterBounds {
  filter: Filter;
  /** Bit d set when weekday d is allowed. */
  dayMask: number;
  /** Start window, ms from local midnight of the start day, both ends inclusive. */
  windowFromMs: number;
  windowToMs: number;
  /** The window runs across midnight: starts at or after windowFromMs OR at or before windowToMs. */
  overnight: boolean;
  minDurationMs: number;
  maxDurationMs: number;
  perHour: boolean;
  minPayCents: number;
  /** Meaningless when !hasMaxPay. */
  maxPayCents: number;
  hasMaxPay: boolean;
  leadMs: number;
}

function requireFinite(filter: Filter, name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new TypeError(`filter ${filter.id}: ${name} must be a finite number, got ${String(value)}`);
  }
  return value;
}

function requireRange(filter: Filter, name: string, range: unknown): [number, number] {
  if (!Array.isArray(range) || range.length !== 2) throw new TypeError(`filter ${filter.id}: ${name} must be [low, high]`);
  return [requireFinite(filter, `${name}[0]`, range[0]), requireFinite(filter, `${name}[1]`, range[1])];
}

/** A malformed enabled filter is a bug upstream (validation), so it fails here loudly. */
function boundsOf(filter: Filter): FilterBounds {
  const [timeFrom, timeTo] = requireRange(filter, 'time', filter.time);
  const [payLow, payHigh] = requireRange(filter, 'pay', filter.pay);
  const [durationLow, durationHigh] = requireRange(filter, 'duration', filter.duration);
  const timeToArrive = requireFinite(filter, 'timeToArrive', filter.timeToArrive);
  if (filter.payType !== 'PER_BLOCK' && filter.payType !== 'PER_HOUR') {
    throw new TypeError(`filter ${filter.id}: payType must be PER_BLOCK or PER_HOUR, got ${String(filter.payType)}`);
  }
  const windowKind = timeWindowKind([timeFrom, timeTo]);
  let dayMask = 0;
  // An empty window takes no start on any day: no day bit is the cheapest way to say so.
  if (windowKind !== 'empty') for (const day of filter.days) if (Number.isInteger(day) && day >= 0 && day <= 6) dayMask |= 1 << day;
  return {
    filter,
    dayMask,
    windowFromMs: timeFrom * MINUTE_MS,
    windowToMs: timeTo * MINUTE_MS,
    overnight: windowKind === 'overnight',
    minDurationMs: durationLow * HOUR_MS,
    maxDurationMs: durationHigh * HOUR_MS,
    perHour: filter.payType === 'PER_HOUR',
    minPayCents: payLow * PAY_SLIDER_CENTS,
    maxPayCents: payHigh * PAY_SLIDER_CENTS,
    hasMaxPay: payHigh < PAY_SLIDER.max,
    leadMs: timeToArrive * MINUTE_MS,
  };
}

/** Pay bounds: per block on cents; per hour as cents x 1 h against bound x duration (no division). */
function payAccepts(bounds: FilterBounds, priceCents: number, durationMs: number): boolean {
  if (!bounds.perHour) return priceCents >= bounds.minPayCents && (!bounds.hasMaxPay || priceCents <= bounds.maxPayCents);
  const scaledPrice = priceCents * HOUR_MS;
  return scaledPrice >= bounds.minPayCents * durationMs && (!bounds.hasMaxPay || scaledPrice <= bounds.maxPayCents * durationMs);
}

/**
 * The offsets of one IANA zone, memoised per UTC hour: a block's local start then costs a map
 * lookup, not a formatter call. Every real zone changes its offset at most once in any hour, but
 * not always on a UTC hour (Newfoundland at 05:30 UTC, Lord Howe at 15:30), so an hour whose two
 * ends disagree keeps the exact instant of the change as well.
 */
class ZoneOffsets {
  /** One formatter for the zone, reused for every lookup. */
  private readonly format: Intl.DateTimeFormat;
  private readonly hours = new Map<number, HourOffsets>();
  /** Offers of one poll mostly start in the same few hours: the last hour answers without the map. */
  private lastHour = Number.NaN;
  private lastEntry: HourOffsets | undefined;

  constructor(timeZone: string) {
    this.format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  }

  /** Local wall time minus UTC, in ms, at the instant `utcMs`. */
  localMinusUtcMs(utcMs: number): number {
    const hour = Math.floor(utcMs / HOUR_MS);
    let entry = hour === this.lastHour ? this.lastEntry : this.hours.get(hour);
    if (entry === undefined) entry = this.remember(hour);
    this.lastHour = hour;
    this.lastEntry = entry;
    return utcMs < entry.changeAtMs ? entry.before : entry.after;
  }

  private remember(hour: number): HourOffsets {
    const fromMs = hour * HOUR_MS;
    const before = this.offsetAtSecond(fromMs / 1000);
    const lastSecond = (fromMs + HOUR_MS) / 1000 - 1;
    const after = this.offsetAtSecond(lastSecond);
    let changeAtMs = Number.POSITIVE_INFINITY;
    if (after !== before) {
      // Offsets change on whole seconds: find the first second with the new one.
      let low = fromMs / 1000;
      let high = lastSecond;
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (this.offsetAtSecond(middle) === before) low = middle;
        else high = middle;
      }
      changeAtMs = high * 1000;
    }
    const entry: HourOffsets = { before, changeAtMs, after };
    // Bounded: offers start within days of now, so the oldest hours are the ones not needed again.
    if (this.hours.size >= MAX_CACHED_HOURS) this.hours.delete(this.hours.keys().next().value!);
    this.hours.set(hour, entry);
    return entry;
  }

  /** The wall clock read at epoch second `second`, minus that instant. */
  private offsetAtSecond(second: number): number {
    let year = 0;
    let month = 0;
    let day = 0;
    let hours = 0;
    let minutes = 0;
    let seconds = 0;
    for (const part of this.format.formatToParts(second * 1000)) {
      if (part.type === 'year') year = Number(part.value);
      else if (part.type === 'month') month = Number(part.value);
      else if (part.type === 'day') day = Number(part.value);
      else if (part.type === 'hour') hours = Number(part.value) % 24;
      else if (part.type === 'minute') minutes = Number(part.value);
      else if (part.type === 'second') seconds = Number(part.value);
    }
    const wall = new Date(0);
    wall.setUTCFullYear(year, month - 1, day);
    wall.setUTCHours(hours, minutes, seconds, 0);
    return wall.getTime() - second * 1000;
  }
}

/** One UTC hour of a zone: its offset, and when it changes inside the hour (Infinity: it does not). */
interface HourOffsets {
  before: number;
  changeAtMs: number;
  after: number;
}

/** About three months of hours per zone; offers start at most days ahead. */
const MAX_CACHED_HOURS = 2_200;
/** Zones in use, shared by every driver's compiled filters (offsets depend on the zone alone). */
const zones = new Map<string, ZoneOffsets>();
/** More than every IANA name and alias; past it the memo starts over rather than grow. */
const MAX_ZONES = 1_000;

/** The zone's offsets; throws a RangeError for a name the runtime does not know. */
function zoneOffsets(timeZone: string): ZoneOffsets {
  let zone = zones.get(timeZone);
  if (zone === undefined) {
    zone = new ZoneOffsets(timeZone);
    if (zones.size >= MAX_ZONES) zones.clear();
    zones.set(timeZone, zone);
  }
  return zone;
}

/**
 * The canonical spelling of an IANA time zone name (`america/new_york` -> `America/New_York`), or
 * null when the runtime does not know it.
 */
export function canonicalTimeZone(timeZone: string): string | null {
  if (typeof timeZone !== 'string' || timeZone === '') return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/**
 * Compiles the enabled filters for a time zone: `timeZone`, an IANA name, when given (offsets
 * follow its daylight-saving changes); otherwise the fixed `timezoneOffsetMinutes` (minutes to add
 * to local time to get UTC, as `Date.getTimezoneOffset()`). Throws a TypeError for a malformed
 * enabled filter, offset or zone.
 */
export function compileFilters(filters: readonly Filter[], timezoneOffsetMinutes: number, timeZone?: string | null): CompiledFilters {
  if (!Number.isFinite(timezoneOffsetMinutes) || Math.abs(timezoneOffsetMinutes) > MAX_OFFSET_MINUTES) {
    throw new TypeError(`timezoneOffsetMinutes must be within ±${MAX_OFFSET_MINUTES}, got ${timezoneOffsetMinutes}`);
  }
  let zone: ZoneOffsets | undefined;
  if (timeZone !== undefined && timeZone !== null) {
    try {
      zone = zoneOffsets(timeZone);
    } catch {
      throw new TypeError(`timeZone must be an IANA time zone name, got ${JSON.stringify(timeZone)}`);
    }
  }
  const offsetMs = timezoneOffsetMinutes * MINUTE_MS;
  // Per area, the filters naming it, in list order: an offer only meets the filters it could match.
  const byArea = new Map<string, FilterBounds[]>();
  let enabledCount = 0;
  // Accept filters first, each kind in list order: an offer an accept filter takes is taken even
  // when a notify filter also matches it (docs/PRODUCT.md "Notify-only filters").
  const ordered = [...filters.filter((filter) => filter.action !== 'notify'), ...filters.filter((filter) => filter.action === 'notify')];
  for (const filter of ordered) {
    if (!filter.enabled) continue;
    enabledCount++;
    const bounds = boundsOf(filter);
    for (const area of new Set(filter.serviceAreas)) {
      const list = byArea.get(area);
      if (list) list.push(bounds);
      else byArea.set(area, [bounds]);
    }
  }

  /** The local facts of an offer the bounds are tested against. */
  const factsOf = (offer: MatchableOffer, nowMs: number): OfferFacts => {
    const localStartMs = zone === undefined ? offer.startMs - offsetMs : offer.startMs + zone.localMinusUtcMs(offer.startMs);
    const localDay = Math.floor(localStartMs / DAY_MS);
    return {
      weekdayBit: 1 << ((((localDay + EPOCH_WEEKDAY) % 7) + 7) % 7),
      startInDayMs: localStartMs - localDay * DAY_MS,
      durationMs: offer.endMs - offer.startMs,
      leadMs: offer.startMs - nowMs,
      priceCents: offer.priceCents,
    };
  };

  const match = (offer: MatchableOffer, nowMs: number): Filter | null => {
    const candidates = byArea.get(offer.serviceAreaId);
    if (candidates === undefined) return null;
    const facts = factsOf(offer, nowMs);
    for (const bounds of candidates) if (firstMiss(bounds, facts) === null) return bounds.filter;
    return null;
  };

  const whyNot = (offer: MatchableOffer, nowMs: number): FilterMiss | null => {
    const candidates = byArea.get(offer.serviceAreaId);
    if (candidates === undefined) return 'station';
    const facts = factsOf(offer, nowMs);
    // The filter that came closest says why: the one whose first failed test comes latest.
    let closest: FilterMiss | null = null;
    for (const bounds of candidates) {
      const miss = firstMiss(bounds, facts);
      if (miss === null) return null;
      if (closest === null || TEST_ORDER.indexOf(miss) > TEST_ORDER.indexOf(closest)) closest = miss;
    }
    return closest;
  };

  return { match, whyNot, serviceAreaIds: [...byArea.keys()], enabledCount };
}

/**
 * Local wall time minus UTC, ms, at an instant, for a zone (or the fixed offset without one) read
 * the way {@link compileFilters} reads it: the work limits count days and weeks with it.
 */
export function localOffsetReader(timezoneOffsetMinutes: number, timeZone?: string | null): (utcMs: number) => number {
  if (timeZone !== undefined && timeZone !== null) {
    const zone = zoneOffsets(timeZone);
    return (utcMs) => zone.localMinusUtcMs(utcMs);
  }
  const offsetMs = -timezoneOffsetMinutes * MINUTE_MS;
  return () => offsetMs;
}
