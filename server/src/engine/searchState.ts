/** The part of a driver's search the triage of a poll sees, and how platform failures end a search. */
import type { PlatformSession } from '../adapters/platform/session.js';
import type { PlatformFailure } from '../adapters/platform/types.js';
import type { PlatformAccount } from '../domain/platformAccounts.js';
import type { DriverFunds } from './fees.js';
import type { CompiledFilters } from './matcher.js';
import type { AcceptAttempt, OfferFacts } from './offerLog.js';
import type { BookedBlock } from './reconcile.js';
import type { RequestBudget } from './requestBudget.js';
import type { SeenOffers } from './seenOffers.js';
import type { StopReason } from './types.js';
import type { BookedTally, CompiledLimits } from './workLimits.js';

/**
 * What a search can be told changed: the driver's filters (or time zone), their schedule (a
 * forfeit), or their account's means of paying fees (credit, trial, membership).
 */
export type SearchChange = 'filters' | 'schedule' | 'account';

/** Every change, for parsing messages about them. */
export const SEARCH_CHANGES: readonly SearchChange[] = ['filters', 'schedule', 'account'];

/** The stop each platform failure calls for; the others are retried with backoff. */
export function stopReasonFor(failure: PlatformFailure): StopReason | null {
  switch (failure.kind) {
    case 'captchaRequired':
      return 'puzzle';
    case 'signingRequired':
      return 'signing';
    case 'unauthorized':
    case 'deviceDeregistered':
      return 'reconnect';
    default:
      return null;
  }
}

/** The state of one driver's search that the triage of a poll reads and updates. */
export interface SearchState {
  readonly userId: string;
  readonly session: PlatformSession;
  readonly account: PlatformAccount;
  readonly compiled: CompiledFilters;
  /** The driver's work limits and the stations' positions, compiled with the filters. */
  readonly limits: CompiledLimits;
  /** Blocks booked on the platform as last read, plus the ones accepted since. */
  readonly schedule: BookedBlock[];
  /** The schedule and the open accepts summed for the limits, built again only after they changed. */
  bookedTally(): BookedTally;
  /** The schedule or the open accepts changed: the next {@link bookedTally} sums them again. */
  scheduleChanged(): void;
  /** Accepts whose outcome is unknown, by offer id. */
  readonly open: Map<string, AcceptAttempt>;
  readonly seen: SeenOffers;
  readonly signal: AbortSignal;
  /** The driver's credit and fee-free period, held in memory, with the fees reserved by accepts under way. */
  readonly funds: DriverFunds;
  /** The platform account's request budget (accepts take priority). */
  readonly budget: RequestBudget;
  /** Counts a failure that calls for backoff before the next poll (its kind goes to the log). */
  noteFailure(kind: string): void;
  /** The platform booked the block: it counts as booked until the schedule lists it, and the schedule is read again soon. */
  noteBooked(block: BookedBlock): void;
  /** Asks for the schedule to be read at the next step (an accept went unanswered). */
  recheckScheduleSoon(): void;
  /** Matching offers whose fee the credit does not cover were skipped: the credit guard pauses (docs/LIVE.md "Credit guard"). */
  skippedForCredit(offers: readonly OfferFacts[]): Promise<void>;
  /** A fee was charged: tells the driver once when the credit has become low. */
  feeCharged(): Promise<void>;
  /** Stops the search for a reason (once). */
  stop(reason: StopReason): Promise<void>;
  readonly stopped: boolean;
}
