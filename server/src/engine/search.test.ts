/**
 * The search engine against a real simulator (one per test, on a free port, driven through its
 * control API) and a real database (PGlite and PostgreSQL): accepting, ignoring, races, faults,
 * backoff, stops, token refresh, money, overlaps, restarts, reconciliation and pacing. The tests
 * of one database run concurrently, each with its own driver and simulator.
 */
import { after, describe, it } from 'node:test';
import { expect } from 'expect';
import pino from 'pino';
import type { RequestRecord, Simulator, SimulatorOptions } from '@blockpilot/platform-sim';
import { createPlatformGateway, type PlatformGateway } from '../adapters/platform/gateway.js';
import type { PlatformClient } from '../adapters/platform/types.js';
import type { AppContext } from '../context.js';
import type { UserRow } from '../features/auth/tokens.js';
import { charge, entriesOf } from '../domain/ledger.js';
import { applyPaymentEvent, createOrder } from '../features/store/orders.js';
import { loadPlatformAccount } from '../domain/platformAccounts.js';
import { openPlatformSession } from '../domain/platformSession.js';
import { TestClock } from '../../test/clock.js';
import { simulatorEnv, testConfig } from '../../test/config.js';
import { closeSearchContext, testContext } from '../../test/context.js';
import { describeEachDatabase, withOutage } from '../../test/databases.js';
import { anyBlockFilter, connectDriver, eligibleAreas, setFilters, signUpDriver, startSimulator, tomorrowAt, waitFor } from '../../test/platform.js';
import type { Database } from '../db/types.js';
import type { EngineTimings } from './dependencies.js';
import { writeIntent } from '../stores/offerLog.js';

/** Short waits so a test sees several polls and backoffs in a few seconds. Jitter pinned to its maximum. */
const FAST: Partial<EngineTimings> = { backoff: { baseMs: 250, maxMs: 1000 }, openAttemptRecheckMs: 300, resumeSpreadMs: 100 };
const POLLS = '/GetOffersForProviderPost';
const FEE_OF_150 = 525;

interface World {
  sim: Simulator;
  ctx: AppContext & { clock: TestClock };
  driver: UserRow;
  /** The driver's platform account id (the simulator's accountId). */
  accountId: string;
  /** An area the account may work, named by the driver's filter. */
  area: string;
  /** Another context (another process) on the same database and simulator. */
  anotherProcess(): AppContext;
  /** Presses Start: searching set, the runner started. */
  start(ctx?: AppContext): Promise<void>;
  close(): Promise<void>;
}

/** The address-confirmation e-mail every new account gets (not the engine's): left out where a test reads what the engine sent. */
const SIGN_UP_MAIL = 'Confirm your BlockPilot e-mail%';

/** Contexts not closed yet, with their database (the two databases' suites run at once). */
const contexts = new Map<AppContext, Database>();

/** What the engine sent, in the order it sent it (the platform may receive calls on parallel connections in another order). */
interface SentCalls {
  /** The time (performance.now()) each offers poll was sent. */
  pollsSentAt?: number[];
  /**
   * For each poll sent, how late its step began after the time the engine had set for it (the
   * event loop's delay, from the engine's poll-lag observer): a sent gap less its lag is the gap
   * the engine planned.
   */
  pollLags?: number[];
  /** The offer id of each AcceptOffer, in sending order. */
  acceptsSent?: string[];
  /** The lag of the step under way (set by the observer, read when its poll is sent). */
  lastLag?: number;
}

/** The platform gateway, recording what the engine sends into `sent`. */
function watchingCalls(gateway: PlatformGateway, sent: SentCalls): PlatformGateway {
  return {
    client: (region) => {
      const client = gateway.client(region);
      return Object.assign(Object.create(client) as PlatformClient, {
        getOffers: (...args: Parameters<PlatformClient['getOffers']>) => {
          sent.pollsSentAt?.push(performance.now());
          sent.pollLags?.push(sent.lastLag ?? 0);
          return client.getOffers(...args);
        },
        acceptOffer: (...args: Parameters<PlatformClient['acceptOffer']>) => {
          sent.acceptsSent?.push(args[1]);
          return client.acceptOffer(...args);
        },
      });
    },
    close: () => gateway.close(),
  };
}

interface WorldOptions {
  sim?: SimulatorOptions;
  timeoutMs?: number;
  /** More server settings (the platform's rate limit, ...). */
  env?: Record<string, string>;
  timings?: Partial<EngineTimings>;
  /** Collects what the engine sent, on its side. */
  sent?: SentCalls;
  /** Collects what the context logged at info and above, one parsed line each. */
  logged?: LogLine[];
}

type LogLine = Record<string, unknown> & { msg?: string };

/** A logger that parses each line it writes into `lines`. */
function collectingLogger(lines: LogLine[]) {
  return pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
}

async function world(database: Database, { sim: simOptions = {}, timeoutMs = 5000, sent, logged, env: moreEnv = {}, timings = {} }: WorldOptions = {}): Promise<World> {
  const { sim, url } = await startSimulator(simOptions);
  const clock = new TestClock(Date.now());
  const env = { ...simulatorEnv(url), PLATFORM_TIMEOUT_MS: String(timeoutMs), ...moreEnv };
  const makeContext = () => {
    const platform = sent ? watchingCalls(createPlatformGateway(testConfig(env).platform), sent) : undefined;
    const ctx = testContext(database, {
      clock,
      env,
      engine: { timings: { ...FAST, ...timings }, random: () => 1, ...(sent ? { observePollLag: (lagMs: number) => (sent.lastLag = lagMs) } : {}) },
      ...(platform ? { adapters: { platform } } : {}),
      ...(logged ? { log: collectingLogger(logged) } : {}),
    });
    contexts.set(ctx, database);
    return ctx;
  };
  const ctx = makeContext();
  const closeAll = async () => {
    for (const c of [...contexts.keys()]) if (c.clock === clock) await closeContext(c);
    await sim.close();
  };
  let user: UserRow, area: string, accountId: string;
  try {
    ({ user } = await signUpDriver(ctx));
    await connectDriver(ctx, user);
    area = (await eligibleAreas(ctx, user.id))[0]!;
    await setFilters(ctx, user.id, [anyBlockFilter([area])]);
    accountId = (await loadPlatformAccount(ctx.db, ctx.tokenCipher, user.id))!.platformUserId;
  } catch (error) {
    // A failed set-up must not leave a listening simulator behind: the test process would never exit.
    await closeAll();
    throw error;
  }
  return {
    sim,
    ctx,
    driver: user,
    accountId,
    area,
    anotherProcess: makeContext,
    async start(on = ctx) {
      await on.db.updateTable('users').set({ searching: true }).where('id', '=', user.id).execute();
      on.search.start(user.id);
    },
    async close() {
      await ctx.db.updateTable('users').set({ searching: false }).where('id', '=', user.id).execute();
      await closeAll();
    },
  };
}

async function closeContext(ctx: AppContext): Promise<void> {
  contexts.delete(ctx);
  await closeSearchContext(ctx);
}

const logsOf = (ctx: AppContext, userId: string) =>
  ctx.db.selectFrom('offer_logs').selectAll().where('user_id', '=', userId).orderBy('discovered_at').orderBy('offer_id').execute();

const logOf = async (ctx: AppContext, userId: string, offerId: string) =>
  ctx.db.selectFrom('offer_logs').selectAll().where('user_id', '=', userId).where('offer_id', '=', offerId).executeTakeFirst();

const feesOf = async (ctx: AppContext, userId: string) => (await entriesOf(ctx.db, userId)).filter((e) => e.kind === 'fee');

const userState = (ctx: AppContext, userId: string) =>
  ctx.db.selectFrom('users').select(['searching', 'flex_connected', 'puzzle_required', 'credit_cents']).where('id', '=', userId).executeTakeFirstOrThrow();

function pollsOf(sim: Simulator, accountId: string): RequestRecord[] {
  return sim.control.readRecord({ accountId }).requests.filter((r) => r.path === POLLS);
}

/** The gaps between consecutive times, ms. */
function gapsBetween(times: number[]): number[] {
  return times.slice(1).map((t, i) => t - times[i]!);
}

/** The middle value (the upper one of an even count). */
function medianOf(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
}

/** Gaps between the starts of consecutive polls, ms, as the platform saw them. */
function gapsOf(polls: RequestRecord[]): number[] {
  return gapsBetween(polls.map((p) => p.startedAt));
}

/** What the context's engine counted over the last hour (docs/OPERATIONS.md "Engine health"), summed. */
function healthTotals(ctx: AppContext) {
  const minutes = ctx.engineHealth.lastMinutes(60);
  const sum = (figure: 'offersSeen' | 'accepted' | 'throttled' | 'puzzles') => minutes.reduce((total, m) => total + m[figure], 0);
  return { offersSeen: sum('offersSeen'), accepted: sum('accepted'), throttled: sum('throttled'), puzzles: sum('puzzles'), raceP99Ms: minutes.map((m) => m.raceP99Ms) };
}

const waitForPolls = (w: World, count: number) => waitFor(`${count} polls`, () => pollsOf(w.sim, w.accountId).length >= count, 25_000);

// Both databases at once: the tests mostly wait on the simulator's pace.
describe('search engine', { concurrency: true }, () =>
  describeEachDatabase('search engine against the simulator', (database) => {
    after(async () => {
      for (const [ctx, db] of [...contexts]) if (db === database()) await closeContext(ctx);
    });

    // The restart test resumes every searching driver of the database: it runs after the others.
    describe('one after the other', { concurrency: 1 }, () => {
      describe('searching', { concurrency: true }, () => {
        it('accepts a matching offer and ignores the others: log rows, fee in the ledger, driver notified', async () => {
          const w = await world(database());
          try {
            await w.ctx.db.updateTable('users').set({ notify_whatsapp: '+1 555 555 0199', telegram_chat_id: '4242' }).where('id', '=', w.driver.id).execute();
            await w.start();
            const start = tomorrowAt(2);
            w.sim.control.injectOffer({ serviceAreaId: w.area, offerId: 'good', startTime: start, durationHours: 3, priceAmount: 150 });
            w.sim.control.injectOffer({ serviceAreaId: w.area, offerId: 'cheap', startTime: start + 86_400, durationHours: 3, priceAmount: 30 });
            const rows = await waitFor('both offers logged', async () => {
              const found = await logsOf(w.ctx, w.driver.id);
              return found.length === 2 && found;
            });
            const accepted = rows.find((r) => r.offer_id === 'good')!;
            expect(accepted).toMatchObject({
              action: 'BLOCK_ACCEPT',
              reason: null,
              cost_cents: FEE_OF_150,
              start_time: start,
              price_amount: 150,
              currency: 'USD',
              service_area_id: w.area,
            });
            expect(rows.find((r) => r.offer_id === 'cheap')).toMatchObject({ action: 'BLOCK_IGNORE', reason: 'pay', cost_cents: 0 });
            expect(await feesOf(w.ctx, w.driver.id)).toEqual([expect.objectContaining({ key: `fee:${accepted.id}`, amountCents: -FEE_OF_150 })]);
            expect((await userState(w.ctx, w.driver.id)).credit_cents).toBe(1000 - FEE_OF_150);
            expect(w.sim.control.schedule(w.accountId)).toEqual([expect.objectContaining({ startTime: start, serviceAreaId: w.area })]);
            expect(w.sim.control.readRecord({ accountId: w.accountId }).accepts).toEqual([expect.objectContaining({ offerId: 'good', won: true })]);

            await w.ctx.background.drain();
            const mail = await w.ctx.db.selectFrom('outbox').selectAll().where('to_address', '=', w.driver.email).where('subject', 'like', 'Block accepted%').execute();
            expect(mail).toHaveLength(1);
            expect(mail[0]!.text).toContain('Pay: $150.00');
            expect(mail[0]!.text).toContain('Fee: $5.25');
            // The fee left 4.75, less than one more such fee: the low-credit notice goes too (docs/LIVE.md "Credit guard").
            const chats = w.ctx.chatRecorder!.list().filter((m) => m.text.startsWith('Block accepted'));
            expect(chats.map((m) => [m.channel, m.to])).toEqual(
              expect.arrayContaining([
                ['telegram', '4242'],
                ['whatsapp', '+1 555 555 0199'],
              ]),
            );
            for (const chat of chats) expect(chat.text).toMatch(/^Block accepted: .*\n\n.*Pay: \$150\.00/s);
            expect(
              w.ctx
                .chatRecorder!.list()
                .filter((m) => m.text.startsWith('Your BlockPilot credit is running low'))
                .map((m) => m.channel)
                .sort(),
            ).toEqual(['telegram', 'whatsapp']);
            expect(w.ctx.search.has(w.driver.id)).toBe(true);
            // The console's engine health counted the listing, the accept and how fast it left.
            const health = healthTotals(w.ctx);
            expect(health).toMatchObject({ accepted: 1, throttled: 0, puzzles: 0 });
            expect(health.offersSeen).toBeGreaterThanOrEqual(2);
            expect(health.raceP99Ms.filter((ms) => ms !== null)).toEqual([expect.any(Number)]);
          } finally {
            await w.close();
          }
        });

        it('loses a race gracefully: a 410 is logged as ignored (taken), no fee, and the search goes on', async () => {
          const w = await world(database());
          try {
            // The rival takes the offer while our accept waits in the platform: the accept gets 410.
            // The rival's clock starts when the offer is listed, so the offer is listed once the search
            // is polling, and the rival waits long enough for a poll delayed by a busy machine to see it.
            // The accept's delay stays under the platform timeout of this world (5 s).
            w.sim.control.setFaults({ rules: [{ kind: 'latency', latencyMs: 3500, accountId: w.accountId, paths: ['/AcceptOffer'], remaining: 1 }] });
            await w.start();
            await waitForPolls(w, 1);
            w.sim.control.injectOffer({ serviceAreaId: w.area, offerId: 'contested', startTime: tomorrowAt(3), durationHours: 2, priceAmount: 120, rivalDelayMs: 2500 });
            const row = await waitFor('the lost offer logged', () => logOf(w.ctx, w.driver.id, 'contested'));
            expect(row).toMatchObject({ action: 'BLOCK_IGNORE', reason: 'taken', cost_cents: 0 });
            expect(w.sim.control.readRecord({ accountId: w.accountId }).accepts).toEqual([expect.objectContaining({ offerId: 'contested', won: false, reason: 'taken_by_rival' })]);
            expect(await feesOf(w.ctx, w.driver.id)).toEqual([]);
            expect(await w.ctx.db.selectFrom('accept_attempts').selectAll().where('user_id', '=', w.driver.id).execute()).toEqual([]);
            w.sim.control.injectOffer({ serviceAreaId: w.area, offerId: 'next', startTime: tomorrowAt(8), durationHours: 2, priceAmount: 120 });
            expect(await waitFor('the next offer accepted', () => logOf(w.ctx, w.driver.id, 'next'))).toMatchObject({ action: 'BLOCK_ACCEPT' });
          } finally {
            await w.close();
          }
        });

        it('logs an offer ignored while the database was away, though it is no longer listed when the database is back', async () => {
          const outage = withOutage(database());
          const w = await world(outage.database);
          try {
            await w.start();
            await waitForPolls(w, 1);
            outage.down();
            // Too cheap for the filter (pay 20-100), and taken by a rival before the database is back.
            const listedUntil = Date.now() + 2500;
            w.sim.control.injectOffer({ serviceAreaId: w.area, offerId: 'cheap', startTime: tomorrowAt(3), durationHours: 2, priceAmount: 10, rivalDelayMs: 2500 });
            const polledBefore = pollsOf(w.sim, w.accountId).length;
            await waitFor('two polls while the database is away', () => pollsOf(w.sim, w.accountId).length >= polledBefore + 2);
            await new Promise((resolve) => setTimeout(resolve, Math.max(0, listedUntil - Date.now()) + 200));
            // Not written yet (read past the outage).
            expect(await database().db.selectFrom('offer_logs').select('id').where('user_id', '=', w.driver.id).where('offer_id', '=', 'cheap').executeTakeFirst()).toBeUndefined();
            outage.up();
            const row = await waitFor('the ignored offer logged', () => logOf(w.ctx, w.driver.id, 'cheap'));
            expect(row).toMatchObject({ action: 'BLOCK_IGNORE', reason: 'pay' });
            expect((await logsOf(w.ctx, w.driver.id)).filter((r) => r.offer_id === 'cheap')).toHaveLength(1);
          } finally {
            outage.up();
            await w.close();
          }
        });

        it('removes the attempt of an accept lost to a rival while the database was away, once it is back', async () => {
          const outage = withOutage(database());
          // The accept is held 6 s: the database must go while it is out, and a test process slowed
          // by a loaded machine still sees the attempt and takes the database down within that.
          const w = await world(outage.database, { timeoutMs: 10_000 });
          try {
            w.sim.control.setFaults({ rules: [{ kind: 'latency', latencyMs: 6000, accountId: w.accountId, paths: ['/AcceptOffer'], remaining: 1 }] });
            await w.start();
            await waitForPolls(w, 1);
            w.sim.control.injectOffer({ serviceAreaId: w.area, offerId: 'contested', startTime: tomorrowAt(3), durationHours: 2, priceAmount: 120, rivalDelayMs: 2000 });
            // The attempt is written before the platform is asked; the database goes while it answers.
            const attempts = () => database().db.selectFrom('accept_attempts').selectAll().where('user_id', '=', w.driver.id).execute();
            await waitFor('the attempt written', async () => (await attempts()).length === 1);
            outage.down();
            await waitFor('the platform answered 410', () => w.sim.control.readRecord({ accountId: w.accountId }).accepts.length === 1);
            await new Promise((resolve) => setTimeout(resolve, 500));
            expect(await attempts()).toHaveLength(1);
            outage.up();
            await waitFor('the attempt removed', async () => (await attempts()).length === 0);
            expect(await waitFor('the lost offer logged', () => logOf(w.ctx, w.driver.id, 'contested'))).toMatchObject({ action: 'BLOCK_IGNORE', reason: 'taken', cost_cents: 0 });
            expect(await feesOf(w.ctx, w.driver.id)).toEqual([]);
          } finally {
            outage.up();
            await w.close();
          }
        });

        it('survives 5xx, resets and latency: keeps searching and accepts once the platform recovers', async () => {
          const w = await world(database());
          try {
            w.sim.control.setFaults({
              rules: [
                { kind: 'serverError', status: 503, accountId: w.accountId, paths: [POLLS], remaining: 2 },
                { kind: 'reset', accountId: w.accountId, paths: [POLLS], remaining: 1 },
                { kind: 'latency', latencyMs: 400, accountId: w.accountId, paths: [POLLS], remaining: 2 },
              ],
            });
            await w.start();
            await waitFor('the faults spent', () => w.sim.control.getFaults().rules.every((r) => r.remaining === 0 || r.kind === 'latency'), 15_000);
            expect((await userState(w.ctx, w.driver.id)).searching).toBe(true);
            expect(w.ctx.search.has(w.driver.id)).toBe(true);
            w.sim.control.injectOffer({ serviceAreaId: w.area, offerId: 'after-faults', startTime: tomorrowAt(4), durationHours: 3, priceAmount: 150 });
            expect(await waitFor('accepted after the faults', () => logOf(w.ctx, w.driver.id, 'after-faults'), 15_000)).toMatchObject({ action: 'BLOCK_ACCEPT' });
            const outcomes = pollsOf(w.sim, w.accountId).map((p) => p.outcome);
            expect(outcomes.filter((o) => o === 'fault_server_error')).toHaveLength(2);
            expect(outcomes.filter((o) => o === 'fault_reset')).toHaveLength(1);
          } finally {
            await w.close();
          }
        });

        it('backs off when throttled: the polls slow down (growing, capped), then resume their pace', async () => {
          const sentAt: number[] = [];
          const logged: LogLine[] = [];
          const w = await world(database(), { sent: { pollsSentAt: sentAt }, logged });
          try {
            w.sim.control.setFaults({ rules: [{ kind: 'throttle', accountId: w.accountId, paths: [POLLS], remaining: 3 }] });
            await w.start();
            await waitForPolls(w, 6);
            const polls = pollsOf(w.sim, w.accountId);
            expect(polls.map((p) => p.outcome).slice(0, 4)).toEqual(['fault_throttle', 'fault_throttle', 'fault_throttle', 'ok']);
            // The waits the engine planned: backoff 250, 500, 1000 (doubling, jitter pinned to its
            // maximum), then none once a poll went through.
            const backoffs = logged.filter((line) => line.msg === 'backing off before the next poll');
            expect(backoffs.slice(0, 3).map((line) => [line.waitMs, line.failuresInARow])).toEqual([
              [250, 1],
              [500, 2],
              [1000, 3],
            ]);
            // As sent: at least refreshInterval 1000 + that backoff, then 1000 again. Timers are never
            // early, only late on a busy machine, so these are lower bounds (docs/ENGINE.md "Pace").
            const sent = sentAt.slice(1, 5).map((t, i) => t - sentAt[i]!);
            [1250, 1500, 2000, 1000].forEach((expected, i) => expect(sent[i]).toBeGreaterThanOrEqual(expected));
            // Once the pace is back, no further backoff was planned.
            const afterRecovery = logged.slice(logged.indexOf(backoffs[2]!) + 1);
            expect(afterRecovery.filter((line) => line.msg === 'backing off before the next poll')).toEqual([]);
            expect((await userState(w.ctx, w.driver.id)).searching).toBe(true);
            expect(healthTotals(w.ctx).throttled).toBe(3);
          } finally {
            await w.close();
          }
        });

        it('never polls sooner than refreshInterval after the previous poll STARTED, even when answers are slow', async () => {
          const sent: SentCalls = { pollsSentAt: [], pollLags: [] };
          const w = await world(database(), { sent });
          try {
            w.sim.control.setFaults({ rules: [{ kind: 'latency', latencyMs: 600, accountId: w.accountId, paths: [POLLS] }] });
            await w.start();
            await waitForPolls(w, 5);
            const sentAt = sent.pollsSentAt!;
            const sentGaps = gapsBetween(sentAt);
            expect(sentGaps.length).toBeGreaterThanOrEqual(4);
            // As sent: never sooner than the 1000 ms the platform asks for, counted from the previous
            // poll's start, not from its answer 600 ms later.
            for (const gap of sentGaps) expect(gap).toBeGreaterThanOrEqual(1000);
            // As planned (each gap less the event loop's delay in firing it): counted from the start,
            // the interval plus the round trip's allowance, at most 1250 (docs/ENGINE.md "Pace");
            // counted from the answer it would be 1600 or more.
            const plannedGaps = sentGaps.map((gap, i) => gap - sent.pollLags![i + 1]!);
            for (const gap of plannedGaps) expect(gap).toBeLessThan(1550);
            // As the platform saw them: the same pace, give or take the simulator's event loop (it
            // shares this process with the other tests and PGlite: a loaded CI run saw a median of
            // 989 ms). The exact bound is the one on the sent gaps above.
            expect(medianOf(gapsOf(pollsOf(w.sim, w.accountId)))).toBeGreaterThanOrEqual(950);
          } finally {
            await w.close();
          }
        });

        it('pauses on a puzzle: puzzleRequired set, searching off, the driver told to solve it in the app', async () => {
          const w = await world(database());
          try {
            w.sim.control.setFaults({ rules: [{ kind: 'captcha', accountId: w.accountId, paths: [POLLS] }] });
            await w.start();
            await waitFor('the search paused', async () => !(await userState(w.ctx, w.driver.id)).searching);
            expect(await userState(w.ctx, w.driver.id)).toMatchObject({ searching: false, puzzle_required: true, flex_connected: true });
            expect(healthTotals(w.ctx)).toMatchObject({ puzzles: 1, accepted: 0 });
            await waitFor('the runner let go', () => !w.ctx.search.has(w.driver.id));
            await w.ctx.background.drain();
            const mail = await w.ctx.db
              .selectFrom('outbox')
              .select(['subject', 'text'])
              .where('to_address', '=', w.driver.email)
              .where('subject', 'not like', SIGN_UP_MAIL)
              .execute();
            expect(mail).toEqual([expect.objectContaining({ subject: expect.stringMatching(/puzzle/), text: expect.stringMatching(/never solves/) })]);
            const polls = pollsOf(w.sim, w.accountId).length;
            await new Promise((resolve) => setTimeout(resolve, 1300));
            expect(pollsOf(w.sim, w.accountId)).toHaveLength(polls);
          } finally {
            await w.close();
          }
        });

        it('stops on a signing demand (420) with a clear message, and on 401 with "connect again"', async () => {
          const signing = await world(database());
          const revoked = await world(database());
          try {
            signing.sim.control.setFaults({ rules: [{ kind: 'signing', accountId: signing.accountId, paths: [POLLS] }] });
            revoked.sim.control.setFaults({ rules: [{ kind: 'unauthorized', accountId: revoked.accountId, paths: [POLLS] }] });
            await Promise.all([signing.start(), revoked.start()]);
            await waitFor('both stopped', async () => !(await userState(signing.ctx, signing.driver.id)).searching && !(await userState(revoked.ctx, revoked.driver.id)).searching);
            expect(await userState(signing.ctx, signing.driver.id)).toMatchObject({ flex_connected: true, puzzle_required: false });
            expect(await userState(revoked.ctx, revoked.driver.id)).toMatchObject({ flex_connected: false, puzzle_required: false });
            await Promise.all([signing.ctx.background.drain(), revoked.ctx.background.drain()]);
            const subjects = async (w: World) =>
              (await w.ctx.db.selectFrom('outbox').select('subject').where('to_address', '=', w.driver.email).where('subject', 'not like', SIGN_UP_MAIL).execute()).map(
                (m) => m.subject,
              );
            expect(await subjects(signing)).toEqual([expect.stringMatching(/verify your device/)]);
            expect(await subjects(revoked)).toEqual([expect.stringMatching(/connect your Amazon Flex account again/)]);
          } finally {
            await Promise.all([signing.close(), revoked.close()]);
          }
        });

        it('refreshes an expired access token and keeps searching; the new token is stored sealed', async () => {
          const w = await world(database());
          try {
            const before = await w.ctx.db
              .selectFrom('platform_accounts')
              .select(['access_token', 'access_expires_at'])
              .where('user_id', '=', w.driver.id)
              .executeTakeFirstOrThrow();
            await w.start();
            await waitForPolls(w, 2);
            expect(w.sim.control.expireToken({ accountId: w.accountId }).expired).toBeGreaterThan(0);
            const expiredAt = pollsOf(w.sim, w.accountId).length;
            await waitForPolls(w, expiredAt + 3);
            const record = w.sim.control.readRecord({ accountId: w.accountId }).requests;
            expect(record.filter((r) => r.outcome === 'token_expired').length).toBeGreaterThanOrEqual(1);
            expect(record.some((r) => r.path === '/auth/token' && r.status === 200)).toBe(true);
            expect(
              record
                .filter((r) => r.path === POLLS)
                .slice(-2)
                .map((r) => r.outcome),
            ).toEqual(['ok', 'ok']);
            const after = await waitFor('the new token stored', async () => {
              const row = await w.ctx.db.selectFrom('platform_accounts').select(['access_token', 'access_expires_at']).where('user_id', '=', w.driver.id).executeTakeFirstOrThrow();
              return row.access_token !== before.access_token && row;
            });
            const account = await loadPlatformAccount(w.ctx.db, w.ctx.tokenCipher, w.driver.id);
            expect(account!.tokens.accessToken).toMatch(/^Atna\|/);
            expect(after.access_token).not.toContain(account!.tokens.accessToken);
            expect((await userState(w.ctx, w.driver.id)).searching).toBe(true);
          } finally {
            await w.close();
          }
        });

        it('never double-logs or double-charges: an offer seen on many polls, and two processes polling one driver', async () => {
          const w = await world(database());
          try {
            w.sim.control.injectOffer({ serviceAreaId: w.area, offerId: 'lingering', startTime: tomorrowAt(1), durationHours: 2, priceAmount: 20 });
            const other = w.anotherProcess();
            await w.start();
            await w.start(other);
            await waitForPolls(w, 6);
            w.sim.control.injectOffer({ serviceAreaId: w.area, offerId: 'wanted', startTime: tomorrowAt(5), durationHours: 3, priceAmount: 150 });
            await waitFor('the wanted offer accepted', async () => (await logOf(w.ctx, w.driver.id, 'wanted'))?.action === 'BLOCK_ACCEPT');
            await waitForPolls(w, pollsOf(w.sim, w.accountId).length + 4);
            const rows = await logsOf(w.ctx, w.driver.id);
            expect(rows.map((r) => [r.offer_id, r.action])).toEqual([
              ['lingering', 'BLOCK_IGNORE'],
              ['wanted', 'BLOCK_ACCEPT'],
            ]);
            expect(await feesOf(w.ctx, w.driver.id)).toHaveLength(1);
            expect((await userState(w.ctx, w.driver.id)).credit_cents).toBe(1000 - FEE_OF_150);
            expect(w.sim.control.findViolations().doubleAccepts).toEqual([]);
            expect(w.sim.control.readRecord({ accountId: w.accountId }).accepts.filter((a) => a.won)).toHaveLength(1);
          } finally {
            await w.close();
          }
        });

        it('never accepts a block overlapping the schedule, and never charges for blocks booked outside BlockPilot', async () => {
          const w = await world(database());
          try {
            const start = tomorrowAt(6);
            // The driver booked a block in the platform's own app.
            w.sim.control.injectOffer({ serviceAreaId: w.area, offerId: 'booked-in-app', startTime: start, durationHours: 4, priceAmount: 100 });
            const account = await loadPlatformAccount(w.ctx.db, w.ctx.tokenCipher, w.driver.id);
            expect((await openPlatformSession(w.ctx, account!).acceptOffer('booked-in-app')).ok).toBe(true);
            await w.start();
            w.sim.control.injectOffer({ serviceAreaId: w.area, offerId: 'clash', startTime: start + 3600, durationHours: 2, priceAmount: 200 });
            w.sim.control.injectOffer({ serviceAreaId: w.area, offerId: 'after', startTime: start + 4 * 3600, durationHours: 2, priceAmount: 150 });
            w.sim.control.injectOffer({ serviceAreaId: w.area, offerId: 'same-as-after', startTime: start + 5 * 3600, durationHours: 2, priceAmount: 140 });
            const rows = await waitFor('three offers logged', async () => {
              const found = await logsOf(w.ctx, w.driver.id);
              return found.length === 3 && found;
            });
            const byOffer = Object.fromEntries(rows.map((r) => [r.offer_id, [r.action, r.reason]]));
            // Back-to-back with the booked block is fine; the next best overlaps the block just accepted.
            expect(byOffer).toEqual({ clash: ['BLOCK_IGNORE', 'overlap'], after: ['BLOCK_ACCEPT', null], 'same-as-after': ['BLOCK_IGNORE', 'overlap'] });
            expect(await feesOf(w.ctx, w.driver.id)).toHaveLength(1);
          } finally {
            await w.close();
          }
        });

        it('ignores a block whose fee the credit cannot pay, and accepts one it can', async () => {
          const w = await world(database());
          try {
            await w.ctx.db.transaction().execute((trx) => charge(trx, w.driver.id, `membership:spent-${w.driver.id}`, 900));
            await setFilters(w.ctx, w.driver.id, [anyBlockFilter([w.area], { pay: [0, 100] })]);
            await w.start();
            w.sim.control.injectOffer({ serviceAreaId: w.area, offerId: 'dear', startTime: tomorrowAt(2), durationHours: 3, priceAmount: 150 });
            w.sim.control.injectOffer({ serviceAreaId: w.area, offerId: 'affordable', startTime: tomorrowAt(10), durationHours: 2, priceAmount: 25 });
            await waitFor('both logged', async () => (await logsOf(w.ctx, w.driver.id)).length === 2);
            expect(await logOf(w.ctx, w.driver.id, 'dear')).toMatchObject({ action: 'BLOCK_IGNORE', reason: 'credit' });
            expect(await logOf(w.ctx, w.driver.id, 'affordable')).toMatchObject({ action: 'BLOCK_ACCEPT', cost_cents: 88 });
            expect((await userState(w.ctx, w.driver.id)).credit_cents).toBe(100 - 88);
          } finally {
            await w.close();
          }
        });

        it('charges no fee during a trial or a membership', async () => {
          const w = await world(database());
          try {
            const day = 86_400_000;
            await w.ctx.db
              .updateTable('users')
              .set({ trial_ends_at: new Date(w.ctx.clock.now().getTime() + day) })
              .where('id', '=', w.driver.id)
              .execute();
            await w.start();
            w.sim.control.injectOffer({ serviceAreaId: w.area, offerId: 'in-trial', startTime: tomorrowAt(2), durationHours: 3, priceAmount: 150 });
            expect(await waitFor('accepted in the trial', () => logOf(w.ctx, w.driver.id, 'in-trial'))).toMatchObject({ action: 'BLOCK_ACCEPT', cost_cents: 0 });
            await w.ctx.db
              .updateTable('users')
              .set({ trial_ends_at: new Date(0), membership_ends_at: new Date(w.ctx.clock.now().getTime() + day) })
              .where('id', '=', w.driver.id)
              .execute();
            w.sim.control.injectOffer({ serviceAreaId: w.area, offerId: 'member', startTime: tomorrowAt(12), durationHours: 3, priceAmount: 150 });
            expect(await waitFor('accepted as a member', () => logOf(w.ctx, w.driver.id, 'member'))).toMatchObject({ action: 'BLOCK_ACCEPT', cost_cents: 0 });
            expect(await feesOf(w.ctx, w.driver.id)).toEqual([]);
            expect((await userState(w.ctx, w.driver.id)).credit_cents).toBe(1000);
          } finally {
            await w.close();
          }
        });

        it('settles an accept whose answer was lost (a timeout) from the schedule: logged and charged once', async () => {
          // The accept's answer comes well after the timeout; every other call has the whole
          // timeout, so a busy machine does not time out the polls and schedule reads as well.
          const w = await world(database(), { timeoutMs: 2_000 });
          try {
            w.sim.control.setFaults({ rules: [{ kind: 'latency', latencyMs: 3_000, accountId: w.accountId, paths: ['/AcceptOffer'], remaining: 1 }] });
            await w.start();
            w.sim.control.injectOffer({ serviceAreaId: w.area, offerId: 'slow', startTime: tomorrowAt(2), durationHours: 3, priceAmount: 150 });
            await waitFor('accepted after the lost answer', async () => (await logOf(w.ctx, w.driver.id, 'slow'))?.action === 'BLOCK_ACCEPT', 20_000);
            await waitFor('no attempt left', async () => (await w.ctx.db.selectFrom('accept_attempts').selectAll().where('user_id', '=', w.driver.id).execute()).length === 0);
            expect(await feesOf(w.ctx, w.driver.id)).toHaveLength(1);
            expect(w.sim.control.schedule(w.accountId)).toHaveLength(1);
          } finally {
            await w.close();
          }
        });

        it('reconciles on start: a block booked before a crash is logged and charged once; an attempt never booked is settled', async () => {
          const w = await world(database());
          try {
            const now = w.ctx.clock.now();
            const offerFacts = (offerId: string, startTime: number) => ({
              offerId,
              startTime,
              endTime: startTime + 3 * 3600,
              serviceAreaId: w.area,
              priceAmount: 150,
              currency: 'USD',
            });
            // The dead process wrote its attempt and the platform booked the block; the log write never happened.
            const crashed = offerFacts('crashed', tomorrowAt(2));
            w.sim.control.injectOffer({ serviceAreaId: w.area, offerId: 'crashed', startTime: crashed.startTime, durationHours: 3, priceAmount: 150 });
            await writeIntent(w.ctx.db, { userId: w.driver.id, offer: crashed, discoveredAt: now, feeCents: FEE_OF_150, createdAt: now });
            const account = await loadPlatformAccount(w.ctx.db, w.ctx.tokenCipher, w.driver.id);
            expect((await openPlatformSession(w.ctx, account!).acceptOffer('crashed')).ok).toBe(true);
            // An attempt from 20 minutes ago whose block never made it to the schedule.
            const longAgo = new Date(now.getTime() - 20 * 60_000);
            await writeIntent(w.ctx.db, { userId: w.driver.id, offer: offerFacts('lost', tomorrowAt(9)), discoveredAt: longAgo, feeCents: FEE_OF_150, createdAt: longAgo });

            await w.start();
            await waitFor('both settled', async () => (await logsOf(w.ctx, w.driver.id)).length === 2);
            expect(await logOf(w.ctx, w.driver.id, 'crashed')).toMatchObject({ action: 'BLOCK_ACCEPT', cost_cents: FEE_OF_150 });
            expect(await logOf(w.ctx, w.driver.id, 'lost')).toMatchObject({ action: 'BLOCK_IGNORE', reason: 'failed', cost_cents: 0 });
            expect(await w.ctx.db.selectFrom('accept_attempts').selectAll().where('user_id', '=', w.driver.id).execute()).toEqual([]);

            // Starting again settles nothing twice.
            await w.ctx.search.stop(w.driver.id);
            await w.start();
            await waitForPolls(w, pollsOf(w.sim, w.accountId).length + 2);
            expect(await logsOf(w.ctx, w.driver.id)).toHaveLength(2);
            expect(await feesOf(w.ctx, w.driver.id)).toEqual([expect.objectContaining({ amountCents: -FEE_OF_150 })]);
            expect((await userState(w.ctx, w.driver.id)).credit_cents).toBe(1000 - FEE_OF_150);
          } finally {
            await w.close();
          }
        });

        it('keeps the pace the platform sets at run time: slower at once, never faster than the latest refreshInterval', async () => {
          const sentAt: number[] = [];
          const w = await world(database(), { sent: { pollsSentAt: sentAt } });
          try {
            await w.start();
            await waitForPolls(w, 2);
            w.sim.control.setPace({ refreshIntervalMs: 1500 });
            const sentBefore = sentAt.length;
            const seenBefore = pollsOf(w.sim, w.accountId).length;
            await waitForPolls(w, seenBefore + 5);
            // As sent (the exact bound): the first poll to leave after the change may have been
            // timed by an answer that still brought the old interval; the one after it was timed
            // by an answer given after the change, and so was every later one.
            const sentGaps = gapsBetween(sentAt.slice(sentBefore));
            expect(sentGaps.length).toBeGreaterThanOrEqual(4);
            for (const gap of sentGaps) expect(gap).toBeGreaterThanOrEqual(1500);
            // As the platform saw them: the same pace, give or take when the simulator, sharing this
            // process's event loop with the other tests, stamps an arrival (see the slow-answers test).
            expect(medianOf(gapsOf(pollsOf(w.sim, w.accountId).slice(seenBefore + 1)))).toBeGreaterThanOrEqual(1450);
          } finally {
            await w.close();
          }
        });

        it('counts the pace from when a poll left: one held up by a token refresh and its retry is not followed too soon', async () => {
          const w = await world(database());
          try {
            await w.start();
            await waitForPolls(w, 2);
            // The next poll waits 800 ms for an answer that says its token expired; the engine
            // refreshes the token and sends the poll again, about 800 ms after it first called.
            w.sim.control.setFaults({
              rules: [
                { kind: 'latency', latencyMs: 800, accountId: w.accountId, paths: [POLLS], remaining: 1 },
                { kind: 'tokenExpiry', accountId: w.accountId, paths: [POLLS], remaining: 1 },
              ],
            });
            const retried = await waitFor('the poll sent again after the refresh', () => {
              const polls = pollsOf(w.sim, w.accountId);
              const expired = polls.findIndex((poll) => poll.status === 403);
              return expired >= 0 && polls.length >= expired + 4 && expired;
            });
            // From the retry on, every poll keeps the platform's 1000 ms, as the platform judges it.
            const after = pollsOf(w.sim, w.accountId).slice(retried + 1);
            expect(after[0]!.status).toBe(200);
            expect(after.filter((poll) => poll.tooFastPoll)).toEqual([]);
            for (const gap of gapsOf(after)) expect(gap).toBeGreaterThanOrEqual(1000);
          } finally {
            await w.close();
          }
        });

        it('never accepts a hidden offer: it is logged as ignored with its own reason', async () => {
          const w = await world(database());
          try {
            await w.start();
            w.sim.control.injectOffer({ serviceAreaId: w.area, offerId: 'hidden', startTime: tomorrowAt(2), durationHours: 3, priceAmount: 150, hidden: true });
            expect(await waitFor('the hidden offer logged', () => logOf(w.ctx, w.driver.id, 'hidden'))).toMatchObject({ action: 'BLOCK_IGNORE', reason: 'hidden' });
            expect(w.sim.control.readRecord({ accountId: w.accountId }).accepts).toEqual([]);
          } finally {
            await w.close();
          }
        });

        it('takes several matches of one listing at once: best first, the next non-overlapping ones, never past the credit', async () => {
          const acceptsSent: string[] = [];
          const w = await world(database(), { sent: { acceptsSent } });
          try {
            // Credit 1000. best (fee 525) and third (fee 350) fit together; clash overlaps best;
            // tooMuch (fee 525) would pass the credit once best and third are charged.
            const day = tomorrowAt(2);
            w.sim.control.injectOffer({ serviceAreaId: w.area, offerId: 'best', startTime: day, durationHours: 3, priceAmount: 150 });
            w.sim.control.injectOffer({ serviceAreaId: w.area, offerId: 'clash', startTime: day + 3600, durationHours: 3, priceAmount: 140 });
            w.sim.control.injectOffer({ serviceAreaId: w.area, offerId: 'third', startTime: day + 86_400, durationHours: 3, priceAmount: 100 });
            w.sim.control.injectOffer({ serviceAreaId: w.area, offerId: 'tooMuch', startTime: day + 2 * 86_400, durationHours: 3, priceAmount: 150 });
            await w.start();
            const rows = await waitFor('every offer logged', async () => {
              const found = await logsOf(w.ctx, w.driver.id);
              return found.length === 4 && found;
            });
            const byId = Object.fromEntries(rows.map((r) => [r.offer_id, r]));
            expect(byId.best).toMatchObject({ action: 'BLOCK_ACCEPT', cost_cents: 525 });
            expect(byId.third).toMatchObject({ action: 'BLOCK_ACCEPT', cost_cents: 350 });
            expect(byId.clash).toMatchObject({ action: 'BLOCK_IGNORE', reason: 'overlap' });
            expect(byId.tooMuch).toMatchObject({ action: 'BLOCK_IGNORE', reason: 'credit' });
            expect((await userState(w.ctx, w.driver.id)).credit_cents).toBe(1000 - 525 - 350);
            // Both accepts left after the same poll, best first, before the next poll (they travel
            // on two connections at once, so the platform may receive them in either order).
            expect(acceptsSent).toEqual(['best', 'third']);
            const record = w.sim.control.readRecord({ accountId: w.accountId });
            const accepts = record.requests.filter((r) => r.path === '/AcceptOffer');
            expect(record.accepts.map((a) => a.offerId).sort()).toEqual(['best', 'third']);
            const pollBefore = record.requests.filter((r) => r.path === POLLS && r.startTick < accepts[0]!.startTick).at(-1)!;
            const pollAfter = record.requests.find((r) => r.path === POLLS && r.startTick > pollBefore.startTick);
            for (const accept of accepts) expect(accept.startTick).toBeLessThan(pollAfter?.startTick ?? Infinity);
          } finally {
            await w.close();
          }
        });

        it('keeps to the request budget: a burst of matches is never throttled, and what was not sent is taken on later polls', async () => {
          const limit = { PLATFORM_RATE_LIMIT_MAX: '40', PLATFORM_RATE_LIMIT_WINDOW_MS: '10000' };
          const w = await world(database(), { sim: { rateLimitMax: 40, rateLimitWindowMs: 10_000 }, env: limit });
          try {
            // A trial: no fees, so only the budget limits the burst.
            await w.ctx.db
              .updateTable('users')
              .set({ trial_ends_at: new Date(Date.now() + 86_400_000) })
              .where('id', '=', w.driver.id)
              .execute();
            const offers = Array.from({ length: 12 }, (_, i) => `burst-${i}`);
            offers.forEach((offerId, i) =>
              w.sim.control.injectOffer({ serviceAreaId: w.area, offerId, startTime: tomorrowAt(0) + i * 4 * 3600, durationHours: 3, priceAmount: 150 }),
            );
            await w.start();
            await waitFor(
              'every offer of the burst accepted',
              async () => (await logsOf(w.ctx, w.driver.id)).filter((r) => r.action === 'BLOCK_ACCEPT').length === offers.length,
              30_000,
            );
            const record = w.sim.control.readRecord({ accountId: w.accountId });
            expect(record.requests.filter((r) => r.outcome === 'rate_limited')).toEqual([]);
            expect(record.accepts.filter((a) => a.won)).toHaveLength(offers.length);
            // Never more than the engine's share (32) of the 40 allowed in any 10 s.
            const starts = record.requests.map((r) => r.startedAt).sort((a, b) => a - b);
            let first = 0;
            for (let last = 0; last < starts.length; last++) {
              while (starts[last]! - starts[first]! >= 10_000) first++;
              expect(last - first + 1).toBeLessThanOrEqual(32);
            }
          } finally {
            await w.close();
          }
        });

        it('never books over a block the driver took by hand while searching: the schedule is read again within its interval', async () => {
          const w = await world(database(), { timings: { scheduleRefreshMs: 1000 } });
          try {
            await w.start();
            await waitForPolls(w, 1);
            // The driver takes a block in the platform's own app (below the filter's pay: the engine leaves it).
            const start = tomorrowAt(4);
            w.sim.control.injectOffer({ serviceAreaId: w.area, offerId: 'by-hand', startTime: start, durationHours: 3, priceAmount: 40 });
            const account = await loadPlatformAccount(w.ctx.db, w.ctx.tokenCipher, w.driver.id);
            expect((await openPlatformSession(w.ctx, account!).acceptOffer('by-hand')).ok).toBe(true);
            const schedulesBefore = w.sim.control.readRecord({ accountId: w.accountId }).requests.filter((r) => r.path === '/scheduledAssignments').length;
            await waitFor(
              'the schedule read again',
              () => w.sim.control.readRecord({ accountId: w.accountId }).requests.filter((r) => r.path === '/scheduledAssignments').length > schedulesBefore,
            );
            w.sim.control.injectOffer({ serviceAreaId: w.area, offerId: 'clash', startTime: start + 3600, durationHours: 3, priceAmount: 150 });
            expect(await waitFor('the clash logged', () => logOf(w.ctx, w.driver.id, 'clash'))).toMatchObject({ action: 'BLOCK_IGNORE', reason: 'overlap' });
            expect(w.sim.control.schedule(w.accountId)).toHaveLength(1);
          } finally {
            await w.close();
          }
        });

        it('reads the schedule again at once after a booking, and counts the booking as booked until it is listed', async () => {
          const w = await world(database(), { timings: { scheduleRefreshMs: 60_000 } });
          try {
            await w.start();
            const start = tomorrowAt(6);
            w.sim.control.injectOffer({ serviceAreaId: w.area, offerId: 'first', startTime: start, durationHours: 3, priceAmount: 150 });
            await waitFor('first accepted', async () => (await logOf(w.ctx, w.driver.id, 'first'))?.action === 'BLOCK_ACCEPT');
            const record = w.sim.control.readRecord({ accountId: w.accountId });
            const accept = record.requests.find((r) => r.path === '/AcceptOffer')!;
            await waitFor('a schedule read after the accept', () =>
              w.sim.control.readRecord({ accountId: w.accountId }).requests.some((r) => r.path === '/scheduledAssignments' && r.startTick > accept.endTick),
            );
            w.sim.control.injectOffer({ serviceAreaId: w.area, offerId: 'second', startTime: start + 1800, durationHours: 3, priceAmount: 160 });
            expect(await waitFor('second logged', () => logOf(w.ctx, w.driver.id, 'second'))).toMatchObject({ action: 'BLOCK_IGNORE', reason: 'overlap' });
          } finally {
            await w.close();
          }
        });

        it('spends a top-up made while searching at once: an offer the credit could not cover before is taken after it', async () => {
          const w = await world(database());
          try {
            await w.ctx.db.transaction().execute((trx) => charge(trx, w.driver.id, 'membership:spent-before-the-test', 900));
            await w.start();
            w.sim.control.injectOffer({ serviceAreaId: w.area, offerId: 'before-topup', startTime: tomorrowAt(2), durationHours: 3, priceAmount: 150 });
            expect(await waitFor('ignored for credit', () => logOf(w.ctx, w.driver.id, 'before-topup'))).toMatchObject({ reason: 'credit' });
            const pausedFor = async () =>
              (await w.ctx.db.selectFrom('users').select('search_paused_for').where('id', '=', w.driver.id).executeTakeFirstOrThrow()).search_paused_for;
            // The pause is written after the entry; the search ends it only once it has reloaded the credit.
            await waitFor('paused for credit', async () => (await pausedFor()) === 'credit');
            const url = await createOrder(w.ctx, w.driver.id, { topupCents: 1000 });
            expect(await applyPaymentEvent(w.ctx, { type: 'paid', orderId: url.split('/').pop()!, amountCents: 1000 })).toBe('paid');
            await waitFor('the search holding the new credit (its pause ended)', async () => (await pausedFor()) === null);
            w.sim.control.injectOffer({ serviceAreaId: w.area, offerId: 'after-topup', startTime: tomorrowAt(8), durationHours: 3, priceAmount: 150 });
            expect(await waitFor('accepted after the top-up', () => logOf(w.ctx, w.driver.id, 'after-topup'))).toMatchObject({ action: 'BLOCK_ACCEPT', cost_cents: FEE_OF_150 });
            expect((await userState(w.ctx, w.driver.id)).credit_cents).toBe(100 + 1000 - FEE_OF_150);
          } finally {
            await w.close();
          }
        });

        it('stops within one poll, and matches with new filters from the next poll after a change', async () => {
          const w = await world(database());
          try {
            await w.start();
            w.sim.control.injectOffer({ serviceAreaId: w.area, offerId: 'forty-a', startTime: tomorrowAt(2), durationHours: 2, priceAmount: 40 });
            expect(await waitFor('ignored at 60 and up', () => logOf(w.ctx, w.driver.id, 'forty-a'))).toMatchObject({ reason: 'pay' });
            await setFilters(w.ctx, w.driver.id, [anyBlockFilter([w.area], { pay: [10, 100] })]);
            w.ctx.search.changed(w.driver.id, 'filters');
            w.sim.control.injectOffer({ serviceAreaId: w.area, offerId: 'forty-b', startTime: tomorrowAt(5), durationHours: 2, priceAmount: 40 });
            expect(await waitFor('accepted at 30 and up', () => logOf(w.ctx, w.driver.id, 'forty-b'))).toMatchObject({ action: 'BLOCK_ACCEPT' });

            await w.ctx.search.stop(w.driver.id);
            expect(w.ctx.search.has(w.driver.id)).toBe(false);
            const polls = pollsOf(w.sim, w.accountId).length;
            await new Promise((resolve) => setTimeout(resolve, 1300));
            expect(pollsOf(w.sim, w.accountId)).toHaveLength(polls);
          } finally {
            await w.close();
          }
        });
      });

      describe('restarting', () => {
        it('a new process resumes every driver whose search was running', async () => {
          const w = await world(database());
          try {
            // The other tests' drivers are done: only this one is searching.
            await w.ctx.db.updateTable('users').set({ searching: false }).where('id', '<>', w.driver.id).execute();
            await w.start();
            await waitForPolls(w, 1);
            await closeContext(w.ctx);
            expect((await userState(w.ctx, w.driver.id)).searching).toBe(true);

            const restarted = w.anotherProcess();
            expect(await restarted.search.resumeAll()).toBe(1);
            w.sim.control.injectOffer({ serviceAreaId: w.area, offerId: 'after-restart', startTime: tomorrowAt(2), durationHours: 3, priceAmount: 150 });
            expect(await waitFor('accepted by the new process', () => logOf(restarted, w.driver.id, 'after-restart'))).toMatchObject({ action: 'BLOCK_ACCEPT' });
            expect(restarted.search.has(w.driver.id)).toBe(true);
          } finally {
            await w.close();
          }
        });
      });
    });
  }),
);
