/**
 * Race timelines against a real simulator (docs/ENGINE.md "Race timelines"): a rival takes an
 * offer a set delay after it appeared while our accept is held by the platform, and the
 * engine records the listing, the accept, the 410 and when it came; a block won records
 * 'accepted'; the driver's log page carries each entry's race.
 */
import { after, it } from 'node:test';
import { expect } from 'expect';
import type { Simulator } from '@blockpilot/platform-sim';
import type { AppContext } from '../context.js';
import { readLogPage } from '../features/logs/query.js';
import { TestClock } from '../../test/clock.js';
import { simulatorEnv } from '../../test/config.js';
import { testContext } from '../../test/context.js';
import { describeEachDatabase } from '../../test/databases.js';
import { connectWithAnyBlockFilter, signUpDriver, startSimulator, tomorrowAt, waitFor } from '../../test/platform.js';

/** The platform holds our accept this long; the rival takes the offer sooner (from its injection), long enough after for a poll on a busy machine to list it. */
const ACCEPT_HELD_MS = 3500;
const RIVAL_DELAY_MS = 2500;
const POLLS = '/GetOffersForProviderPost';

describeEachDatabase('race timelines', (database) => {
  let sim: Simulator;
  let ctx: AppContext;
  after(async () => {
    await ctx?.search.close();
    await ctx?.background.drain();
    await ctx?.platform.close();
    await sim?.close();
  });

  it('records a race lost to a rival at a set delay and a race won, and the log page shows both', async () => {
    const started = await startSimulator();
    sim = started.sim;
    ctx = testContext(database(), { clock: new TestClock(Date.now()), env: { ...simulatorEnv(started.url), PLATFORM_TIMEOUT_MS: '5000' } });
    const { user } = await signUpDriver(ctx);
    const { area, accountId } = await connectWithAnyBlockFilter(ctx, user);
    await ctx.db.updateTable('users').set({ searching: true }).where('id', '=', user.id).execute();
    // The platform holds our first accept; the rival takes the offer while it waits.
    sim.control.setFaults({ rules: [{ kind: 'latency', latencyMs: ACCEPT_HELD_MS, accountId, paths: ['/AcceptOffer'], remaining: 1 }] });
    ctx.search.start(user.id);
    await waitFor('the search polling', () => sim.control.readRecord({ accountId }).requests.some((r) => r.path === POLLS));
    sim.control.injectOffer({ serviceAreaId: area, offerId: 'contested', startTime: tomorrowAt(3), durationHours: 2, priceAmount: 120, rivalDelayMs: RIVAL_DELAY_MS });

    const races = () => ctx.db.selectFrom('offer_races').selectAll().where('user_id', '=', user.id).orderBy('id').execute();
    const [lost] = await waitFor('the lost race recorded', async () => {
      const found = await races();
      return found.length === 1 && found;
    });
    expect(sim.control.readRecord({ accountId }).accepts).toEqual([expect.objectContaining({ offerId: 'contested', won: false, reason: 'taken_by_rival' })]);
    const logged = await ctx.db.selectFrom('offer_logs').selectAll().where('user_id', '=', user.id).where('offer_id', '=', 'contested').executeTakeFirstOrThrow();
    expect(logged).toMatchObject({ action: 'BLOCK_IGNORE', reason: 'taken' });
    // Listed when the poll answer that held it came: the log entry's own time.
    expect(lost).toMatchObject({ offer_id: 'contested', answer: 'taken', listed_at: logged.discovered_at });
    expect(lost!.sent_after_ms).toBeGreaterThanOrEqual(0);
    // The platform held the accept: its answer came no sooner than that.
    expect(lost!.answered_after_ms).toBeGreaterThanOrEqual(ACCEPT_HELD_MS - 5);
    expect(lost!.answered_at.getTime()).toBeGreaterThanOrEqual(lost!.listed_at.getTime());

    sim.control.injectOffer({ serviceAreaId: area, offerId: 'won', startTime: tomorrowAt(8), durationHours: 2, priceAmount: 120 });
    const both = await waitFor('the won race recorded', async () => {
      const found = await races();
      return found.length === 2 && found;
    });
    expect(both[1]).toMatchObject({ offer_id: 'won', answer: 'accepted' });

    const page = await readLogPage(ctx.db, user.id, {});
    const byOffer = (answer: string) => page.find((entry) => entry.race?.answer === answer);
    expect(byOffer('taken')).toMatchObject({
      reason: 'taken',
      race: { listedAt: lost!.listed_at.getTime(), sentAfterMs: lost!.sent_after_ms, answeredAfterMs: lost!.answered_after_ms },
    });
    expect(byOffer('accepted')).toMatchObject({ action: 'BLOCK_ACCEPT' });
    // Offers never raced have no race.
    expect(page.filter((entry) => entry.race === undefined).every((entry) => entry.action === 'BLOCK_IGNORE' && entry.reason !== 'taken')).toBe(true);
  });
});
