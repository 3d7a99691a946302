/** Whether and until when an offer can be forfeited (docs/PRODUCT.md section 4, the window of section 9). */
import { FORFEIT_GRACE_MS, FORFEIT_MIN_LEAD_MS, type LogEntry } from '@blockpilot/shared';
import { formatDay, formatTime } from '../../format';
import type { DashboardT } from '../../i18n';

/**
 * The moment an accepted block's forfeit window closes, epoch ms: it is open until 45 minutes
 * before the start, or until 5 minutes after it was accepted if that is later, and never once the
 * block has started. Both limits are strict: at exactly that moment the window is closed.
 */
export function forfeitDeadline(entry: LogEntry): number {
  const startsAt = entry.startTime * 1000;
  return Math.min(startsAt, Math.max(startsAt - FORFEIT_MIN_LEAD_MS, entry.discoveredAt + FORFEIT_GRACE_MS));
}

/**
 * An accepted block that has not started, and either starts more than 45 minutes from now or
 * was accepted less than 5 minutes ago.
 */
export function canForfeit(entry: LogEntry, now: number): boolean {
  return entry.action === 'BLOCK_ACCEPT' && now < forfeitDeadline(entry);
}

/** Why an accepted block can no longer be forfeited (null while it can). */
export function whyNotForfeitable(t: DashboardT, entry: LogEntry, now: number): string | null {
  if (entry.action !== 'BLOCK_ACCEPT' || canForfeit(entry, now)) return null;
  return t(entry.startTime * 1000 <= now ? 'forfeit.started' : 'forfeit.tooLate');
}

/** The countdown is shown in the last hour of the window. */
export const FORFEIT_COUNTDOWN_MS = 3_600_000;

/** Whole minutes left, rounded up, so it never reads 0 while still open. */
function minutesLeft(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}

/** The forfeit line of an accepted block: until when it can be forfeited, or why it cannot (the log card, the calendar). */
export function forfeitLine(t: DashboardT, entry: LogEntry, now: number): string {
  const why = whyNotForfeitable(t, entry, now);
  if (why) return why;
  const deadline = forfeitDeadline(entry);
  const left = deadline - now;
  return left <= FORFEIT_COUNTDOWN_MS
    ? t('forfeit.minutesLeft', { minutes: minutesLeft(left) })
    : t('forfeit.until', { day: formatDay(new Date(deadline)), time: formatTime(new Date(deadline)) });
}
