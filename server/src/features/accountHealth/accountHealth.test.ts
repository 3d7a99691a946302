/**
 * Account health (docs/LIVE.md "Account health"): the engine's own health calls counted per
 * account while it searches a simulator that throttles it and then asks for a puzzle; the panel's
 * verdicts for a refused, puzzled, throttled, too fast, quiet and steady week; the route's answer,
 * 7 days of every process's rows, one driver's never another's.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { saveAccountHours, loadAccountHealth, type AccountHealthTotals } from '../../stores/accountHealthStore.js';
import type { AccountHourRecord } from '../../engine/accountHealth.js';
import { bearer, signUp, startTestApp, type TestApp, type TestDriver } from '../../../test/app.js';
import { TestClock } from '../../../test/clock.js';
import { simulatorEnv } from '../../../test/config.js';
import { closeSearchContext, testContext } from '../../../test/context.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { connectWithAnyBlockFilter, signUpDriver, startSimulator, waitFor } from '../../../test/platform.js';
import { accountHealthOf } from './verdict.js';

const HOUR_MS = 3_600_000;
const POLLS = '/GetOffersForProviderPost';
const quiet: AccountHealthTotals = { polls: 0, pollMinutes: 0, refreshIntervalMs: null, throttled: 0, puzzles: 0, refused: 0, backedOff: 0, paused: 0 };
const steady: AccountHealthTotals = { ...quiet, polls: 6000, pollMinutes: 200, refreshIntervalMs: 2000 };

describe('account health verdicts', () => {
  it('says a week searched at the platform pace with no trouble is steady, with the pace of both sides', () => {
    expect(accountHealthOf(true, steady)).toEqual({
      connected: true,
      days: 7,
      verdict: 'steady',
      polls: 6000,
      minutesSearched: 200,
      pollsPerMinute: 30,
      platformPollsPerMinute: 30,
      throttled: 0,
      puzzles: 0,
      refused: 0,
      backedOff: 0,
      paused: 0,
    });
  });

  it('puts the worst first: refused over puzzles over throttled over a fast pace', () => {
    expect(accountHealthOf(true, { ...steady, throttled: 3, backedOff: 3 }).verdict).toBe('throttled');
    expect(accountHealthOf(true, { ...steady, throttled: 3, puzzles: 1, paused: 1 }).verdict).toBe('puzzles');
    expect(accountHealthOf(true, { ...steady, throttled: 3, puzzles: 1, refused: 1, paused: 2 }).verdict).toBe('refused');
    expect(accountHealthOf(true, { ...steady, polls: 8000 }).verdict).toBe('fast');
    // Within the slack of a minute's edges: still the platform's pace.
    expect(accountHealthOf(true, { ...steady, polls: 6500 }).verdict).toBe('steady');
  });

  it('says a week without a poll was not searched, with no pace', () => {
    expect(accountHealthOf(false, quiet)).toMatchObject({ connected: false, verdict: 'notSearched', pollsPerMinute: null, platformPollsPerMinute: null });
  });
});

describeEachDatabase('account health', (database) => {
  describe('counted by the engine against the simulator', () => {
    it('counts polls, throttles and backoffs, then the puzzle that stopped the search, per account', async () => {
      const { sim, url } = await startSimulator();
      const ctx = testContext(database(), {
        clock: new TestClock(Date.now()),
        env: simulatorEnv(url),
        engine: { timings: { backoff: { baseMs: 100, maxMs: 200 }, resumeSpreadMs: 0 }, random: () => 1 },
      });
      try {
        const { user } = await signUpDriver(ctx);
        const { accountId } = await connectWithAnyBlockFilter(ctx, user);
        const { user: other } = await signUpDriver(ctx);
        sim.control.setFaults({ rules: [{ kind: 'throttle', accountId, paths: [POLLS], remaining: 2 }] });
        await ctx.db.updateTable('users').set({ searching: true }).where('id', '=', user.id).execute();
        ctx.search.start(user.id);
        const polls = () => sim.control.readRecord({ accountId }).requests.filter((r) => r.path === POLLS).length;
        await waitFor('two throttled polls and one answered', () => polls() >= 3, 20_000);
        sim.control.setFaults({ rules: [{ kind: 'captcha', accountId, paths: [POLLS], remaining: 1 }] });
        await waitFor(
          'the search stopped for the puzzle',
          async () => (await ctx.db.selectFrom('users').select('puzzle_required').where('id', '=', user.id).executeTakeFirstOrThrow()).puzzle_required,
          20_000,
        );

        const records = ctx.engineHealth.accounts.records();
        expect(records.every((r) => r.userId === user.id)).toBe(true);
        await saveAccountHours(ctx.db, 'test', records, new Date());
        const hour = Math.floor(Date.now() / HOUR_MS);
        const totals = await loadAccountHealth(ctx.db, user.id, hour - 1);
        expect(totals).toMatchObject({ throttled: 2, puzzles: 1, refused: 0, paused: 1 });
        expect(totals.polls).toBe(polls());
        expect(totals.backedOff).toBeGreaterThanOrEqual(2);
        expect(totals.refreshIntervalMs).toEqual(expect.any(Number));
        expect(totals.pollMinutes).toBeGreaterThanOrEqual(1);
        // The operators' series counted the same calls once.
        const minutes = ctx.engineHealth.lastMinutes(60);
        expect(minutes.reduce((n, m) => n + m.throttled, 0)).toBe(2);
        expect(minutes.reduce((n, m) => n + m.puzzles, 0)).toBe(1);
        expect(await loadAccountHealth(ctx.db, other.id, hour - 1)).toMatchObject({ polls: 0, throttled: 0 });
      } finally {
        await ctx.db.updateTable('users').set({ searching: false }).execute();
        await closeSearchContext(ctx);
        await sim.close();
      }
    });
  });

  describe('GET /api/user/accountHealth', () => {
    const NOW = Date.UTC(2026, 10, 20, 12);
    let t: TestApp;
    let a: TestDriver;
    let b: TestDriver;
    const hourOf = (ms: number) => Math.floor(ms / HOUR_MS);
    const record = (userId: string, hoursAgo: number, counts: Partial<AccountHourRecord>): AccountHourRecord => ({
      userId,
      hour: hourOf(NOW) - hoursAgo,
      polls: 0,
      pollMinutes: 0,
      refreshIntervalMs: 2000,
      throttled: 0,
      puzzles: 0,
      refused: 0,
      backedOff: 0,
      paused: 0,
      ...counts,
    });

    before(async () => {
      t = await startTestApp(database(), { clock: new TestClock(NOW) });
      a = await signUp(t.app, t.database);
      b = await signUp(t.app, t.database);
    });
    after(async () => {
      await t.app.close();
    });
    const get = (token: string) => t.app.inject({ url: '/api/user/accountHealth', headers: bearer(token) });

    it('sums 7 days of every process, not older hours nor another driver, and gives the verdict', async () => {
      await saveAccountHours(
        t.database.db,
        'one',
        [record(a.id, 1, { polls: 300, pollMinutes: 10 }), record(a.id, 30, { polls: 300, pollMinutes: 10, throttled: 2, backedOff: 2 })],
        new Date(NOW),
      );
      await saveAccountHours(t.database.db, 'two', [record(a.id, 1, { polls: 300, pollMinutes: 10 })], new Date(NOW));
      // Eight days ago: out of the panel.
      await saveAccountHours(t.database.db, 'one', [record(a.id, 8 * 24, { puzzles: 4, paused: 4 })], new Date(NOW));
      await saveAccountHours(t.database.db, 'one', [record(b.id, 1, { refused: 1, paused: 1 })], new Date(NOW));
      const res = await get(a.token);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        connected: false,
        days: 7,
        verdict: 'throttled',
        polls: 900,
        minutesSearched: 30,
        pollsPerMinute: 30,
        platformPollsPerMinute: 30,
        throttled: 2,
        puzzles: 0,
        refused: 0,
        backedOff: 2,
        paused: 0,
      });
      expect(res.json().data).not.toHaveProperty('userId');
      expect((await get(b.token)).json().data).toMatchObject({ verdict: 'refused', refused: 1, paused: 1, polls: 0 });
    });

    it('asks for a sign-in', async () => {
      const res = await t.app.inject({ url: '/api/user/accountHealth' });
      expect(res.statusCode).toBe(401);
    });
  });
});
