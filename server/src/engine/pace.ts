/**
 * When a driver's search polls the offers again (docs/ENGINE.md "Pace"). The platform asks for a
 * refreshInterval between polls and measures it arrival to arrival; the engine only knows when
 * its poll left (the client sent it: adapters/platform/client.ts) and when the answer came
 * back, and the arrival lies somewhere between. So the next poll is due the interval (or an
 * operator's longer minimum) after the previous poll left, plus the time its answer took, up to a
 * quarter of the interval: a request delayed on its way (network, a busy event loop on either
 * side) cannot make two arrivals closer than the interval, and a platform that is slow to answer
 * does not slow polling down by its whole latency.
 */

/**
 * The most of a poll's round trip added to the interval, as a share of it. A platform side that
 * stalls (a simulator with 3,000 drivers on one event loop was seen stalling 50-110 ms before it
 * stamped a poll's arrival) must not make two arrivals look closer than the interval; beyond a
 * quarter of it, the platform was slow to answer, not to receive.
 */
export const MAX_TRANSIT_ALLOWANCE_SHARE = 0.25;

/** Ms from the previous poll's departure to the next one. `minimumMs` can only slow polling down. */
export function pollIntervalMs(platformIntervalMs: number, minimumMs: number, roundTripMs: number): number {
  const interval = Math.max(platformIntervalMs, minimumMs);
  return interval + Math.min(Math.max(0, roundTripMs), interval * MAX_TRANSIT_ALLOWANCE_SHARE);
}
