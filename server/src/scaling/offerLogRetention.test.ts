import { it } from 'node:test';
import { expect } from 'expect';
import { testContext } from '../../test/context.js';
import { describeEachDatabase } from '../../test/databases.js';
import { signUpDriver } from '../../test/platform.js';
import { writeRaces } from '../stores/offerLog.js';
import { pruneIgnoredOfferLogs, pruneOfferRaces } from './offerLogRetention.js';

describeEachDatabase('offer log retention', (database) => {
  it('deletes ignored offers older than the cutoff, in batches, and keeps accepted blocks and newer rows', async () => {
    const ctx = testContext(database());
    const { user } = await signUpDriver(ctx);
    const cutoff = new Date('2026-01-31T00:00:00Z');
    const row = (offerId: string, action: 'BLOCK_ACCEPT' | 'BLOCK_IGNORE', discoveredAt: string) => ({
      user_id: user.id,
      offer_id: offerId,
      action,
      reason: action === 'BLOCK_IGNORE' ? ('filter' as const) : null,
      discovered_at: new Date(discoveredAt),
      start_time: 1_800_000_000,
      end_time: 1_800_010_800,
      service_area_id: 'area',
      price_amount: 80,
      currency: 'USD',
      cost_cents: action === 'BLOCK_ACCEPT' ? 280 : 0,
    });
    await ctx.db
      .insertInto('offer_logs')
      .values([
        ...Array.from({ length: 5 }, (_, i) => row(`old-ignored-${i}`, 'BLOCK_IGNORE', `2026-01-0${i + 1}T12:00:00Z`)),
        row('old-accepted', 'BLOCK_ACCEPT', '2026-01-02T12:00:00Z'),
        row('at-cutoff', 'BLOCK_IGNORE', '2026-01-31T00:00:00Z'),
        row('new-ignored', 'BLOCK_IGNORE', '2026-02-15T12:00:00Z'),
      ])
      .execute();
    expect(await pruneIgnoredOfferLogs(ctx.db, cutoff, 2)).toBe(5);
    const left = await ctx.db.selectFrom('offer_logs').select('offer_id').where('user_id', '=', user.id).orderBy('offer_id').execute();
    expect(left.map((r) => r.offer_id)).toEqual(['at-cutoff', 'new-ignored', 'old-accepted']);
    expect(await pruneIgnoredOfferLogs(ctx.db, cutoff)).toBe(0);
  });

  it('deletes race timelines answered before the cutoff, in batches, and keeps newer ones', async () => {
    const ctx = testContext(database());
    const { user } = await signUpDriver(ctx);
    const race = (offerId: string, answeredAt: string) => ({
      offerId,
      listedAt: new Date(answeredAt),
      sentAfterMs: 1,
      answer: 'taken' as const,
      answeredAfterMs: 20,
      answeredAt: new Date(answeredAt),
    });
    await writeRaces(ctx.db, user.id, [
      race('old-1', '2026-01-02T12:00:00Z'),
      race('old-2', '2026-01-03T12:00:00Z'),
      race('old-3', '2026-01-04T12:00:00Z'),
      race('new', '2026-02-15T12:00:00Z'),
    ]);
    expect(await pruneOfferRaces(ctx.db, new Date('2026-01-31T00:00:00Z'), 2)).toBe(3);
    const left = await ctx.db.selectFrom('offer_races').select('offer_id').where('user_id', '=', user.id).execute();
    expect(left.map((r) => r.offer_id)).toEqual(['new']);
  });
});
