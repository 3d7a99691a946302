/**
 * The compiled matcher against a reference written the obvious way (Date fields for the weekday and
 * minutes, division for per-hour pay, `Array.includes`), on random filters, offers, time zones and
 * clocks, and on offers built to sit exactly on, just inside and just outside each bound.
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

function referenceAccepts(f: Filter, o: MatchableOffer, nowMs: number, timezoneOffset: number): boolean {
  if (!f.enabled || !f.serviceAreas.includes(o.serviceAreaId)) return false;
  // A Date whose UTC fields read as the driver's wall clock.
  const wallStart = new Date(o.startMs - timezoneOffset * MINUTE);
  const wallEnd = new Date(o.endMs - timezoneOffset * MINUTE);
  if (!f.days.includes(wallStart.getUTCDay())) return false;
  const midnight = Date.UTC(wallStart.getUTCFullYear(), wallStart.getUTCMonth(), wallStart.getUTCDate());
  const startMinutes = (wallStart.getTime() - midnight) / MINUTE;
  const endMinutes = (wallEnd.getTime() - midnight) / MINUTE;
  if (startMinutes < f.time[0] || endMinutes > f.time[1]) return false;
  const hours = (o.endMs - o.startMs) / HOUR;
  if (hours < f.duration[0] || hours > f.duration[1]) return false;
  const price = o.priceCents / 100;
  const pay = f.payType === 'PER_BLOCK' ? price : price / hours;
  if (pay < f.pay[0] * 3) return false;
  if (f.pay[1] !== 100 && pay > f.pay[1] * 3) return false;
  return o.startMs >= nowMs + f.timeToArrive * MINUTE;
}

function referenceMatch(filters: Filter[], o: MatchableOffer, nowMs: number, timezoneOffset: number): Filter | null {
  return filters.find((f) => referenceAccepts(f, o, nowMs, timezoneOffset)) ?? null;
}

// ---- generators ----

/** Offsets browsers report (including half and quarter hours), plus any whole minute in range. */
const timezoneOffset = fc.oneof(
  fc.constantFrom(-840, -780, -765, -720, -660, -630, -600, -570, -540, -525, -480, -420, -390, -360, -345, -330, -300, -270, -240, -210, -180, -120, -60, 0, 60, 120, 180, 210, 240, 300, 360, 420, 480, 540, 570, 600, 660, 720),
  fc.integer({ min: -840, max: 840 }),
);
const sliderPair = (max: number, step: number) =>
  fc.tuple(fc.integer({ min: 0, max: max / step }), fc.integer({ min: 0, max: max / step })).map(([a, b]) => [Math.min(a, b) * step, Math.max(a, b) * step] as [number, number]);

/** Each field is either wide open or random, so matches are common while every rule still bites. */
const openOr = <T>(open: T, random: fc.Arbitrary<T>) => fc.oneof(fc.constant(open), random);

const filterArb: fc.Arbitrary<Filter> = fc.record({
  id: fc.uuid(),
  name: fc.constant('f'),
  enabled: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
  serviceAreas: openOr(AREAS, fc.subarray(AREAS)),
  days: openOr([0, 1, 2, 3, 4, 5, 6], fc.subarray([0, 1, 2, 3, 4, 5, 6])),
  // Mostly ordered windows, sometimes inverted ones (which must match nothing).
  time: openOr<[number, number]>(
    [0, 1440],
    fc.oneof(
      { weight: 5, arbitrary: sliderPair(1440, 15) },
      { weight: 1, arbitrary: fc.tuple(fc.integer({ min: 0, max: 96 }), fc.integer({ min: 0, max: 96 })).map(([a, b]) => [a * 15, b * 15] as [number, number]) },
    ),
  ),
  pay: openOr<[number, number]>([0, 100], fc.oneof(sliderPair(100, 1), fc.tuple(fc.integer({ min: 0, max: 200 }), fc.constant(100)).map(([a, b]) => [a / 2, b] as [number, number]))),
  payType: fc.constantFrom('PER_BLOCK' as const, 'PER_HOUR' as const),
  duration: openOr<[number, number]>([0, 10], sliderPair(10, 0.5)),
  timeToArrive: fc.integer({ min: 0, max: 12 }).map((n) => n * 5),
});

const BASE_NOW = Date.UTC(2025, 5, 2, 14, 0, 7);
const nowArb = fc.integer({ min: 0, max: 400 * DAY }).map((n) => BASE_NOW + n);

function offerArb(now: number): fc.Arbitrary<MatchableOffer> {
  return fc.record({
    serviceAreaId: fc.constantFrom(...AREAS, 'Z'),
    startMs: fc.oneof(
      fc.integer({ min: -2 * HOUR, max: 4 * DAY }).map((d) => now + d),
      fc.integer({ min: -8, max: 400 }).map((q) => Math.floor(now / (15 * MINUTE)) * 15 * MINUTE + q * 15 * MINUTE),
    ),
    durationQuarters: fc.integer({ min: 0, max: 48 }),
    priceCents: fc.oneof(fc.integer({ min: 0, max: 40_000 }), fc.integer({ min: 0, max: 120 }).map((n) => n * 300)),
  }).map(({ serviceAreaId, startMs, durationQuarters, priceCents }) => ({
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
        timezoneOffset,
        nowArb.chain((now) => fc.tuple(fc.constant(now), fc.array(offerArb(now), { minLength: 1, maxLength: 20 }))),
        (filters, tz, [now, offers]) => {
          const compiled = compileFilters(filters, tz);
          for (const o of offers) {
            const expected = referenceMatch(filters, o, now, tz);
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

  it('on offers placed exactly on, just inside and just outside every bound', () => {
    const nudge = fc.constantFrom(-1, 0, 1);
    let matched = 0;
    let runs = 0;
    fc.assert(
      fc.property(
        filterArb.map((f) => ({ ...f, enabled: true, serviceAreas: ['A'], days: [0, 1, 2, 3, 4, 5, 6] })),
        timezoneOffset,
        fc.integer({ min: 0, max: 3000 }),
        fc.record({ start: nudge, end: nudge, price: nudge, now: nudge, startStep: fc.constantFrom(0, 15), endStep: fc.constantFrom(0, -15) }),
        (f, tz, dayNumber, d) => {
          // A local day, the window's own bounds (moved by a quarter hour or a millisecond).
          const localMidnightUtc = Date.UTC(2024, 0, 1) + dayNumber * DAY + tz * MINUTE;
          const startMs = localMidnightUtc + (f.time[0] + d.startStep) * MINUTE + d.start;
          const endMs = Math.max(startMs, localMidnightUtc + (f.time[1] + d.endStep) * MINUTE + d.end);
          const hours = (endMs - startMs) / HOUR;
          const boundPay = (d.price >= 0 ? f.pay[1] : f.pay[0]) * 3;
          const priceAtBound = f.payType === 'PER_BLOCK' ? boundPay : boundPay * hours;
          const o: MatchableOffer = { serviceAreaId: 'A', startMs, endMs, priceCents: Math.max(0, Math.round(priceAtBound * 100) + d.price) };
          const now = startMs - f.timeToArrive * MINUTE + d.now;
          const expected = referenceMatch([f], o, now, tz);
          runs++;
          if (expected) matched++;
          expect(compileFilters([f], tz).match(o, now)).toBe(expected);
        },
      ),
      { numRuns: 3000 },
    );
    expect(matched).toBeGreaterThan(runs * 0.01);
  });
});
