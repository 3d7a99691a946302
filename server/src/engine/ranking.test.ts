import { describe, it } from 'node:test';
import { expect } from 'expect';
import fc from 'fast-check';
import { rankMatches } from './ranking.js';
import type { RankableOffer } from './types.js';

const o = (offerId: string, priceCents: number, startMs: number): RankableOffer => ({ offerId, priceCents, startMs });

describe('rankMatches: best paid first', () => {
  it('orders by price descending, then earliest start, then offer id', () => {
    const offers = [o('c', 9000, 3000), o('a', 12000, 5000), o('b', 9000, 1000), o('e', 9000, 1000), o('d', 4500, 0)];
    expect(rankMatches(offers).map((x) => x.offerId)).toEqual(['a', 'b', 'e', 'c', 'd']);
  });

  it('returns a new array and leaves the input as it was', () => {
    const offers = [o('x', 1, 0), o('y', 2, 0)];
    const ranked = rankMatches(offers);
    expect(ranked).not.toBe(offers);
    expect(offers.map((x) => x.offerId)).toEqual(['x', 'y']);
    expect(rankMatches([])).toEqual([]);
  });

  it('is a permutation in which no later offer beats an earlier one', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ offerId: fc.string(), priceCents: fc.integer({ min: 0, max: 50 }), startMs: fc.integer({ min: 0, max: 20 }) })), (offers) => {
        const ranked = rankMatches(offers);
        const asSortedKeys = (list: RankableOffer[]) => list.map((x) => JSON.stringify(x)).sort();
        expect(asSortedKeys(ranked)).toEqual(asSortedKeys(offers));
        for (let i = 1; i < ranked.length; i++) {
          const [prev, next] = [ranked[i - 1]!, ranked[i]!];
          expect(prev.priceCents > next.priceCents || (prev.priceCents === next.priceCents && prev.startMs <= next.startMs)).toBe(true);
        }
      }),
    );
  });
});
