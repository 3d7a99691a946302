/**
 * Filters that only one driver's offers meet, and those offers (bench/race.ts, bench/soak.ts).
 *
 * Driver i gets a start window of 2 h 45 min (one of 8 a day, UTC: the drivers' time-zone offset
 * is 0), an exact duration (one of 7: 1 to 4 hours) and an exact pay per hour (one of 80: 60.00
 * to 297.00): 4,480 distinct filters, none of which any generated offer meets (those pay at most
 * 35.00 x 1.5 = 52.50 an hour). An offer for driver i has its window's start (plus a given
 * number of minutes), its duration and its pay, and starts on a day of its own (counted per
 * driver from the day after tomorrow), so a block the driver won never overlaps its next offer.
 */
import type { InjectOfferInput } from '@blockpilot/platform-sim';
import type { Filter } from '@blockpilot/shared/types';

const WINDOWS = 8;
const DURATIONS = 7;
const PAYS = 80;
/** Drivers that can have a filter of their own. */
export const MAX_DRIVERS = WINDOWS * DURATIONS * PAYS;

/** The filter slot of the i-th driver. */
export function slotOf(i: number): { windowStartMinute: number; hours: number; payStep: number } {
  return {
    windowStartMinute: 180 * (i % WINDOWS),
    hours: 1 + 0.5 * (Math.floor(i / WINDOWS) % DURATIONS),
    payStep: 20 + (Math.floor(i / (WINDOWS * DURATIONS)) % PAYS),
  };
}

/** The one filter of the i-th driver: polls every area given; only its own offers meet it. */
export function ownFilter(i: number, areaIds: string[]): Omit<Filter, 'id'> {
  const slot = slotOf(i);
  return {
    name: `driver ${i}`,
    enabled: true,
    serviceAreas: areaIds,
    days: [0, 1, 2, 3, 4, 5, 6],
    time: [slot.windowStartMinute, slot.windowStartMinute + 165],
    pay: [slot.payStep, slot.payStep],
    payType: 'PER_HOUR',
    duration: [slot.hours, slot.hours],
    timeToArrive: 0,
    action: 'accept',
  };
}

/** Midnight UTC of the day after tomorrow, epoch seconds: day 0 of every driver's offers. */
const DAY_ZERO = Math.floor(Date.now() / 86_400_000 + 2) * 86_400;

/**
 * An offer only the i-th driver's filter meets, on its `day`-th day, starting `minutesIn` minutes
 * into its window (0..165), in `serviceAreaId`.
 */
export function ownOffer(i: number, day: number, serviceAreaId: string, minutesIn = 0): InjectOfferInput {
  const slot = slotOf(i);
  if (minutesIn < 0 || minutesIn > 165) throw new RangeError('the start must stay in the window');
  return {
    serviceAreaId,
    startTime: DAY_ZERO + day * 86_400 + (slot.windowStartMinute + minutesIn) * 60,
    durationHours: slot.hours,
    priceAmount: 3 * slot.payStep * slot.hours,
  };
}
