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
  /** When a simulated rival takes it, epoch ms (simulator's clock, timed from its appearance); null = never. */
  readonly rivalTakesAt: number | null;
  /**
   * A rival timed from the first listing instead (injected `rivalAfterListedMs`): it takes the offer
   * this many ms after the first offers response listing it to any account was handed to the
   * socket. Null = no such rival.
   */
  readonly rivalAfterListedMs: number | null;
  /**
   * When that rival takes it, on the precise clock (first listing's send stamp +
   * rivalAfterListedMs); null until a listing of it went out (see listings.ts).
   */
  rivalTakesAtMs: number | null;
  /** Account that won it, once accepted. */
  acceptedBy: string | null;
  /**
   * Per account, the response that first listed it to that account (see listings.ts). Made on the
   * first listing, so offers nobody polled cost nothing; it goes away with the offer.
   */
  firstListing: Map<string, Delivery> | null;
}

/**
 * Why an offer is not available to a request, or null if it is: `now` on the simulator's clock,
 * `atMs` the request's arrival on the precise clock (what a listing-relative rival is judged on, so
 * an accept that arrived in time wins even if the event loop reaches it late).
 */
export function unavailableReason(offer: LiveOffer, now: number, atMs: number): 'taken_by_other' | 'taken_by_rival' | 'expired' | 'unknown_offer' | null {
  if (now < offer.arrivesAt) return 'unknown_offer';
  if (offer.acceptedBy !== null) return 'taken_by_other';
  if (offer.rivalTakesAt !== null && offer.rivalTakesAt <= now) return 'taken_by_rival';
  if (offer.rivalTakesAtMs !== null && offer.rivalTakesAtMs <= atMs) return 'taken_by_rival';
  if (now >= offer.expiresAt) return 'expired';
  return null;
}
