/** How long to wait after failures in a row: exponential, capped, with jitter. */

/** Backoff settings, ms. */
export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
}

/**
 * The extra wait after the `failures`-th failure in a row (1, 2, 3...): base x 2^(failures-1),
 * capped at max, then a random point between half of it and all of it ("equal jitter"), so many
 * drivers throttled at once do not come back in step, yet each wait still grows.
 */
export function backoffDelayMs(failures: number, { baseMs, maxMs }: BackoffPolicy, random: () => number = Math.random): number {
  if (failures <= 0) return 0;
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.min(failures - 1, 30));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
