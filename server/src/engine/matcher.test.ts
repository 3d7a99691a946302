import { describe, it } from 'node:test';
import { expect } from 'expect';
import type { Filter } from '@blockpilot/shared/types';
import { compileFilters } from './matcher.js';
import type { MatchableOffer } from './types.js';

const MINUTE = 60_000;
const HOUR = 3_600_000;

/** Epoch ms of a local wall-clock time in a zone given as `getTimezoneOffset()` (UTC = local + offset). */
function local(date: string, time: string, timezoneOffset: number): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return Date.UTC(y, m - 1, d, hh, mm) + timezoneOffset * MINUTE;
}

function filter(overrides: Partial<Filter> = {}): Filter {
  return {
    id: 'f1',
    name: 'Weekday mornings',
    enabled: true,
    serviceAreas: ['area-1', 'area-2'],
    days: [3], // Wednesday
    time: [480, 720], // 08:00-12:00
    pay: [20, 40], // 60.00-120.00 per block
    payType: 'PER_BLOCK',
    duration: [2, 4],
    timeToArrive: 30,
    action: 'accept',
    ...overrides,
  };
}

function offer(startMs: number, durationHours: number, price: number, serviceAreaId = 'area-1'): MatchableOffer {
  return { serviceAreaId, startMs, endMs: startMs + durationHours * HOUR, priceCents: Math.round(price * 100) };
}

// 2025-06-04 is a Wednesday. Base case: 09:00-12:00 local in UTC-5 (offset 300), 90.00, seen at 07:00.
const TZ = 300;
const START = local('2025-06-04', '09:00', TZ);
const NOW = local('2025-06-04', '07:00', TZ);
const base = offer(START, 3, 90);

function matches(f: Filter | Filter[], o: MatchableOffer, now = NOW, tz = TZ): boolean {
  return compileFilters(Array.isArray(f) ? f : [f], tz).match(o, now) !== null;
}

describe('matcher: every rule and its boundaries', () => {
  it('matches the base case', () => {
    expect(matches(filter(), base)).toBe(true);
  });

  it('ignores disabled filters, and matches nothing without enabled ones', () => {
    expect(matches(filter({ enabled: false }), base)).toBe(false);
    expect(matches([], base)).toBe(false);
    const compiled = compileFilters([filter({ enabled: false })], TZ);
    expect(compiled.enabledCount).toBe(0);
    expect(compiled.serviceAreaIds).toEqual([]);
  });

  it('service area must be listed; an empty list matches nothing', () => {
    expect(matches(filter(), { ...base, serviceAreaId: 'area-2' })).toBe(true);
    expect(matches(filter(), { ...base, serviceAreaId: 'area-9' })).toBe(false);
    expect(matches(filter({ serviceAreas: [] }), base)).toBe(false);
  });

  it("weekday of the block's start must be listed; an empty list matches nothing", () => {
    expect(matches(filter({ days: [0, 1, 2, 4, 5, 6] }), base)).toBe(false);
    expect(matches(filter({ days: [] }), base)).toBe(false);
    expect(matches(filter({ days: [0, 1, 2, 3, 4, 5, 6] }), base)).toBe(true);
    // Out-of-range day numbers are not weekdays and never match.
    expect(matches(filter({ days: [10, -4, 3.5] }), base)).toBe(false);
  });

  const dayCases: { zone: string; tz: number; date: string; time: string; localDay: number; utcDay: number }[] = [
    { zone: 'UTC-5, 23:30 Wednesday is Thursday in UTC', tz: 300, date: '2025-06-04', time: '23:30', localDay: 3, utcDay: 4 },
    { zone: 'India (-330), 00:30 Thursday is Wednesday in UTC', tz: -330, date: '2025-06-05', time: '00:30', localDay: 4, utcDay: 3 },
    { zone: 'Hawaii (+600), 20:00 Wednesday is Thursday in UTC', tz: 600, date: '2025-06-04', time: '20:00', localDay: 3, utcDay: 4 },
    { zone: 'Kiribati (-840), 13:00 Sunday is Saturday in UTC', tz: -840, date: '2025-06-08', time: '13:00', localDay: 0, utcDay: 6 },
    { zone: 'Nepal (-345), 05:44 Monday is Sunday in UTC', tz: -345, date: '2025-06-09', time: '05:44', localDay: 1, utcDay: 0 },
    { zone: 'UTC, midnight exactly belongs to the new day', tz: 0, date: '2025-06-07', time: '00:00', localDay: 6, utcDay: 6 },
  ];
  for (const c of dayCases) {
    it(`reads the weekday in the driver's zone: ${c.zone}`, () => {
      const start = local(c.date, c.time, c.tz);
      expect(new Date(start).getUTCDay()).toBe(c.utcDay);
      const o = offer(start, 0.5, 50);
      const anyTime = { time: [0, 1440] as [number, number], duration: [0, 10] as [number, number], pay: [0, 100] as [number, number] };
      expect(matches(filter({ ...anyTime, days: [c.localDay] }), o, start - HOUR, c.tz)).toBe(true);
      if (c.utcDay !== c.localDay) expect(matches(filter({ ...anyTime, days: [c.utcDay] }), o, start - HOUR, c.tz)).toBe(false);
    });
  }

  it('start >= time[0], inclusive to the millisecond', () => {
    const f = filter({ time: [540, 720] });
    expect(matches(f, base)).toBe(true);
    expect(matches(f, offer(START - 1, 3, 90))).toBe(false);
    expect(matches(f, offer(START + 1, 2.5, 90))).toBe(true);
  });

  it('start <= time[1], inclusive to the millisecond; the end of the block is not looked at', () => {
    const f = filter({ time: [480, 540] }); // 08:00-09:00, and base starts at 09:00
    expect(matches(f, base)).toBe(true);
    expect(matches(f, offer(START + 1, 2.5, 90))).toBe(false);
    expect(matches(filter({ time: [480, 525] }), base)).toBe(false);
    // Ending long after the window (12:00 against 09:00) does not matter.
    expect(matches(filter({ time: [540, 555] }), { ...base, endMs: base.endMs + 1 }, NOW)).toBe(true);
  });

  it('a start time with a fraction of a second is compared exactly', () => {
    const fractional = { ...base, startMs: START + 250, endMs: START + 3 * HOUR };
    expect(matches(filter({ time: [540, 720] }), fractional)).toBe(true);
    expect(matches(filter({ time: [540, 720] }), { ...fractional, startMs: START - 250 })).toBe(false);
  });

  it('a block running past local midnight matches a same-day window by its start', () => {
    const open = { days: [3], duration: [0, 10] as [number, number] };
    const lateStart = local('2025-06-04', '22:00', TZ);
    expect(matches(filter({ ...open, time: [0, 1440] }), offer(lateStart, 4, 90), lateStart - HOUR)).toBe(true);
    expect(matches(filter({ ...open, time: [1200, 1320] }), offer(lateStart, 4, 90), lateStart - HOUR)).toBe(true);
    expect(matches(filter({ ...open, time: [1200, 1305] }), offer(lateStart, 4, 90), lateStart - HOUR)).toBe(false);
  });

  it('[0, 1440] is all day: midnight, the last millisecond of the day, every weekday asked for', () => {
    const allDay = { time: [0, 1440] as [number, number], days: [0, 1, 2, 3, 4, 5, 6], duration: [0, 10] as [number, number] };
    for (const start of [local('2025-06-04', '00:00', TZ), local('2025-06-05', '00:00', TZ) - 1, local('2025-06-07', '13:37', TZ)]) {
      expect(matches(filter(allDay), offer(start, 8, 90), start - HOUR)).toBe(true);
    }
  });

  it('an empty window (time[0] == time[1]) matches nothing, not even a block starting exactly then', () => {
    const at = local('2025-06-04', '10:00', TZ);
    for (const time of [
      [600, 600],
      [0, 0],
      [1440, 1440],
    ] as [number, number][]) {
      expect(matches(filter({ time, days: [0, 1, 2, 3, 4, 5, 6] }), offer(at, 3, 90), at - HOUR)).toBe(false);
    }
  });

  describe('an overnight window (time[0] > time[1]): 22:00 to 02:00 is [1320, 120]', () => {
    // 2025-06-02 is a Monday.
    const overnight = (days: number[]) => filter({ time: [1320, 120], days, duration: [0, 10] });
    const at = (date: string, time: string) => local(date, time, TZ);
    const matchesAt = (f: Filter, startMs: number, hours = 4) => matches(f, offer(startMs, hours, 90), startMs - HOUR);

    it('takes a block starting 23:30 Monday that ends 03:30 Tuesday', () => {
      expect(matchesAt(overnight([1]), at('2025-06-02', '23:30'))).toBe(true);
    });

    it('takes a block starting 01:00 on the day it starts (weekday of the start, not of the evening before)', () => {
      expect(matchesAt(overnight([2]), at('2025-06-03', '01:00'))).toBe(true);
      expect(matchesAt(overnight([1]), at('2025-06-03', '01:00'))).toBe(false);
    });

    it('refuses a block starting 03:00, and one in the afternoon', () => {
      expect(matchesAt(overnight([0, 1, 2, 3, 4, 5, 6]), at('2025-06-03', '03:00'))).toBe(false);
      expect(matchesAt(overnight([0, 1, 2, 3, 4, 5, 6]), at('2025-06-03', '15:00'))).toBe(false);
    });

    it('both ends inclusive to the millisecond, and midnight inside', () => {
      const every = overnight([0, 1, 2, 3, 4, 5, 6]);
      expect(matchesAt(every, at('2025-06-02', '22:00'))).toBe(true);
      expect(matchesAt(every, at('2025-06-02', '22:00') - 1)).toBe(false);
      expect(matchesAt(every, at('2025-06-03', '00:00'))).toBe(true);
      expect(matchesAt(every, at('2025-06-03', '00:00') - 1)).toBe(true);
      expect(matchesAt(every, at('2025-06-03', '02:00'))).toBe(true);
      expect(matchesAt(every, at('2025-06-03', '02:00') + 1)).toBe(false);
    });

    it('a window ending at midnight (0) takes starts from time[0] up to midnight itself', () => {
      const toMidnight = filter({ time: [1320, 0], days: [0, 1, 2, 3, 4, 5, 6], duration: [0, 10] });
      expect(matchesAt(toMidnight, at('2025-06-02', '23:59'))).toBe(true);
      expect(matchesAt(toMidnight, at('2025-06-03', '00:00'))).toBe(true);
      expect(matchesAt(toMidnight, at('2025-06-03', '00:00') + 1)).toBe(false);
    });
  });

  describe('in an IANA time zone, with its daylight-saving changes (America/New_York)', () => {
    const NY = 'America/New_York';
    const any = { days: [0, 1, 2, 3, 4, 5, 6], duration: [0, 10] as [number, number] };
    const matchesIn = (f: Filter, startMs: number, offset: number, zone?: string) => compileFilters([f], offset, zone).match(offer(startMs, 2, 90), startMs - HOUR) !== null;

    it('spring forward (Sun 9 Mar 2025, 02:00 EST -> 03:00 EDT at 07:00 UTC): each block read in its own offset', () => {
      const lastEst = Date.UTC(2025, 2, 9, 6, 30); // 01:30 EST
      const firstEdt = Date.UTC(2025, 2, 9, 7, 0); // 03:00 EDT (02:00 never happens)
      const morning = Date.UTC(2025, 2, 9, 13, 0); // 09:00 EDT
      expect(matchesIn(filter({ ...any, time: [90, 90 + 15] }), lastEst, 300, NY)).toBe(true);
      expect(matchesIn(filter({ ...any, time: [180, 195] }), firstEdt, 300, NY)).toBe(true);
      expect(matchesIn(filter({ ...any, time: [120, 165] }), firstEdt, 300, NY)).toBe(false);
      // The offset the browser had on Saturday (EST, 300) reads 08:00; the zone reads 09:00.
      expect(matchesIn(filter({ ...any, time: [540, 555] }), morning, 300, NY)).toBe(true);
      expect(matchesIn(filter({ ...any, time: [540, 555] }), morning, 300)).toBe(false);
      expect(matchesIn(filter({ ...any, time: [480, 495] }), morning, 300)).toBe(true);
    });

    it('fall back (Sun 2 Nov 2025, 02:00 EDT -> 01:00 EST at 06:00 UTC): 01:30 happens twice and both match', () => {
      const firstTime = Date.UTC(2025, 10, 2, 5, 30); // 01:30 EDT
      const secondTime = Date.UTC(2025, 10, 2, 6, 30); // 01:30 EST
      const oneThirty = filter({ ...any, days: [0], time: [90, 105] });
      expect(matchesIn(oneThirty, firstTime, 240, NY)).toBe(true);
      expect(matchesIn(oneThirty, secondTime, 240, NY)).toBe(true);
      expect(matchesIn(filter({ ...any, time: [60, 75] }), secondTime, 240, NY)).toBe(false);
      // The instant of the change, and the millisecond before it.
      expect(matchesIn(filter({ ...any, time: [60, 60] }), Date.UTC(2025, 10, 2, 6, 0), 240, NY)).toBe(false);
      expect(matchesIn(filter({ ...any, time: [60, 75] }), Date.UTC(2025, 10, 2, 6, 0), 240, NY)).toBe(true);
      expect(matchesIn(filter({ ...any, time: [105, 120] }), Date.UTC(2025, 10, 2, 6, 0) - 1, 240, NY)).toBe(true);
      // Monday 09:00 EST; the offset from before the change (EDT, 240) would read 10:00.
      const monday = Date.UTC(2025, 10, 3, 14, 0);
      expect(matchesIn(filter({ ...any, days: [1], time: [540, 555] }), monday, 240, NY)).toBe(true);
      expect(matchesIn(filter({ ...any, days: [1], time: [540, 555] }), monday, 240)).toBe(false);
    });

    it('an overnight window across the fall-back night, weekday of the start', () => {
      const overnight = filter({ ...any, days: [6], time: [1320, 120] }); // Saturday nights, 22:00-02:00
      expect(matchesIn(overnight, Date.UTC(2025, 10, 2, 2, 0), 240, NY)).toBe(true); // Sat 22:00 EDT
      expect(matchesIn(overnight, Date.UTC(2025, 10, 2, 6, 30), 240, NY)).toBe(false); // Sun 01:30 EST: a Sunday start
      expect(matchesIn(filter({ ...any, days: [0], time: [1320, 120] }), Date.UTC(2025, 10, 2, 6, 30), 240, NY)).toBe(true);
      expect(matchesIn(filter({ ...any, days: [0], time: [1320, 120] }), Date.UTC(2025, 10, 2, 7, 30), 240, NY)).toBe(false); // 02:30 EST
    });

    it('a change off the UTC hour (America/St_Johns, 02:00 NST -> 03:00 NDT at 05:30 UTC) is placed exactly', () => {
      const change = Date.UTC(2025, 2, 9, 5, 30);
      const f = filter({ ...any, time: [105, 120] }); // 01:45-02:00
      expect(matchesIn(f, change - 15 * MINUTE, 210, 'America/St_Johns')).toBe(true); // 01:45 NST
      expect(matchesIn(f, change - 1, 210, 'America/St_Johns')).toBe(true); // 01:59:59.999 NST
      expect(matchesIn(f, change, 210, 'America/St_Johns')).toBe(false); // 03:00 NDT
      expect(matchesIn(filter({ ...any, time: [180, 195] }), change, 210, 'America/St_Johns')).toBe(true);
    });

    it('offsets far apart in time (many hours remembered) stay right', () => {
      const compiled = compileFilters([filter({ ...any, time: [540, 540 + 15] })], 0, NY);
      // Day 0 is 1 Jan 2025; at 09:00 New York keeps EDT (240) from 9 Mar (day 67) to 1 Nov (day 304).
      for (let day = 0; day < 400; day++) {
        const offset = day >= 67 && day <= 304 ? 240 : 300;
        const nineAm = Date.UTC(2025, 0, 1 + day, 9) + offset * MINUTE;
        expect(compiled.match(offer(nineAm, 2, 90), nineAm - HOUR)).not.toBeNull();
        expect(compiled.match(offer(nineAm + HOUR, 2, 90), nineAm - HOUR)).toBeNull();
      }
    });
  });

  it('duration in hours within [duration[0], duration[1]], both ends inclusive', () => {
    expect(matches(filter({ duration: [3, 3] }), base)).toBe(true);
    expect(matches(filter({ duration: [3.5, 4] }), base)).toBe(false);
    expect(matches(filter({ duration: [2, 2.5] }), base)).toBe(false);
    expect(matches(filter({ duration: [2, 3] }), { ...base, endMs: base.endMs + 1 })).toBe(false);
    expect(matches(filter({ duration: [3, 4] }), { ...base, endMs: base.endMs - 1 })).toBe(false);
  });

  it('PER_BLOCK pay: slider x 3.00 against the block price, inclusive, to the cent', () => {
    const f = filter({ pay: [30, 40] }); // 90.00-120.00
    expect(matches(f, offer(START, 3, 90))).toBe(true);
    expect(matches(f, offer(START, 3, 89.99))).toBe(false);
    expect(matches(f, offer(START, 3, 120))).toBe(true);
    expect(matches(f, offer(START, 3, 120.01))).toBe(false);
  });

  it('a high handle at 100 means no upper bound; at 99 it caps at 297.00', () => {
    expect(matches(filter({ pay: [0, 100] }), offer(START, 3, 10_000))).toBe(true);
    expect(matches(filter({ pay: [0, 99] }), offer(START, 3, 297))).toBe(true);
    expect(matches(filter({ pay: [0, 99] }), offer(START, 3, 297.01))).toBe(false);
    expect(matches(filter({ pay: [100, 100] }), offer(START, 3, 299.99))).toBe(false);
    expect(matches(filter({ pay: [100, 100] }), offer(START, 3, 300))).toBe(true);
  });

  it('PER_HOUR pay: price / hours against slider x 3.00, inclusive, without rounding', () => {
    const f = filter({ payType: 'PER_HOUR', pay: [7, 10], duration: [0, 10] }); // 21.00-30.00 per hour
    expect(matches(f, offer(START, 3, 63))).toBe(true); // 21.00/h
    expect(matches(f, offer(START, 3, 62.99))).toBe(false);
    expect(matches(f, offer(START, 3, 90))).toBe(true); // 30.00/h
    expect(matches(f, offer(START, 3, 90.01))).toBe(false);
    expect(matches(f, offer(START, 2.5, 52.5))).toBe(true); // 21.00/h over a half-hour duration
    expect(matches(filter({ payType: 'PER_HOUR', pay: [7, 100] }), offer(START, 3, 5000))).toBe(true);
    // The same 90.00 block is 30/h: inside a per-hour filter, outside a per-block one of the same slider.
    expect(matches(filter({ payType: 'PER_BLOCK', pay: [7, 10] }), offer(START, 3, 90))).toBe(false);
  });

  it('the block starts no sooner than timeToArrive minutes from now (inclusive)', () => {
    const f = filter({ timeToArrive: 30 });
    expect(matches(f, base, START - 30 * MINUTE)).toBe(true);
    expect(matches(f, base, START - 30 * MINUTE + 1)).toBe(false);
    expect(matches(filter({ timeToArrive: 0 }), base, START)).toBe(true);
    expect(matches(filter({ timeToArrive: 0 }), base, START + 1)).toBe(false);
  });

  it('matches if ANY enabled filter matches, and names the first one that does', () => {
    const miss = filter({ id: 'miss', days: [1] });
    const hitA = filter({ id: 'hitA' });
    const hitB = filter({ id: 'hitB', pay: [0, 100] });
    const compiled = compileFilters([miss, filter({ id: 'off', enabled: false }), hitA, hitB], TZ);
    expect(compiled.match(base, NOW)?.id).toBe('hitA');
    expect(compiled.match(offer(START, 3, 500), NOW)?.id).toBe('hitB');
    expect(compiled.match(offer(START, 3, 500, 'area-3'), NOW)).toBeNull();
    expect(compiled.enabledCount).toBe(3);
  });

  it('an accept filter wins over a notify filter listed before it; a notify filter names offers only it matches', () => {
    const notify = filter({ id: 'notify', action: 'notify', pay: [0, 100] });
    const strict = filter({ id: 'strict', pay: [30, 40] });
    const compiled = compileFilters([notify, strict], TZ);
    // 90.00 passes both: the accept filter, second in the list, is the one that matches.
    expect(compiled.match(base, NOW)?.id).toBe('strict');
    // 500.00 passes only the broad notify filter.
    expect(compiled.match(offer(START, 3, 500), NOW)).toMatchObject({ id: 'notify', action: 'notify' });
    // Among filters of one kind, the list order holds.
    const second = filter({ id: 'notify2', action: 'notify' });
    expect(compileFilters([notify, second], TZ).match(base, NOW)?.id).toBe('notify');
  });

  it("lists the enabled filters' service areas once each, for polling", () => {
    const compiled = compileFilters(
      [filter({ serviceAreas: ['b', 'a', 'a'] }), filter({ id: 'f2', serviceAreas: ['c', 'b'] }), filter({ id: 'f3', enabled: false, serviceAreas: ['z'] })],
      0,
    );
    expect(compiled.serviceAreaIds).toEqual(['b', 'a', 'c']);
  });

  it('fails loudly on a malformed enabled filter or time zone, and skips malformed disabled ones', () => {
    expect(() => compileFilters([filter({ time: [Number.NaN, 10] })], 0)).toThrow(TypeError);
    expect(() => compileFilters([filter({ pay: [1] as unknown as [number, number] })], 0)).toThrow(TypeError);
    expect(() => compileFilters([filter({ payType: 'PER_DAY' as Filter['payType'] })], 0)).toThrow(/payType/);
    expect(() => compileFilters([filter({ timeToArrive: undefined as unknown as number })], 0)).toThrow(/timeToArrive/);
    expect(() => compileFilters([filter()], 1441)).toThrow(TypeError);
    expect(() => compileFilters([filter()], Number.NaN)).toThrow(TypeError);
    expect(() => compileFilters([filter({ enabled: false, time: [Number.NaN, 10] })], 0)).not.toThrow();
    expect(() => compileFilters([filter()], 0, 'Mars/Olympus_Mons')).toThrow(/timeZone/);
    expect(() => compileFilters([filter()], 0, '')).toThrow(TypeError);
    expect(() => compileFilters([filter()], 0, 'Europe/London')).not.toThrow();
    expect(() => compileFilters([filter()], 0, null)).not.toThrow();
  });

  it('is fixed at compile time: later edits of the filter objects change nothing', () => {
    const f = filter();
    const compiled = compileFilters([f], TZ);
    f.days.splice(0);
    f.pay[0] = 100;
    expect(compiled.match(base, NOW)).not.toBeNull();
  });
});
