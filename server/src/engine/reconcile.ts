/**
 * Settling accept attempts against the platform's schedule (when a search starts, after a restart
 * too, and whenever an accept went unanswered): the schedule is the truth about what was booked.
 * - The attempt's block is on the schedule: it was booked. Log it as accepted and charge its fee,
 *   once (the same write as a normal accept, so repeating it changes nothing).
 * - It is not, and the attempt is old (or the block has started): it was not booked. Log the offer
 *   as ignored ('taken' when the platform said so, else 'failed').
 * - Otherwise it stays open: the accept may still be in flight.
 * Blocks on the schedule with no attempt were booked outside BlockPilot (in the platform's app):
 * they count against overlaps but are never logged or charged, since the product did not take them.
 */
import type { AcceptAttempt, RecordedAccept } from './offerLog.js';
import type { OfferLogStore } from './stores.js';
import type { BlockSpan } from './types.js';

/** A booked block as the schedule lists it. */
export interface BookedBlock extends BlockSpan {
  serviceAreaId: string;
  /** The booked pay, cents, when the schedule read gives it (the weekly pay goal: engine/workLimits.ts). */
  priceCents?: number;
}

/** Whether the schedule holds the attempt's block: same area, same start second (the forfeit key). */
export function isBooked(attempt: Pick<AcceptAttempt, 'offer'>, schedule: readonly BookedBlock[]): boolean {
  const start = Math.floor(attempt.offer.startTime);
  return schedule.some((block) => block.serviceAreaId === attempt.offer.serviceAreaId && Math.floor(block.startTime) === start);
}

/** What settling did. */
export interface Reconciliation {
  /** Attempts found booked and written as accepted now (not the duplicates). */
  accepted: Array<{ attempt: AcceptAttempt; logId: string; feeCents: number }>;
  /** Attempts still open. */
  open: AcceptAttempt[];
}

export interface ReconcileOptions {
  nowMs: number;
  /** An attempt this old whose block is not on the schedule was not booked. */
  giveUpMs: number;
  onFeeShort?: (balance: number) => void;
}

export async function reconcileAttempts(
  offerLog: OfferLogStore,
  attempts: readonly AcceptAttempt[],
  schedule: readonly BookedBlock[],
  options: ReconcileOptions,
): Promise<Reconciliation> {
  const result: Reconciliation = { accepted: [], open: [] };
  for (const attempt of attempts) {
    if (isBooked(attempt, schedule)) {
      const recorded: RecordedAccept = await offerLog.recordAccept(attempt, options.onFeeShort);
      if (recorded.status === 'recorded') result.accepted.push({ attempt, logId: recorded.logId, feeCents: recorded.feeCents });
    } else if (options.nowMs - attempt.createdAt.getTime() >= options.giveUpMs || attempt.offer.startTime * 1000 <= options.nowMs) {
      await offerLog.settleAttemptAsIgnored(attempt, attempt.sawTaken ? 'taken' : 'failed');
    } else {
      result.open.push(attempt);
    }
  }
  return result;
}
