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
