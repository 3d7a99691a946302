/** The part of a driver's search the triage of a poll sees, and how platform failures end a search. */
import type { PlatformSession } from '../adapters/platform/session.js';
import type { PlatformFailure } from '../adapters/platform/types.js';
import type { PlatformAccount } from '../features/platform/accounts.js';
import type { CompiledFilters } from './matcher.js';
import type { AcceptAttempt } from './offerLog.js';
import type { BookedBlock } from './reconcile.js';
import type { SeenOffers } from './seenOffers.js';
import type { StopReason } from './types.js';

/** What a search can be told changed. */
export type SearchChange = 'filters' | 'schedule';

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
  /** Blocks booked on the platform as last read, plus the ones accepted since. */
  readonly schedule: BookedBlock[];
  /** Accepts whose outcome is unknown, by offer id. */
  readonly open: Map<string, AcceptAttempt>;
  readonly seen: SeenOffers;
  readonly signal: AbortSignal;
  /** Counts a failure that calls for backoff before the next poll. */
  noteFailure(): void;
  /** Asks for the schedule to be read at the next step (an accept went unanswered). */
  recheckScheduleSoon(): void;
  /** Stops the search for a reason (once). */
  stop(reason: StopReason): Promise<void>;
  readonly stopped: boolean;
}

