import { describe, it } from 'node:test';
import { expect } from 'expect';
import { DEFAULT_WORK_LIMITS, type WorkLimits } from '@blockpilot/shared/api/schemas';
import { localOffsetReader } from './matcher.js';
import { CompiledLimits, greatCircleKm, type LimitBlock, type Position } from './workLimits.js';

const HOUR_MS = 3_600_000;
const NEW_YORK = localOffsetReader(300, 'America/New_York');
/** 2026-12-07 00:00 in New York (UTC-5): a Monday. */
const MONDAY_NY = Date.parse('2026-12-07T05:00:00Z');

const limitsOf = (overrides: Partial<WorkLimits>, positions: ReadonlyMap<string, Position> = new Map()) =>
  new CompiledLimits({ ...DEFAULT_WORK_LIMITS, ...overrides }, NEW_YORK, positions);

/** An offer of `hours` hours starting `fromHour` hours after Monday's local midnight. */
const offer = (fromHour: number, hours: number, area = 'A', priceCents = 10_000) => ({
  serviceAreaId: area,
  startMs: MONDAY_NY + fromHour * HOUR_MS,
  endMs: MONDAY_NY + (fromHour + hours) * HOUR_MS,
  priceCents,
});
const block = (fromHour: number, hours: number, area = 'A', priceCents = 10_000): LimitBlock => ({
  serviceAreaId: area,
  startTime: (MONDAY_NY + fromHour * HOUR_MS) / 1000,
  endTime: (MONDAY_NY + (fromHour + hours) * HOUR_MS) / 1000,
  priceCents,
});

describe('work limits: away dates', () => {
  const limits = limitsOf({
    awayDates: [
      { from: '2026-12-07', to: '2026-12-07' },
      { from: '2026-12-10', to: '2026-12-12' },
    ],
  });
  const none = limits.tally([]);
  it("refuses a block on a single away date, in the driver's zone", () => {
    expect(limits.check(offer(9, 4), none)).toEqual({ reason: 'away' });
    // 23:30 Sunday to 00:30 Monday touches the away Monday.
    expect(limits.check(offer(-0.5, 1), none)).toEqual({ reason: 'away' });
  });
  it("takes a block the day before, ending at the away day's midnight, and the day after", () => {
    expect(limits.check(offer(-4, 4), none)).toBeNull();
    expect(limits.check(offer(24, 4), none)).toBeNull();
  });
  it('refuses every day of a range, both ends included', () => {
    for (const day of [3, 4, 5]) expect(limits.check(offer(day * 24 + 10, 3), none)).toEqual({ reason: 'away' });
    expect(limits.check(offer(6 * 24 + 10, 3), none)).toBeNull();
  });
});

describe('work limits: hours and pay', () => {
  it('refuses a block that would pass the daily cap, counted on the local day of its start', () => {
    const limits = limitsOf({ maxDayMinutes: 8 * 60 });
    const tally = limits.tally([block(6, 5)]);
    expect(limits.check(offer(13, 3), tally)).toBeNull();
    expect(limits.check(offer(13, 3.5), tally)).toEqual({ reason: 'dayCap' });
    // Tuesday is another day.
    expect(limits.check(offer(24 + 6, 5), tally)).toBeNull();
    // 21:00 Sunday UTC-5 is 02:00 Monday UTC: still Sunday for the driver.
    expect(limits.check(offer(-3, 5), tally)).toBeNull();
  });
  it('counts blocks chosen in the same poll', () => {
    const limits = limitsOf({ maxDayMinutes: 8 * 60 });
    const tally = limits.tally([]);
    expect(limits.check(offer(13, 4), tally)).toBeNull();
    expect(limits.check(offer(13, 4), tally, [block(6, 5)])).toEqual({ reason: 'dayCap' });
  });
  it('refuses a block that would pass the weekly cap, weeks running Sunday to Saturday', () => {
    const limits = limitsOf({ maxWeekMinutes: 20 * 60 });
    // Monday, Tuesday, Wednesday: 6 h each, 18 h in the week.
    const tally = limits.tally([block(6, 6), block(30, 6), block(54, 6)]);
    expect(limits.check(offer(78, 2), tally)).toBeNull();
    expect(limits.check(offer(78, 3), tally)).toEqual({ reason: 'weekCap' });
    // The next Sunday starts a new week.
    expect(limits.check(offer(6 * 24 + 6, 8), tally)).toBeNull();
  });
  it('stops at the weekly pay goal once the booked pay reaches it', () => {
    const limits = limitsOf({ weeklyPayGoalCents: 30_000 });
    expect(limits.check(offer(30, 3), limits.tally([block(6, 3, 'A', 20_000)]))).toBeNull();
    const reached = limits.tally([block(6, 3, 'A', 20_000), { ...block(20, 3), priceCents: undefined, priceAmount: 100 }]);
    expect(limits.check(offer(30, 3), reached)).toEqual({ reason: 'payGoal' });
  });
  it('with no limits set, is inactive and refuses nothing', () => {
    const limits = limitsOf({});
    expect(limits.active).toBe(false);
    expect(limits.check(offer(6, 20), limits.tally([block(0, 5)]))).toBeNull();
  });
});

describe('travel between stations', () => {
  // About 55.6 km apart (half a degree of latitude): 84 minutes at 40 km/h.
  const positions = new Map<string, Position>([
    ['A', { latitude: 47.5, longitude: -122.3 }],
    ['B', { latitude: 48.0, longitude: -122.3 }],
  ]);
  it('measures great-circle distances', () => {
    expect(Math.round(greatCircleKm(positions.get('A')!, positions.get('B')!))).toBe(56);
    expect(Math.round(greatCircleKm({ latitude: 51.5074, longitude: -0.1278 }, { latitude: 48.8566, longitude: 2.3522 }))).toBe(344);
  });
  it('refuses a block starting sooner after a booked one than the drive plus the buffer, naming it', () => {
    const limits = limitsOf({ averageSpeedKmh: 40, travelBufferMinutes: 10 }, positions);
    const booked = block(8, 2, 'A');
    const tally = limits.tally([booked]);
    // 84 min drive + 10 min buffer = 94 min needed.
    expect(limits.check(offer(10 + 90 / 60, 3, 'B'), tally)).toEqual({ reason: 'travel', block: booked, minutes: 84 });
    expect(limits.check(offer(10 + 95 / 60, 3, 'B'), tally)).toBeNull();
  });
  it('refuses a block ending too soon before a booked one', () => {
    const limits = limitsOf({ averageSpeedKmh: 60 }, positions);
    const booked = block(12, 3, 'B');
    // 56 min at 60 km/h; 30 min of gap.
    expect(limits.check(offer(8, 3.5, 'A'), limits.tally([booked]))).toEqual({ reason: 'travel', block: booked, minutes: 56 });
    expect(limits.check(offer(8, 3, 'A'), limits.tally([booked]))).toBeNull();
  });
  it('does not check the same station, or a station whose position is unknown', () => {
    const limits = limitsOf({ travelBufferMinutes: 60 }, positions);
    expect(limits.check(offer(10, 3, 'A'), limits.tally([block(8, 2, 'A')]))).toBeNull();
    expect(limits.check(offer(10, 3, 'C'), limits.tally([block(8, 2, 'A')]))).toBeNull();
    expect(limits.check(offer(10, 3, 'A'), limits.tally([block(8, 2, 'C')]))).toBeNull();
  });
  it('looks only at the nearest booked block on each side', () => {
    const limits = limitsOf({}, positions);
    // B far earlier, A just before (same station): the nearest one decides.
    expect(limits.check(offer(10, 2, 'A'), limits.tally([block(2, 2, 'B'), block(8, 2, 'A')]))).toBeNull();
  });
});
