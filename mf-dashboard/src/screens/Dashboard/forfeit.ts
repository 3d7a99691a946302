/** Whether an offer can still be forfeited (SPEC.md section 4, the window of section 9). */
import { FORFEIT_GRACE_MS, FORFEIT_MIN_LEAD_MS, type LogEntry } from '@blockpilot/shared';

/**
 * An accepted block that has not started, and either starts more than 45 minutes from now or
 * was accepted less than 5 minutes ago. Both limits are strict: at exactly 45 minutes before the
 * start, or exactly 5 minutes after discovery, the window is closed.
 */
export function canForfeit(entry: LogEntry, now: number): boolean {
  if (entry.action !== 'BLOCK_ACCEPT') return false;
  const startsAt = entry.startTime * 1000;
  if (startsAt <= now) return false;
  return startsAt - now > FORFEIT_MIN_LEAD_MS || now - entry.discoveredAt < FORFEIT_GRACE_MS;
}
