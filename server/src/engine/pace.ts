/**
 * When a driver's search polls the offers again (docs/ENGINE.md "Pace"). The platform asks for a
 * refreshInterval between polls and measures it arrival to arrival; the engine only knows when
 * its poll left and when the answer came back, and the arrival lies somewhere between. So the next
 * poll is due the interval (or an operator's longer minimum) after the previous poll left, plus
 * the time its answer took, up to {@link MAX_TRANSIT_ALLOWANCE_MS}: a request delayed on its way
 * (network, a busy event loop on either side) cannot make two arrivals closer than the interval,
 * and a platform that is slow to answer does not slow polling down by its whole latency.
 */

/** The most of a poll's round trip added to the interval (beyond it, the platform was slow to answer, not to receive). */
export const MAX_TRANSIT_ALLOWANCE_MS = 50;

/** Ms from the previous poll's departure to the next one. `minimumMs` can only slow polling down. */
export function pollIntervalMs(platformIntervalMs: number, minimumMs: number, roundTripMs: number): number {
  return Math.max(platformIntervalMs, minimumMs) + Math.min(Math.max(0, roundTripMs), MAX_TRANSIT_ALLOWANCE_MS);
}
