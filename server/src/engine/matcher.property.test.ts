/**
 * The compiled matcher against a reference written the obvious way (Date fields, or a fresh
 * `Intl` reading of the wall clock in an IANA zone, for the weekday and minutes; division for
 * per-hour pay; `Array.includes`), on random filters (same-day, overnight, all-day and empty
 * windows), offers, fixed offsets, IANA zones and clocks (some around daylight-saving changes), and
 * on offers built to sit exactly on, just inside and just outside each bound.
 */
import { describe, it } from 'node:test';
import { expect } from 'expect';
import fc from 'fast-check';
import type { Filter } from '@blockpilot/shared/types';
import { compileFilters } from './matcher.js';
import type { MatchableOffer } from './types.js';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const AREAS = ['A', 'B', 'C'];

// ---- reference: deliberately naive, sharing no code with matcher.ts ----

const wallFormats = new Map<string, Intl.DateTimeFormat>();
const WEEKDAY_NUMBERS: Record<string, number> = { Sun: 0, Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6 };

/** The driver's wall clock at `ms`: weekday and minutes since local midnight (fractional). */
function wallClock(ms: number, timezoneOffset: number, timeZone: string | undefined): { weekday: number; minutes: number } {
  if (timeZone === undefined) {
    // A Date whose UTC fields read as the driver's wall clock.
    const wall = new Date(ms - timezoneOffset * MINUTE);
    const midnight = Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate());
    return { weekday: wall.getUTCDay(), minutes: (wall.getTime() - midnight) / MINUTE };
  }
  let format = wallFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    wallFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(ms);
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  const subSecond = ((ms % 1000) + 1000) % 1000;
  return {
    weekday: WEEKDAY_NUMBERS[part('weekday')]!,
    minutes: Number(part('hour')) * 60 + Number(part('minute')) + Number(part('second')) / 60 + subSecond / MINUTE,
  };
}

/** Local wall time minus UTC at `ms`, in ms, read from Intl. */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function zoneOffsetMs(ms: number, timeZone: string): number {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    dateFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(ms);
  const n = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  const whole = Math.floor(ms / 1000) * 1000;
  return Date.UTC(n('year'), n('month') - 1, n('day'), n('hour') % 24, n('minute'), n('second')) - whole;
}

/** An instant whose wall clock reads `wallMs` (as a UTC epoch) in the zone; near one for wall times a change skips. */
function instantOfWall(wallMs: number, timezoneOffset: number, timeZone: string | undefined): number {
  if (timeZone === undefined) return wallMs + timezoneOffset * MINUTE;
  const guess = wallMs - zoneOffsetMs(wallMs, timeZone);
  return wallMs - zoneOffsetMs(guess, timeZone);
}

function inWindow([from, to]: [number, number], minutes: number): boolean {
  if (from === to) return false;
  return from < to ? minutes >= from && minutes <= to : minutes >= from || minutes <= to;
}

function referenceAccepts(f: Filter, o: MatchableOffer, nowMs: number, timezoneOffset: number, timeZone: string | undefined): boolean {
  if (!f.enabled || !f.serviceAreas.includes(o.serviceAreaId)) return false;
  const start = wallClock(o.startMs, timezoneOffset, timeZone);
  if (!f.days.includes(start.weekday)) return false;
  if (!inWindow(f.time, start.minutes)) return false;
  const hours = (o.endMs - o.startMs) / HOUR;
  if (hours < f.duration[0] || hours > f.duration[1]) return false;
  const price = o.priceCents / 100;
  const pay = f.payType === 'PER_BLOCK' ? price : price / hours;
  if (pay < f.pay[0] * 3) return false;
  if (f.pay[1] !== 100 && pay > f.pay[1] * 3) return false;
  return o.startMs >= nowMs + f.timeToArrive * MINUTE;
}

function referenceMatch(filters: Filter[], o: MatchableOffer, nowMs: number, timezoneOffset: number, timeZone: string | undefined): Filter | null {
  return filters.find((f) => referenceAccepts(f, o, nowMs, timezoneOffset, timeZone)) ?? null;
}

// ---- generators ----

/** Offsets browsers report (including half and quarter hours), plus any whole minute in range. */
const timezoneOffset = fc.oneof(
  fc.constantFrom(
    -840,
    -780,
    -765,
    -720,
    -660,
    -630,
    -600,
    -570,
    -540,
    -525,
    -480,
    -420,
    -390,
    -360,
    -345,
    -330,
    -300,
    -270,
    -240,
    -210,
    -180,
    -120,
    -60,
    0,
    60,
    120,
    180,
    210,
    240,
    300,
    360,
    420,
    480,
    540,
    570,
    600,
    660,
    720,
  ),
  fc.integer({ min: -840, max: 840 }),
);
/**
 * Zones with daylight saving on and off the UTC hour, by 30 minutes (Lord Howe), at midnight
 * (Santiago), with quarter-hour offsets (Chatham, Kathmandu), negative saving (Dublin), none
 * (Kolkata, Kiritimati), and Ramadan changes (Casablanca).
 */
const ZONES = [
  'UTC',
  'America/New_York',
  'America/St_Johns',
  'America/Santiago',
  'America/Sao_Paulo',
  'Europe/London',
  'Europe/Dublin',
  'Australia/Lord_Howe',
  'Pacific/Chatham',
  'Asia/Kolkata',
  'Asia/Kathmandu',
  'Pacific/Kiritimati',
  'Africa/Casablanca',
];
const timeZoneArb = fc.option(fc.constantFrom(...ZONES), { nil: undefined, freq: 2 });

/** Each UTC hour in which one of ZONES changes its offset, mid-2025 to late 2026 (found by reading every hour). */
const CHANGES: { zone: string; hourMs: number }[] = [];
for (const zone of ZONES) {
  let previous = zoneOffsetMs(Date.UTC(2025, 5, 1), zone);
  for (let t = Date.UTC(2025, 5, 1) + HOUR; t < Date.UTC(2026, 9, 1); t += HOUR) {
    const offset = zoneOffsetMs(t, zone);
    if (offset !== previous) CHANGES.push({ zone, hourMs: t - HOUR });
    previous = offset;
  }
}

const sliderPair = (max: number, step: number) =>
  fc.tuple(fc.integer({ min: 0, max: max / step }), fc.integer({ min: 0, max: max / step })).map(([a, b]) => [Math.min(a, b) * step, Math.max(a, b) * step] as [number, number]);

/** Each field is either wide open or random, so matches are common while every rule still bites. */
const openOr = <T>(open: T, random: fc.Arbitrary<T>) => fc.oneof(fc.constant(open), random);

const filterArb: fc.Arbitrary<Filter> = fc.record({
  id: fc.uuid(),
  name: fc.constant('f'),
  // Accept filters only: the reference model below tries filters in list order (the order of notify filters is tested in matcher.test.ts).
  action: fc.constant('accept' as const),
  enabled: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  serviceAreas: openOr(AREAS, fc.subarray(AREAS)),
  days: openOr([0, 1, 2, 3, 4, 5, 6], fc.subarray([0, 1, 2, 3, 4, 5, 6])),
  // Ordered windows, overnight ones (start after end), and now and then an empty one.
  time: openOr<[number, number]>(
    [0, 1440],
    fc.oneof(
      { weight: 4, arbitrary: sliderPair(1440, 15) },
      { weight: 4, arbitrary: sliderPair(1440, 15).map(([a, b]) => [b, a] as [number, number]) },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 96 }).map((q) => [q * 15, q * 15] as [number, number]) },
    ),
  ),
  pay: openOr<[number, number]>(
    [0, 100],
    fc.oneof(
      sliderPair(100, 1),
      fc.tuple(fc.integer({ min: 0, max: 200 }), fc.constant(100)).map(([a, b]) => [a / 2, b] as [number, number]),
    ),
  ),
  payType: fc.constantFrom('PER_BLOCK' as const, 'PER_HOUR' as const),
  duration: openOr<[number, number]>([0, 10], sliderPair(10, 0.5)),
  timeToArrive: fc.integer({ min: 0, max: 12 }).map((n) => n * 5),
});

const BASE_NOW = Date.UTC(2025, 5, 2, 14, 0, 7);

/** Where the driver is and when they search; `change`: the hour of an offset change of their zone, a few days ahead. */
interface Scene {
  tz: number;
  zone: string | undefined;
  now: number;
  change: number | undefined;
}

/** Any zone and clock over a year, or a zone up to three days before one of its offset changes. */
const sceneArb: fc.Arbitrary<Scene> = fc.oneof(
  fc.record({ tz: timezoneOffset, zone: timeZoneArb, now: fc.integer({ min: 0, max: 400 * DAY }).map((n) => BASE_NOW + n), change: fc.constant(undefined) }),
  fc
    .record({ tz: timezoneOffset, change: fc.constantFrom(...CHANGES), before: fc.integer({ min: 0, max: 3 * DAY }) })
    .map(({ tz, change, before }) => ({ tz, zone: change.zone, now: change.hourMs - before, change: change.hourMs })),
);

function offerArb({ now, change }: Scene): fc.Arbitrary<MatchableOffer> {
  const starts = [
    fc.integer({ min: -2 * HOUR, max: 4 * DAY }).map((d) => now + d),
    fc.integer({ min: -8, max: 400 }).map((q) => Math.floor(now / (15 * MINUTE)) * 15 * MINUTE + q * 15 * MINUTE),
  ];
  if (change !== undefined) {
    // Around the change: any millisecond, and the quarter hours.
    starts.push(fc.integer({ min: -2 * HOUR, max: 3 * HOUR }).map((d) => change + d));
    starts.push(fc.integer({ min: -8, max: 12 }).map((q) => change + q * 15 * MINUTE));
  }
  return fc
    .record({
      serviceAreaId: fc.constantFrom(...AREAS, 'Z'),
      startMs: fc.oneof(...starts),
      durationQuarters: fc.integer({ min: 0, max: 48 }),
      priceCents: fc.oneof(
        fc.integer({ min: 0, max: 40_000 }),
        fc.integer({ min: 0, max: 120 }).map((n) => n * 300),
      ),
    })
    .map(({ serviceAreaId, startMs, durationQuarters, priceCents }) => ({
      serviceAreaId,
      startMs,
      endMs: startMs + durationQuarters * 15 * MINUTE,
      priceCents,
    }));
}

describe('matcher agrees with a naive reference implementation', () => {
  it('on random filters, offers, time zones and clocks', () => {
    let matched = 0;
    let total = 0;
    fc.assert(
      fc.property(
        fc.array(filterArb, { maxLength: 4 }),
        sceneArb.chain((scene) => fc.tuple(fc.constant(scene), fc.array(offerArb(scene), { minLength: 1, maxLength: 20 }))),
        (filters, [{ tz, zone, now }, offers]) => {
          const compiled = compileFilters(filters, tz, zone);
          for (const o of offers) {
            const expected = referenceMatch(filters, o, now, tz, zone);
            total++;
            if (expected) matched++;
            expect(compiled.match(o, now)).toBe(expected);
          }
        },
      ),
      { numRuns: 1500 },
    );
    // Both answers must be common enough for the comparison to mean something.
    expect(matched).toBeGreaterThan(total * 0.005);
    expect(matched).toBeLessThan(total * 0.9);
  });

  it('around every offset change of every zone: the local minute and weekday of each start, and the instant of the change', () => {
    let checked = 0;
    for (const { zone, hourMs } of CHANGES) {
      // The first second of the new offset.
      let low = hourMs / 1000;
      let high = (hourMs + HOUR) / 1000 - 1;
      const before = zoneOffsetMs(low * 1000, zone);
      while (high - low > 1) {
        const middle = Math.floor((low + high) / 2);
        if (zoneOffsetMs(middle * 1000, zone) === before) low = middle;
        else high = middle;
      }
      const changeMs = high * 1000;
      const starts = [changeMs - 1, changeMs, changeMs + 1];
      for (let m = -180; m <= 180; m += 5) starts.push(changeMs + m * MINUTE);
      for (const startMs of starts) {
        const { weekday, minutes } = wallClock(startMs, 0, zone);
        const minute = Math.floor(minutes);
        const o: MatchableOffer = { serviceAreaId: 'A', startMs, endMs: startMs + HOUR, priceCents: 5000 };
        const f = (time: [number, number], days: number[]): Filter => ({
          id: 'f',
          name: 'f',
          enabled: true,
          serviceAreas: ['A'],
          days,
          time,
          pay: [0, 100],
          payType: 'PER_BLOCK',
          duration: [0, 10],
          timeToArrive: 0,
          action: 'accept',
        });
        const otherDays = [0, 1, 2, 3, 4, 5, 6].filter((d) => d !== weekday);
        const cases: [Filter, boolean][] = [
          [f([minute, minute + 1], [weekday]), true],
          [f([minute, minute + 1], otherDays), false],
        ];
        if (minute + 2 <= 1440) cases.push([f([minute + 1, minute + 2], [weekday]), false]);
        if (minute >= 2 && minutes > minute) cases.push([f([minute - 2, minute], [weekday]), false]);
        for (const [filter, expected] of cases) {
          expect(referenceMatch([filter], o, startMs, 0, zone) !== null).toBe(expected);
          expect(compileFilters([filter], 0, zone).match(o, startMs) !== null).toBe(expected);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(CHANGES.length * 200);
  });

  it('on offers placed exactly on, just inside and just outside every bound', () => {
    const nudge = fc.constantFrom(-1, 0, 1);
    // Any zone on a local day from 2024 on, or a zone on (or next to) the day of one of its changes.
    const zoneDayArb = fc.oneof(
      fc.tuple(timeZoneArb, fc.integer({ min: 0, max: 3000 })),
      fc.constantFrom(...CHANGES).chain(({ zone, hourMs }) => {
        const day = Math.floor((hourMs - Date.UTC(2024, 0, 1)) / DAY);
        return fc.tuple(fc.constant<string | undefined>(zone), fc.integer({ min: day - 1, max: day + 1 }));
      }),
    );
    let matched = 0;
    let runs = 0;
    fc.assert(
      fc.property(
        filterArb.map((f) => ({ ...f, enabled: true, serviceAreas: ['A'], days: [0, 1, 2, 3, 4, 5, 6] })),
        timezoneOffset,
        zoneDayArb,
        fc.record({
          bound: fc.constantFrom(0, 1),
          start: nudge,
          price: nudge,
          now: nudge,
          startStep: fc.constantFrom(-15, 0, 15),
          quarters: fc.integer({ min: 0, max: 48 }),
          end: nudge,
        }),
        (f, tz, [zone, dayNumber], d) => {
          // A local day, one of the window's bounds (moved by a quarter hour or a millisecond).
          const wall = Date.UTC(2024, 0, 1) + dayNumber * DAY + (f.time[d.bound] + d.startStep) * MINUTE;
          const startMs = instantOfWall(wall, tz, zone) + d.start;
          const endMs = Math.max(startMs, startMs + d.quarters * 15 * MINUTE + d.end);
          const hours = (endMs - startMs) / HOUR;
          const boundPay = (d.price >= 0 ? f.pay[1] : f.pay[0]) * 3;
          const priceAtBound = f.payType === 'PER_BLOCK' ? boundPay : boundPay * hours;
          const o: MatchableOffer = { serviceAreaId: 'A', startMs, endMs, priceCents: Math.max(0, Math.round(priceAtBound * 100) + d.price) };
          const now = startMs - f.timeToArrive * MINUTE + d.now;
          const expected = referenceMatch([f], o, now, tz, zone);
          runs++;
          if (expected) matched++;
          expect(compileFilters([f], tz, zone).match(o, now)).toBe(expected);
        },
      ),
      { numRuns: 3000 },
    );
    expect(matched).toBeGreaterThan(runs * 0.01);
  });
});
