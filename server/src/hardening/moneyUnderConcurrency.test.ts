/**
 * Suite 4, money under concurrency: two servers on one database, one taking payments through
 * Stripe and one through the dev checkout (and running the search engine against the platform
 * simulator), drivers signing up with invite codes, orders opened at once, then every report of
 * every order (webhooks replayed, out of order, with wrong amounts or forged signatures; dev
 * checkout completions and cancels) fired together with fees charged and refunded through the
 * ledger, replayed and racing, new offers the engine accepts (and charges) meanwhile, and
 * forfeits of blocks it accepted before, some sent two or three times at once. Afterwards the
 * books must be exact (ledgerAudit.ts), and every block the platform booked is in the log.
 */
import { after, before, it } from 'node:test';
import { expect } from 'expect';
import type { LightMyRequestResponse } from 'fastify';
import type { Simulator } from '@blockpilot/platform-sim';
import type { AppContext } from '../context.js';
import { charge, ledgerKey, refund } from '../domain/ledger.js';
import { loadPlatformAccount } from '../domain/platformAccounts.js';
import { bearer, type TestDriver } from '../../test/app.js';
import { simulatorEnv } from '../../test/config.js';
import { testContext } from '../../test/context.js';
import { describeEachDatabase } from '../../test/databases.js';
import { connectWithAnyBlockFilter, startSimulator, tomorrowAt, userRow, waitFor } from '../../test/platform.js';
import { checkoutEvent, fakeStripeApi, fakeStripeGateway, stripeEnv, stripeSignature, type FakeStripeApi } from '../../test/stripe.js';
import { itLoggedNoSecrets, startHardenedApp, type HardenedApp } from '../../test/hardening/hardenedApp.js';
import { auditLedger } from '../../test/hardening/ledgerAudit.js';
import { planEngineOperations, planMoneyOperations, type MoneyOperation, type PlannedOrder, type SearchingDriver } from '../../test/hardening/moneyPlan.js';
import { SeededRandom } from '../../test/hardening/seededRandom.js';

const SEED = 20_260_707;
const ORDERS = 700;
const FEE_LOGS_PER_DRIVER = 16;
const INVITERS = 10;
const INVITED_PER_INVITER = 3;
const OTHER_DRIVERS = 20;
/** Of the other drivers, this many search with the engine. */
const SEARCHING_DRIVERS = 10;
/** Offers each searching driver gets before the storm (accepted then, forfeited during it) and during it. */
const OFFERS_BEFORE = 3;
const OFFERS_DURING = 2;
/** A 30.00 offer: fee 105 cents. */
const OFFER_PRICE = 30;

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

/** The platform's request limit the storm runs with (the simulator is started with the same). */
const PLATFORM_LIMIT = { PLATFORM_RATE_LIMIT_MAX: '40', PLATFORM_RATE_LIMIT_WINDOW_MS: '10000' };

describeEachDatabase('money under concurrency', (database) => {
  let stripeApp: HardenedApp;
  let devApp: HardenedApp;
  let api: FakeStripeApi;
  let ctx: AppContext;
  let sim: Simulator;
  before(async () => {
    api = fakeStripeApi();
    let url: string;
    // A platform limit of 40 per 10 s (both sides), so each driver's forfeit share holds two calls
    // per window: a repeat racing the first forfeit reaches the refusal paths, not only the share's 429.
    ({ sim, url } = await startSimulator({ rateLimitMax: 40, rateLimitWindowMs: 10_000 }));
    stripeApp = await startHardenedApp(database(), { env: stripeEnv, adapters: { payments: fakeStripeGateway(api) } });
    devApp = await startHardenedApp(database(), { env: { ...simulatorEnv(url), ...PLATFORM_LIMIT } });
    ctx = testContext(database(), { env: { ...simulatorEnv(url), ...PLATFORM_LIMIT } });
  });
  after(async () => {
    await Promise.all([stripeApp.app.close(), devApp.app.close(), ctx.platform.close()]);
    await sim.close();
  });

  /** Offers injected so far, with the area they were offered in. */
  const injected: Array<{ offerId: string; serviceAreaId: string }> = [];
  const areaOf = new Map<string, string>();

  function injectOffer(serviceAreaId: string, offerId: string, startTime: number): void {
    sim.control.injectOffer({ serviceAreaId, offerId, startTime, durationHours: 2, priceAmount: OFFER_PRICE });
    injected.push({ offerId, serviceAreaId });
  }

  /**
   * The engine has judged every offer injected so far: each was booked by some driver, or logged
   * by every searching driver of its area; and no accept is left open. Drivers of one area compete
   * for its offers, as on the platform.
   */
  async function engineSettled(searching: readonly TestDriver[]): Promise<boolean> {
    const ids = searching.map((d) => d.id);
    if ((await database().db.selectFrom('accept_attempts').select('offer_id').where('user_id', 'in', ids).execute()).length > 0) return false;
    const logs = await database().db.selectFrom('offer_logs').select(['user_id', 'offer_id']).where('user_id', 'in', ids).execute();
    const won = new Set(
      sim.control
        .readRecord({})
        .accepts.filter((a) => a.won)
        .map((a) => a.offerId),
    );
    return injected.every(
      ({ offerId, serviceAreaId }) =>
        won.has(offerId) || ids.filter((id) => areaOf.get(id) === serviceAreaId).every((id) => logs.some((l) => l.user_id === id && l.offer_id === offerId)),
    );
  }

  /** Connects the drivers' platform accounts, sets a filter taking any block, presses Start, and lets the engine accept a few blocks. */
  async function startSearching(searching: readonly TestDriver[]): Promise<SearchingDriver[]> {
    for (const [d, driver] of searching.entries()) {
      const { area } = await connectWithAnyBlockFilter(ctx, await userRow(ctx, driver.id), { pay: [0, 100] });
      areaOf.set(driver.id, area);
      const started = await devApp.inject({ method: 'POST', url: '/api/user/toggleSearchState', payload: { timezoneOffset: 0 }, headers: bearer(driver.token) });
      expect(started.json().data).toMatchObject({ searching: true });
      // A day of its own per driver, blocks 4 hours apart: a driver's own offers never overlap.
      for (let i = 0; i < OFFERS_BEFORE; i++) injectOffer(area, `before-${d}-${i}`, tomorrowAt(1) + d * 86_400 + i * 4 * 3600);
    }
    await waitFor('the engine judged the first offers', () => engineSettled(searching), 30_000);
    return Promise.all(
      searching.map(async (driver, d) => ({
        userId: driver.id,
        token: driver.token,
        serviceAreaId: areaOf.get(driver.id)!,
        acceptedLogIds: (await database().db.selectFrom('offer_logs').select('id').where('user_id', '=', driver.id).where('action', '=', 'BLOCK_ACCEPT').execute()).map(
          (r) => r.id,
        ),
        firstFreeStart: tomorrowAt(1) + d * 86_400 + OFFERS_BEFORE * 4 * 3600,
      })),
    );
  }

  /** The order id a checkout answer points at: the dev page's path, or the Stripe session's reference. */
  function orderIdOf(response: LightMyRequestResponse): string {
    const url = response.json().data as string;
    if (url.startsWith('/dev/checkout/')) return url.split('/').pop()!;
    const session = Number(/cs_test_(\d+)$/.exec(url)![1]);
    return api.requests[session - 1]!.body.get('client_reference_id')!;
  }

  /** Runs one operation; what it reported, or why it failed. */
  async function perform(op: MoneyOperation): Promise<{ op: MoneyOperation; outcome: string }> {
    switch (op.kind) {
      case 'webhook': {
        const paid = op.type === 'checkout.session.completed' || op.type === 'checkout.session.async_payment_succeeded';
        const payload = checkoutEvent(op.type, { client_reference_id: op.orderId, payment_status: paid ? 'paid' : 'unpaid', amount_total: op.amountCents });
        const signature = stripeSignature(api, payload, op.signed ? {} : { secret: 'whsec_forged_by_someone_else' });
        const res = await stripeApp.inject({
          method: 'POST',
          url: '/api/store/stripeWebhook',
          payload,
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        });
        if (res.statusCode !== (op.signed ? 200 : 400)) return { op, outcome: `failed: webhook answered ${res.statusCode} ${res.body.slice(0, 100)}` };
        return { op, outcome: op.signed ? String(res.json().data.settlement) : 'refused' };
      }
      case 'devCheckout': {
        const res = await devApp.inject({
          method: 'POST',
          url: `/dev/checkout/${op.orderId}/${op.action}`,
          remoteAddress: '127.0.0.1',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: '',
        });
        return { op, outcome: res.statusCode === 303 ? 'redirected' : `failed: dev checkout answered ${res.statusCode}` };
      }
      case 'charge':
        return { op, outcome: (await ctx.db.transaction().execute((trx) => charge(trx, op.userId, ledgerKey.fee(op.logId), op.cents))).status };
      case 'refund':
        return { op, outcome: (await ctx.db.transaction().execute((trx) => refund(trx, op.userId, ledgerKey.fee(op.logId), ledgerKey.refund(op.logId)))).status };
      case 'offer':
        injectOffer(op.serviceAreaId, op.offerId, op.startTime);
        return { op, outcome: 'injected' };
      case 'forfeit': {
        const res = await devApp.inject({ method: 'POST', url: '/api/user/forfeitBlock', payload: { logId: op.logId }, headers: bearer(op.token) });
        if (res.statusCode === 200) return { op, outcome: /refunded/.test(String(res.json().alert)) ? 'refunded' : 'forfeited' };
        // A repeat racing the first: forfeited already (410), the entry is gone (404) or the platform no longer has the block (409).
        if (res.statusCode === 410 || res.statusCode === 404 || res.statusCode === 409) return { op, outcome: 'refused' };
        // The driver's share of the platform's request limit is spent (docs/ENGINE.md "Request
        // budget"): refused before the platform was asked, nothing changed, Retry-After given.
        if (res.statusCode === 429 && res.headers['retry-after']) return { op, outcome: 'throttled' };
        return { op, outcome: `failed: forfeit answered ${res.statusCode} ${res.body.slice(0, 100)}` };
      }
    }
  }

  it('keeps every balance exact through thousands of concurrent payments, replays, rewards, fees and refunds', async (t) => {
    const random = new SeededRandom(SEED);
    const inviters = await Promise.all(range(INVITERS).map(() => stripeApp.signUp()));
    const codes = await Promise.all(
      inviters.map(async (driver) => (await stripeApp.inject({ url: '/api/user', headers: bearer(driver.token) })).json().data.shareableCode as string),
    );
    const invited = await Promise.all(codes.flatMap((inviteCode) => range(INVITED_PER_INVITER).map(() => devApp.signUp({ inviteCode }))));
    const others = await Promise.all(range(OTHER_DRIVERS).map(() => devApp.signUp()));
    const drivers = [...inviters, ...invited, ...others];
    const searching = await startSearching(others.slice(0, SEARCHING_DRIVERS));

    // Orders opened at once through both servers (the random choices are made before any answer).
    const opening = range(ORDERS).map(() => {
      const driver = random.pick(drivers);
      const server = random.chance(0.5) ? stripeApp : devApp;
      const payload = random.chance(0.75) ? { topup_amount: random.int(2, 10) * 500 } : { membership_plan_id: random.pick(['week', 'month']) };
      return server.inject({ method: 'POST', url: '/api/store/createStripeOrder', payload, headers: bearer(driver.token) });
    });
    const opened = await Promise.all(opening);
    expect(opened.filter((res) => res.statusCode !== 200).map((res) => res.body)).toEqual([]);
    const ids = opened.map(orderIdOf);
    const rows = await database().db.selectFrom('orders').select(['id', 'user_id', 'amount_cents']).execute();
    const byId = new Map(rows.map((row) => [row.id, row]));
    const orders: PlannedOrder[] = ids.map((id) => ({ id, userId: byId.get(id)!.user_id, amountCents: byId.get(id)!.amount_cents }));

    const plan = planMoneyOperations(
      random,
      orders,
      drivers.map((d) => d.id),
      FEE_LOGS_PER_DRIVER,
    );
    plan.operations = random.shuffled([...plan.operations, ...planEngineOperations(random, searching, OFFERS_DURING)]);
    const results = await Promise.all(plan.operations.map((op) => perform(op).catch((error: unknown) => ({ op, outcome: `failed: ${String(error)}` }))));
    await waitFor('the engine judged the offers of the storm', () => engineSettled(others.slice(0, SEARCHING_DRIVERS)), 30_000);

    const failures = results.filter((r) => r.outcome.startsWith('failed')).map((r) => `${r.op.kind}: ${r.outcome}`);
    const appliedCharges = new Map<string, number[]>();
    const appliedRefunds = new Map<string, number>();
    const paidReports = new Map<string, number>();
    const forfeitRefunds = new Map<string, number>();
    for (const { op, outcome } of results) {
      if (op.kind === 'forfeit' && outcome === 'refunded') forfeitRefunds.set(op.logId, (forfeitRefunds.get(op.logId) ?? 0) + 1);
      if (op.kind === 'charge' && outcome === 'applied') appliedCharges.set(op.logId, [...(appliedCharges.get(op.logId) ?? []), op.cents]);
      if (op.kind === 'refund' && outcome === 'applied') appliedRefunds.set(op.logId, (appliedRefunds.get(op.logId) ?? 0) + 1);
      if (op.kind === 'webhook' && outcome === 'paid') paidReports.set(op.orderId, (paidReports.get(op.orderId) ?? 0) + 1);
    }
    // Every webhook credited once: of all reports of an order, one at most settles it.
    const completedByDevPage = new Set(plan.operations.filter((op) => op.kind === 'devCheckout' && op.action === 'complete').map((op) => (op as { orderId: string }).orderId));
    // A cancel or expiry that won the race ends the order: its payment is refunded, never credited.
    const cancelledFirst = new Set(
      (await devApp.database.db.selectFrom('orders').select(['id', 'refunded_at', 'provider_ref']).where('status', '=', 'cancelled').execute())
        .filter((order) => order.provider_ref === null || order.refunded_at !== null)
        .map((order) => order.id),
    );
    for (const orderId of plan.mustBePaid) {
      const settled = paidReports.get(orderId) ?? 0;
      if (cancelledFirst.has(orderId) && settled === 0) continue;
      if (settled > 1 || (settled === 0 && !completedByDevPage.has(orderId))) failures.push(`order ${orderId} was settled by ${settled} webhook calls`);
    }
    const audit = await auditLedger(database().db, {
      appliedCharges,
      appliedRefunds,
      mustBePaid: plan.mustBePaid,
      settlementClocks: [stripeApp.clock.now(), devApp.clock.now()],
      forfeitRefunds,
    });
    const blocks = await blocksVersusPlatform(searching.map((d) => d.userId));
    failures.push(...blocks.problems);

    const operations = drivers.length + ORDERS + plan.operations.length;
    const count = (kind: MoneyOperation['kind']) => plan.operations.filter((op) => op.kind === kind).length;
    const stormAccepts = blocks.accepted - searching.reduce((sum, d) => sum + d.acceptedLogIds.length, 0);
    t.diagnostic(
      `figures: concurrent money operations=${operations} (sign-ups=${drivers.length} orders=${ORDERS} webhooks=${count('webhook')} dev checkout=${count('devCheckout')} ledger=${count('charge') + count('refund')} ` +
        `offers for the engine=${count('offer')} forfeit calls=${count('forfeit')}) engine accepts during the storm=${stormAccepts} forfeits refunded=${forfeitRefunds.size} ` +
        `orders paid=${plan.mustBePaid.size} blocks lost=${blocks.lost} discrepancies=${failures.length + audit.length}`,
    );
    expect(failures.slice(0, 20)).toEqual([]);
    expect(audit.slice(0, 20)).toEqual([]);
    expect(operations).toBeGreaterThanOrEqual(5000);
    // The mix really happened: charges refused for want of credit, refunds of nothing, replays.
    const outcomes = new Set(results.map((r) => `${r.op.kind}:${r.outcome}`));
    expect(stormAccepts).toBeGreaterThan(0);
    for (const expected of [
      'forfeit:refunded',
      'forfeit:refused',
      'offer:injected',
      'charge:applied',
      'charge:duplicate',
      'charge:insufficient',
      'refund:applied',
      'refund:duplicate',
      'refund:not-charged',
      'webhook:paid',
      'webhook:unchanged',
      'webhook:cancelled',
      'webhook:amount-mismatch',
      'webhook:refused',
    ]) {
      expect(outcomes).toContain(expected);
    }
  });

  /**
   * Every block the platform booked for a searching driver is in their log as accepted (lost
   * otherwise), and no entry claims a block the platform did not book; a forfeited block is off
   * the platform's schedule, a kept one on it.
   */
  async function blocksVersusPlatform(userIds: string[]): Promise<{ accepted: number; lost: number; problems: string[] }> {
    const problems: string[] = [];
    let accepted = 0;
    let lost = 0;
    for (const userId of userIds) {
      const accountId = (await loadPlatformAccount(ctx.db, ctx.tokenCipher, userId))!.platformUserId;
      const booked = sim.control
        .readRecord({ accountId })
        .accepts.filter((a) => a.won)
        .map((a) => a.offerId)
        .sort();
      const entries = await database()
        .db.selectFrom('offer_logs')
        .select(['offer_id', 'start_time', 'forfeited_at'])
        .where('user_id', '=', userId)
        .where('action', '=', 'BLOCK_ACCEPT')
        .execute();
      accepted += entries.length;
      const logged = entries.map((e) => e.offer_id).sort();
      lost += booked.filter((offerId) => !logged.includes(offerId)).length;
      if (JSON.stringify(booked) !== JSON.stringify(logged)) problems.push(`driver ${userId}: platform booked ${booked.join(',')} but the log accepted ${logged.join(',')}`);
      const onSchedule = new Set(sim.control.schedule(accountId).map((block) => Math.floor(block.startTime)));
      for (const entry of entries) {
        const scheduled = onSchedule.has(Math.floor(entry.start_time));
        if (scheduled === Boolean(entry.forfeited_at))
          problems.push(`driver ${userId}: block ${entry.offer_id} forfeited: ${Boolean(entry.forfeited_at)}, on the platform's schedule: ${scheduled}`);
      }
    }
    return { accepted, lost, problems };
  }

  itLoggedNoSecrets(() => stripeApp, "the Stripe server's");
  itLoggedNoSecrets(() => devApp, "the dev-checkout server's");
});
