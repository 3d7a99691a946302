/**
 * Real time with sub-millisecond precision, for the record's timing fields, the polling-pace
 * judgement and listing-relative rivals. By default it is always real time (never the simulator's
 * injectable `clock`): benchmarks subtract these stamps from each other to measure how fast a
 * client reacted, which only means something on the real time line. `performance.now()` is
 * monotonic and fractional (`Date.now()` is neither: on some VMs it steps by 15 ms against the
 * monotonic clock); adding the time origin makes it epoch ms. Tests may inject their own through
 * the `preciseClock` option.
 */
import type { SimulatorClock } from './types.js';

export function preciseNow(): number {
  return performance.timeOrigin + performance.now();
}

/** The default `preciseClock`. */
export const systemPreciseClock: SimulatorClock = { now: preciseNow };
