/**
 * What the engine writes to the offer log (docs/ENGINE.md "The live path"): offers it ignored and
 * why, accept intents ("attempts") and what recording an accept did. The writes themselves go
 * through `OfferLogStore` (stores.ts, docs/ENGINE.md "Stores").
 */
import type { IgnoreReason } from '@blockpilot/shared/types';
import type { NormalisedOffer } from '../adapters/platform/types.js';

/** An offer the engine decided not to take, and why. */
export interface IgnoredOffer {
  offer: OfferFacts;
  reason: IgnoreReason;
  /** For an 'overlap': the booked block it clashed with. */
  overlaps?: { startTime: number; serviceAreaId: string } | undefined;
  /** For a 'travel': the drive between the two stations, minutes (`overlaps` names the booked block). */
  travelMinutes?: number | undefined;
}

/** What the log keeps of an offer. */
export type OfferFacts = Pick<NormalisedOffer, 'offerId' | 'startTime' | 'endTime' | 'serviceAreaId' | 'priceAmount' | 'currency'>;

/** An accept asked of the platform: the offer, when it was seen, and the fee decided for it. */
export interface AcceptAttempt {
  userId: string;
  offer: OfferFacts;
  discoveredAt: Date;
  feeCents: number;
  createdAt: Date;
  /** In memory only: the platform answered 410 to a retry, so giving up logs it as taken. */
  sawTaken?: boolean;
}

/** A `notify` entry just written: its id (what a one-tap accept names) and its offer (docs/PRODUCT.md "Notify-only filters"). */
export interface LoggedOffer {
  id: string;
  offerId: string;
}

/** What writing an accepted block did. */
export type RecordedAccept =
  /** `balanceCents`: the credit after the fee, when a fee was charged (null otherwise). */
  | { status: 'recorded'; logId: string; feeCents: number; balanceCents: number | null }
  /** The offer was already logged as accepted (a second process, a repeated reconciliation): nothing changed. */
  | { status: 'duplicate' };
