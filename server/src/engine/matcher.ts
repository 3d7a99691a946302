/**
 * The filter matcher (DESIGN.md "Rules SPEC.md leaves open"), compiled once per filter change and
 * time zone into integer bounds, so matching an offer is a map lookup, a little arithmetic for the
 * block's local day and time, and a handful of comparisons per candidate filter.
 *
 * An offer matches when ANY enabled filter accepts it; a filter accepts it when all hold:
 * - service area: the offer's area is in `serviceAreas` (empty list: nothing matches);
 * - day: the weekday of the block's START, in the driver's time zone, is in `days` (Sunday = 0;
 *   empty list: nothing matches);
 * - time: start >= time[0] and end <= time[1], both in minutes from the local midnight of the
 *   START day. A block that runs past midnight ends after minute 1440 there, so it never fits
 *   (no window goes beyond 1440); one ending exactly at midnight fits a window ending at 1440.
 *   A window with time[0] > time[1] (overnight) therefore matches nothing;
 * - duration: duration[0] <= hours <= duration[1] (inclusive);
 * - pay: slider x PAY_SLIDER_UNIT (3.00) in currency, inclusive, against the block price
 *   (PER_BLOCK) or price per hour (PER_HOUR); a high handle at the slider's maximum (100) means no
 *   upper bound;
 * - lead time: the block starts no sooner than `timeToArrive` minutes after now (inclusive).
 *
 * Time zone: `timezoneOffsetMinutes` is the browser's `Date.getTimezoneOffset()`, the minutes to
 * ADD to local time to get UTC (300 for UTC-5, -330 for India), so local = UTC - offset. One fixed
 * offset applies to every block: a block on the far side of a daylight-saving change is read with
 * the offset the driver's browser had when searching started.
 *
 * Every comparison is exact integer arithmetic on ms and cents (per-hour pay is compared by cross
 * multiplication, never by dividing), so bounds are exactly inclusive.
 */
import { PAY_SLIDER, PAY_SLIDER_UNIT } from '@blockpilot/shared/constants';
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
   * The first enabled filter (in the order given) that accepts the offer, or null. `nowMs` is the
   * current epoch ms (for `timeToArrive`). Pure: same input, same answer.
   */
  match(offer: MatchableOffer, nowMs: number): Filter | null;
  /** Every service area some enabled filter names, each once, in first-seen order: what to poll. */
  readonly serviceAreaIds: readonly string[];
  /** How many filters are enabled; 0 means nothing can ever match. */
  readonly enabledCount: number;
}

/** One enabled filter as integer bounds. */
interface FilterBounds {
  filter: Filter;
  /** Bit d set when weekday d is allowed. */
  dayMask: number;
  /** Start window and end limit, ms from local midnight of the start day. */
  earliestStartMs: number;
  latestEndMs: number;
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
  let dayMask = 0;
  for (const day of filter.days) if (Number.isInteger(day) && day >= 0 && day <= 6) dayMask |= 1 << day;
  return {
    filter,
    dayMask,
    earliestStartMs: timeFrom * MINUTE_MS,
    latestEndMs: timeTo * MINUTE_MS,
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
 * Compiles the enabled filters for a time zone (minutes to add to local time to get UTC, as
 * `Date.getTimezoneOffset()`). Throws a TypeError for a malformed enabled filter or offset.
 */
export function compileFilters(filters: readonly Filter[], timezoneOffsetMinutes: number): CompiledFilters {
  if (!Number.isFinite(timezoneOffsetMinutes) || Math.abs(timezoneOffsetMinutes) > MAX_OFFSET_MINUTES) {
    throw new TypeError(`timezoneOffsetMinutes must be within ±${MAX_OFFSET_MINUTES}, got ${timezoneOffsetMinutes}`);
  }
  const offsetMs = timezoneOffsetMinutes * MINUTE_MS;
  // Per area, the filters naming it, in list order: an offer only meets the filters it could match.
  const byArea = new Map<string, FilterBounds[]>();
  let enabledCount = 0;
  for (const filter of filters) {
    if (!filter.enabled) continue;
    enabledCount++;
    const bounds = boundsOf(filter);
    for (const area of new Set(filter.serviceAreas)) {
      const list = byArea.get(area);
      if (list) list.push(bounds);
      else byArea.set(area, [bounds]);
    }
  }

  const match = (offer: MatchableOffer, nowMs: number): Filter | null => {
    const candidates = byArea.get(offer.serviceAreaId);
    if (candidates === undefined) return null;
    const localStartMs = offer.startMs - offsetMs;
    const localDay = Math.floor(localStartMs / DAY_MS);
    const weekdayBit = 1 << ((((localDay + EPOCH_WEEKDAY) % 7) + 7) % 7);
    const startInDayMs = localStartMs - localDay * DAY_MS;
    const durationMs = offer.endMs - offer.startMs;
    const endInDayMs = startInDayMs + durationMs;
    for (const bounds of candidates) {
      if (
        (bounds.dayMask & weekdayBit) !== 0 &&
        startInDayMs >= bounds.earliestStartMs &&
        endInDayMs <= bounds.latestEndMs &&
        durationMs >= bounds.minDurationMs &&
        durationMs <= bounds.maxDurationMs &&
        offer.startMs >= nowMs + bounds.leadMs &&
        payAccepts(bounds, offer.priceCents, durationMs)
      ) {
        return bounds.filter;
      }
    }
    return null;
  };

  return { match, serviceAreaIds: [...byArea.keys()], enabledCount };
}
