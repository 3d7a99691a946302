/**
 * The work limits and the travel check in a running search, against a real simulator (whose areas
 * have positions) and a real database: an away date, the weekly hours cap and a block too close
 * by travel time are each logged with their reason, and the travel entry names the booked block
 * and the drive (docs/ENGINE.md "Ignore reasons").
 */
import { describe, it } from 'node:test';
import { expect } from 'expect';
import { DEFAULT_WORK_LIMITS, type WorkLimits } from '@blockpilot/shared/api/schemas';
import { credit } from '../domain/ledger.js';
import { saveServiceAreas, loadPlatformAccount } from '../domain/platformAccounts.js';
import { openPlatformSession } from '../domain/platformSession.js';
import { saveWorkLimits } from '../domain/workLimits.js';
import { TestClock } from '../../test/clock.js';
import { simulatorEnv } from '../../test/config.js';
import { closeSearchContext, testContext } from '../../test/context.js';
import { describeEachDatabase } from '../../test/databases.js';
import type { Database } from '../db/types.js';
import { anyBlockFilter, connectDriver, setFilters, signUpDriver, startSimulator, tomorrowAt, waitFor } from '../../test/platform.js';
import { greatCircleKm } from './workLimits.js';

const DAY_S = 86_400;
const SPEED_KMH = 10;

describe('work limits in a running search', { concurrency: true }, () =>
  describeEachDatabase('work limits against the simulator', (database) => {
    it('ignores an away day, a block past the weekly hours cap and a block too close by travel time, each with its reason', async () => {
      const { sim, url } = await startSimulator();
      const ctx = testContext(database(), { clock: new TestClock(Date.now()), env: simulatorEnv(url), engine: { random: () => 1 } });
      try {
        const { user } = await signUpDriver(ctx);
        await connectDriver(ctx, user);
        const account = (await loadPlatformAccount(ctx.db, ctx.tokenCipher, user.id))!;
        // The stations list with positions, as the filter screen stores it.
        const pool = await openPlatformSession(ctx, account).getOfferFiltersOptions();
        if (!pool.ok) throw new Error(pool.kind);
        await saveServiceAreas(ctx.db, user.id, pool.value, ctx.clock.now());
        // Two stations of the account's region, both of which the account may work.
        const areas = pool.value.slice(0, 2).map((area) => area.id);
        sim.control.setEligibleAreas(account.platformUserId, areas);
        const position = (id: string) => pool.value.find((a) => a.id === id)!.location!;
        const driveMinutes = Math.ceil((greatCircleKm(position(areas[0]!), position(areas[1]!)) / SPEED_KMH) * 60);
        expect(driveMinutes).toBeGreaterThan(15);
        await setFilters(ctx, user.id, [anyBlockFilter(areas)]);
        const first = tomorrowAt(1);
        const awayDay = new Date((first + 2 * DAY_S) * 1000).toISOString().slice(0, 10);
        await saveWorkLimits(ctx.db, user.id, { ...DEFAULT_WORK_LIMITS, awayDates: [{ from: awayDay, to: awayDay }], maxWeekMinutes: 180, averageSpeedKmh: SPEED_KMH });
        await ctx.db.updateTable('users').set({ searching: true, timezone_offset: 0, time_zone: 'UTC' }).where('id', '=', user.id).execute();
        ctx.search.start(user.id);

        sim.control.injectOffer({ serviceAreaId: areas[0]!, offerId: 'first', startTime: first, durationHours: 2, priceAmount: 150 });
        await waitFor('the first block booked', async () => (await logOf(ctx, user.id, 'first'))?.action === 'BLOCK_ACCEPT');
        const firstEnd = first + 2 * 3600;
        // 1 h, 10 minutes after the first ends, at a station further than that.
        sim.control.injectOffer({ serviceAreaId: areas[1]!, offerId: 'near', startTime: firstEnd + 600, durationHours: 1, priceAmount: 150 });
        // 2 h more the same day: 4 h in the week, over the 3 h cap.
        sim.control.injectOffer({ serviceAreaId: areas[0]!, offerId: 'long', startTime: first + 10 * 3600, durationHours: 2, priceAmount: 150 });
        sim.control.injectOffer({ serviceAreaId: areas[0]!, offerId: 'away', startTime: first + 2 * DAY_S, durationHours: 1, priceAmount: 150 });
        const rows = await waitFor('three offers ignored', async () => {
          const found = await ctx.db.selectFrom('offer_logs').selectAll().where('user_id', '=', user.id).where('action', '=', 'BLOCK_IGNORE').execute();
          return found.length === 3 && found;
        });
        const byOffer = Object.fromEntries(rows.map((r) => [r.offer_id, r]));
        expect(byOffer.away).toMatchObject({ reason: 'away' });
        expect(byOffer.long).toMatchObject({ reason: 'weekCap' });
        expect(byOffer.near).toMatchObject({ reason: 'travel', overlap_start_time: first, overlap_service_area_id: areas[0], travel_minutes: driveMinutes });
        expect(sim.control.readRecord({ accountId: account.platformUserId }).accepts.map((a) => a.offerId)).toEqual(['first']);
      } finally {
        await stopSearching(ctx, sim);
      }
    });

    it('never sends two accepts of one listing that together pass the daily cap: the second is judged again and logged once the first is booked', async () => {
      const { sim, ctx, user, account, area, close } = await searchingOneStation(database(), { maxDayMinutes: 180 });
      try {
        const start = tomorrowAt(8);
        // One listing, two 2 h blocks of the same day: either fits the 3 h cap, not both.
        sim.control.injectOffer({ serviceAreaId: area, offerId: 'better', startTime: start, durationHours: 2, priceAmount: 66 });
        sim.control.injectOffer({ serviceAreaId: area, offerId: 'second', startTime: start + 3 * 3600, durationHours: 2, priceAmount: 60 });
        const second = await waitFor('the second offer logged', async () => (await logOf(ctx, user.id, 'second')) ?? false);
        expect(second).toMatchObject({ action: 'BLOCK_IGNORE', reason: 'dayCap' });
        expect(await logOf(ctx, user.id, 'better')).toMatchObject({ action: 'BLOCK_ACCEPT' });
        expect(sim.control.readRecord({ accountId: account.platformUserId }).accepts.map((a) => a.offerId)).toEqual(['better']);
      } finally {
        await close();
      }
    });

    it('stops accepting in a week once its booked pay reaches the weekly goal, and still takes blocks of another week', async () => {
      // Credit for the fees of three blocks: only the goal, not the credit, may set one aside.
      const { sim, ctx, user, account, area, close } = await searchingOneStation(database(), { weeklyPayGoalCents: 20_000 }, 5_000);
      try {
        // Every block below starts on the same day, so in the same Sunday-to-Saturday week.
        const day = tomorrowAt(1);
        sim.control.injectOffer({ serviceAreaId: area, offerId: 'under', startTime: day, durationHours: 2, priceAmount: 150 });
        await waitFor('the first block booked', async () => (await logOf(ctx, user.id, 'under'))?.action === 'BLOCK_ACCEPT');
        // 150.00 booked, under the 200.00 goal: this one is taken and passes it.
        sim.control.injectOffer({ serviceAreaId: area, offerId: 'reaching', startTime: day + 4 * 3600, durationHours: 2, priceAmount: 100 });
        await waitFor('the second block booked', async () => (await logOf(ctx, user.id, 'reaching'))?.action === 'BLOCK_ACCEPT');
        sim.control.injectOffer({ serviceAreaId: area, offerId: 'past', startTime: day + 8 * 3600, durationHours: 2, priceAmount: 300 });
        // Seven days on, the next week: its own goal, nothing booked in it yet.
        sim.control.injectOffer({ serviceAreaId: area, offerId: 'nextWeek', startTime: day + 7 * DAY_S, durationHours: 2, priceAmount: 150 });
        const past = await waitFor('the block past the goal logged', async () => (await logOf(ctx, user.id, 'past')) ?? false);
        expect(past).toMatchObject({ action: 'BLOCK_IGNORE', reason: 'payGoal' });
        await waitFor("the next week's block booked", async () => (await logOf(ctx, user.id, 'nextWeek'))?.action === 'BLOCK_ACCEPT');
        expect(sim.control.readRecord({ accountId: account.platformUserId }).accepts.map((a) => a.offerId)).toEqual(['under', 'reaching', 'nextWeek']);
      } finally {
        await close();
      }
    });
  }),
);

const logOf = (ctx: SearchContext, userId: string, offerId: string) =>
  ctx.db.selectFrom('offer_logs').selectAll().where('user_id', '=', userId).where('offer_id', '=', offerId).executeTakeFirst();

type SearchContext = ReturnType<typeof testContext>;
type Simulator = Awaited<ReturnType<typeof startSimulator>>['sim'];

/** Ends every search of the context and closes it with its simulator. */
async function stopSearching(ctx: SearchContext, sim: Simulator): Promise<void> {
  await ctx.db.updateTable('users').set({ searching: false }).execute();
  await closeSearchContext(ctx);
  await sim.close();
}

/**
 * A driver connected to a fresh simulator, searching its first station with an any-block filter
 * and these work limits (in UTC), with `creditCents` more credit than the sign-up bonus.
 */
async function searchingOneStation(database: Database, limits: Partial<WorkLimits>, creditCents = 0) {
  const { sim, url } = await startSimulator();
  const ctx = testContext(database, { clock: new TestClock(Date.now()), env: simulatorEnv(url), engine: { random: () => 1 } });
  const close = () => stopSearching(ctx, sim);
  try {
    const { user } = await signUpDriver(ctx);
    await connectDriver(ctx, user);
    const account = (await loadPlatformAccount(ctx.db, ctx.tokenCipher, user.id))!;
    const pool = await openPlatformSession(ctx, account).getOfferFiltersOptions();
    if (!pool.ok) throw new Error(pool.kind);
    const area = pool.value[0]!.id;
    sim.control.setEligibleAreas(account.platformUserId, [area]);
    await setFilters(ctx, user.id, [anyBlockFilter([area])]);
    await saveWorkLimits(ctx.db, user.id, { ...DEFAULT_WORK_LIMITS, ...limits });
    if (creditCents > 0) await ctx.db.transaction().execute((trx) => credit(trx, user.id, `topup:limits-${user.id}`, creditCents));
    await ctx.db.updateTable('users').set({ searching: true, timezone_offset: 0, time_zone: 'UTC' }).where('id', '=', user.id).execute();
    ctx.search.start(user.id);
    return { sim, ctx, user, account, area, close };
  } catch (error) {
    await close();
    throw error;
  }
}
