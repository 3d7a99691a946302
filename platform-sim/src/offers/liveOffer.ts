/**
 * An offer as the simulator holds it: the immutable wire object (built once, returned by every
 * poll that lists it) plus the times and state that decide whether it is still available.
 */
import type { Delivery } from '../delivery.js';
import type { Offer } from '../types.js';

export interface LiveOffer {
  /** What GetOffersForProviderPost returns. Never mutated. */
  readonly wire: Offer;
  readonly serviceAreaId: string;
  /** When it appears on the board, epoch ms. */
  readonly arrivesAt: number;
  /** When it stops being listed, epoch ms (= expirationDate). */
  readonly expiresAt: number;
  /** When a simulated rival takes it, epoch ms; null = never. */
  readonly rivalTakesAt: number | null;
  /** Account that won it, once accepted. */
  acceptedBy: string | null;
  /**
   * Per account, the response that first listed it to that account (see listings.ts). Made on the
   * first listing, so offers nobody polled cost nothing; it goes away with the offer.
   */
  firstListing: Map<string, Delivery> | null;
}

/** Why an offer is not available at `now`, or null if it is. */
export function unavailableReason(offer: LiveOffer, now: number): 'taken_by_other' | 'taken_by_rival' | 'expired' | 'unknown_offer' | null {
  if (now < offer.arrivesAt) return 'unknown_offer';
  if (offer.acceptedBy !== null) return 'taken_by_other';
  if (offer.rivalTakesAt !== null && offer.rivalTakesAt <= now) return 'taken_by_rival';
  if (now >= offer.expiresAt) return 'expired';
  return null;
}
