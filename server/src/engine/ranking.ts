/** The order matches are accepted in: best paid first. */
import type { RankableOffer } from './types.js';

/**
 * Best paid first: block price descending, then earliest start, then offer id (so equal offers
 * always come out in the same order). Returns a new array; the input is not touched.
 */
export function rankMatches<T extends RankableOffer>(offers: readonly T[]): T[] {
  return [...offers].sort((a, b) => b.priceCents - a.priceCents || a.startMs - b.startMs || (a.offerId < b.offerId ? -1 : a.offerId > b.offerId ? 1 : 0));
}
