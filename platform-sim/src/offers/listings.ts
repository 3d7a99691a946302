/**
 * When each account was first shown each offer: the first offers response that listed it to that
 * account, with two of its stamps (precise clock): when the handler decided that answer, and when
 * its body was handed to the socket (see delivery.ts). An accept can then say how long the client
 * took from seeing an offer to asking for it ("accept arrival minus listing sent"), which is the
 * reaction time a benchmark measures. A listing whose response never got out (connection closed)
 * does not count: the next listing that does takes its place.
 *
 * A listing-relative rival (injected `rivalAfterListedMs`) starts here too: at the send stamp of
 * the first listing of the offer to any account.
 */
import type { Delivery } from '../delivery.js';
import type { LiveOffer } from './liveOffer.js';

/** Starts the listing-relative rivals of offers whose first listing just went out. */
function startRivals(offers: readonly LiveOffer[], sentAtMs: number): void {
  for (const offer of offers) {
    if (offer.rivalAfterListedMs !== null && offer.rivalTakesAtMs === null) offer.rivalTakesAtMs = sentAtMs + offer.rivalAfterListedMs;
  }
}

/** Notes that `delivery` (one response, not sent yet) lists these offers to the account. */
export function noteListed(offers: readonly LiveOffer[], accountId: string, delivery: Delivery): void {
  let rivalsToStart: LiveOffer[] | null = null;
  for (const offer of offers) {
    const listings = (offer.firstListing ??= new Map());
    const first = listings.get(accountId);
    if (first === undefined || first.failed) listings.set(accountId, delivery);
    // Several responses may be under way; the first one stamped starts the rival.
    if (offer.rivalAfterListedMs !== null && offer.rivalTakesAtMs === null) (rivalsToStart ??= []).push(offer);
  }
  if (rivalsToStart !== null) {
    const pending = rivalsToStart;
    (delivery.whenSent ??= []).push((sentAtMs) => startRivals(pending, sentAtMs));
  }
}

/** The first listing of the offer to the account that went out (or may still), if any. */
function firstListing(offer: LiveOffer | null, accountId: string): Delivery | null {
  const delivery = offer?.firstListing?.get(accountId);
  return delivery === undefined || delivery.failed ? null : delivery;
}

/** Precise-clock ms the first listing of the offer to the account was handed to the socket; null if none was. */
export function listedAt(offer: LiveOffer | null, accountId: string): number | null {
  return firstListing(offer, accountId)?.sentAtMs ?? null;
}

/**
 * Precise-clock ms the handler decided the answer of that same listing (before serialising and
 * sending it); null exactly when {@link listedAt} is.
 */
export function listedAnsweredAt(offer: LiveOffer | null, accountId: string): number | null {
  const delivery = firstListing(offer, accountId);
  return delivery === null || delivery.sentAtMs === null ? null : delivery.answeredAtMs;
}
