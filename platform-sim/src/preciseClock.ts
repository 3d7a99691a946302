/**
 * Wall-clock time with sub-millisecond precision, for the record's timing fields. It is always
 * real time (never the simulator's injectable clock): benchmarks subtract these stamps from each
 * other to measure how fast a client reacted, which only means something on the real time line.
 * `performance.now()` is monotonic and fractional; adding the time origin makes it epoch ms.
 */
export function preciseNow(): number {
  return performance.timeOrigin + performance.now();
}
