/** When an accepted block may still be forfeited (docs/PRODUCT.md sections 4 and 9). */
import { FORFEIT_GRACE_MS, FORFEIT_MIN_LEAD_MS } from '@blockpilot/shared/constants';
import type { LogEntry } from '@blockpilot/shared/types';
import { secondsToMs } from '../adapters/platform/offers.js';

/**
 * True while the block has not started AND (more than 45 minutes (2,700,000 ms) remain before its
 * start OR it was discovered less than 5 minutes (300,000 ms) ago). Both bounds are strict: at
 * exactly 45 minutes before start, or exactly 5 minutes after discovery, that arm no longer holds.
 * `startTime` is epoch seconds (may carry a fraction), `discoveredAt` and `nowMs` epoch ms.
 */
export function forfeitAllowed(entry: Pick<LogEntry, 'startTime' | 'discoveredAt'>, nowMs: number): boolean {
  const startMs = secondsToMs(entry.startTime);
  if (nowMs >= startMs) return false;
  return startMs - nowMs > FORFEIT_MIN_LEAD_MS || nowMs - entry.discoveredAt < FORFEIT_GRACE_MS;
}
