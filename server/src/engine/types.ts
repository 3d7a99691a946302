/** Shapes the engine's pure functions read: only the fields each one needs. */
import type { NormalisedOffer } from '../adapters/platform/types.js';

/** What the filter matcher reads of an offer (integers, already normalised by the adapter). */
export type MatchableOffer = Pick<NormalisedOffer, 'serviceAreaId' | 'startMs' | 'endMs' | 'priceCents'>;

/** What ranking reads of an offer. */
export type RankableOffer = Pick<NormalisedOffer, 'offerId' | 'startMs' | 'priceCents'>;

/** A block's span in epoch seconds (fractions allowed): offers, scheduled blocks and log entries all have it. */
export interface BlockSpan {
  startTime: number;
  endTime: number;
}

/** Why the engine stopped searching for a driver by itself (docs/PLATFORM.md section 3). */
export type StopReason =
  /** 307: the platform wants a captcha solved in its own app; `puzzleRequired` is set. */
  | 'puzzle'
  /** 420: request signing or device attestation demanded; never faked. */
  | 'signing'
  /** 401, a deregistered device, or tokens that cannot be opened: the account must be connected again. */
  | 'reconnect';

/** A block as the driver is told about it. */
export interface NotifiedBlock extends BlockSpan {
  serviceAreaId: string;
  /** The area's name when the account's list is known. */
  serviceAreaName: string | null;
  priceAmount: number;
  currency: string;
}

/** An accepted block as the driver is told about it. */
export interface AcceptedBlock extends NotifiedBlock {
  /** The fee charged, cents (0 in a trial or membership). */
  feeCents: number;
}

/** A block only notify filters matched, offered to accept with one tap (docs/PRODUCT.md "Notify-only filters"). */
export interface OfferedBlock extends NotifiedBlock {
  /** Its `notify` log entry: what the one-tap accept names. */
  logId: string;
}

/** Credit that covers few fees, as the credit guard found it (docs/LIVE.md "Credit guard"). */
export interface LowCredit {
  creditCents: number;
  feesCovered: number;
  /** The fee counted in: the largest of the driver's recent fees, or a reference block's before their first. */
  referenceFeeCents: number;
  /** Whether the reference fee is one the driver paid (else the reference block's). */
  paidBefore: boolean;
}

/**
 * The engine's port for telling a driver what their search did: each call returns at once, the
 * notifications service sends on the driver's channels in the background.
 */
export interface SearchNotifications {
  blockAccepted(userId: string, block: AcceptedBlock): void;
  /** A block only notify filters matched: the driver may accept it with one tap while it is offered. */
  blockOffered(userId: string, block: OfferedBlock): void;
  searchStopped(userId: string, reason: StopReason): void;
  /** The credit covers few fees (sent once per crossing: the caller claims it first). */
  creditLow(userId: string, credit: LowCredit): void;
}

/** What the engine tells as it works; every call counts into the current minute (health.ts). */
export interface EngineHealthRecorder {
  offersSeen(count: number): void;
  accepted(): void;
  throttled(): void;
  puzzle(): void;
  failed(kind: string): void;
  raceLatency(ms: number): void;
  /** The driver's search waits longer before its next poll: the platform slowed it down. */
  backedOff(userId: string): void;
}
