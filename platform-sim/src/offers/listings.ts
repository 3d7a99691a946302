/**
 * When each account was first shown each offer: the end of sending of the first offers response
 * that listed it to that account. An accept can then say how long the client took from seeing an
 * offer to asking for it ("accept arrival minus listing sent"), which is the reaction time a
 * benchmark measures. A listing whose response never got out (connection closed) does not count:
 * the next listing that does takes its place.
 */
import type { Delivery } from '../delivery.js';
import type { LiveOffer } from './liveOffer.js';

/** Notes that `delivery` (one response, maybe still being sent) lists these offers to the account. */
export function noteListed(offers: readonly LiveOffer[], accountId: string, delivery: Delivery): void {
  for (const offer of offers) {
    const listings = (offer.firstListing ??= new Map());
    const first = listings.get(accountId);
    if (first === undefined || first.failed) listings.set(accountId, delivery);
  }
}

/** Epoch ms (with a fraction) the first listing of the offer to the account finished sending; null if none did. */
export function listedAt(offer: LiveOffer | null, accountId: string): number | null {
  return offer?.firstListing?.get(accountId)?.sentAtMs ?? null;
}
