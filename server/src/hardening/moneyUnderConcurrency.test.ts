/**
 * Suite 4, money under concurrency (the part without the search engine): two servers on one
 * database, one taking payments through Stripe and one through the dev checkout, drivers signing
 * up with invite codes, orders opened at once, then every report of every order (webhooks
 * replayed, out of order, with wrong amounts or forged signatures; dev checkout completions and
 * cancels) fired together with fees charged and refunded through the ledger, replayed and racing.
 * Afterwards the books must be exact (ledgerAudit.ts). Accepts and forfeits join the mix with
 * the engine.
 */
import { after, before, it } from 'node:test';
import { expect } from 'expect';
import type { LightMyRequestResponse } from 'fastify';
import type { AppContext } from '../context.js';
import { charge, ledgerKey, refund } from '../features/ledger/ledger.js';
import { bearer } from '../testing/app.js';
import { testContext } from '../testing/context.js';
import { describeEachDatabase } from '../testing/databases.js';
import { checkoutEvent, fakeStripeApi, fakeStripeGateway, stripeEnv, stripeSignature, type FakeStripeApi } from '../testing/stripe.js';
import { itLoggedNoSecrets, startHardenedApp, type HardenedApp } from './hardenedApp.js';
import { auditLedger } from './ledgerAudit.js';
import { planMoneyOperations, type MoneyOperation, type PlannedOrder } from './moneyPlan.js';
import { SeededRandom } from './seededRandom.js';

const SEED = 20_260_707;
const ORDERS = 700;
const FEE_LOGS_PER_DRIVER = 16;
const INVITERS = 10;
const INVITED_PER_INVITER = 3;
const OTHER_DRIVERS = 20;

const range = (n: number) => Array.from({ length: n }, (_, i) => i);

describeEachDatabase('money under concurrency', (database) => {
  let stripeApp: HardenedApp;
  let devApp: HardenedApp;
  let api: FakeStripeApi;
  let ctx: AppContext;
  before(async () => {
    api = fakeStripeApi();
    stripeApp = await startHardenedApp(database(), { env: stripeEnv, adapters: { payments: fakeStripeGateway(api) } });
    devApp = await startHardenedApp(database());
    ctx = testContext(database());
  });
  after(async () => {
    await Promise.all([stripeApp.app.close(), devApp.app.close()]);
  });

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
        const res = await stripeApp.inject({ method: 'POST', url: '/api/store/stripeWebhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
        if (res.statusCode !== (op.signed ? 200 : 400)) return { op, outcome: `failed: webhook answered ${res.statusCode} ${res.body.slice(0, 100)}` };
        return { op, outcome: op.signed ? String(res.json().data.settlement) : 'refused' };
      }
      case 'devCheckout': {
        const res = await devApp.inject({ method: 'POST', url: `/dev/checkout/${op.orderId}/${op.action}`, remoteAddress: '127.0.0.1', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
        return { op, outcome: res.statusCode === 303 ? 'redirected' : `failed: dev checkout answered ${res.statusCode}` };
      }
      case 'charge':
        return { op, outcome: (await ctx.db.transaction().execute((trx) => charge(trx, op.userId, ledgerKey.fee(op.logId), op.cents))).status };
      case 'refund':
        return { op, outcome: (await ctx.db.transaction().execute((trx) => refund(trx, op.userId, ledgerKey.fee(op.logId), ledgerKey.refund(op.logId)))).status };
    }
  }

  it('keeps every balance exact through thousands of concurrent payments, replays, rewards, fees and refunds', async (t) => {
    const random = new SeededRandom(SEED);
    const inviters = await Promise.all(range(INVITERS).map(() => stripeApp.signUp()));
    const codes = await Promise.all(inviters.map(async (driver) => (await stripeApp.inject({ url: '/api/user', headers: bearer(driver.token) })).json().data.shareableCode as string));
    const invited = await Promise.all(codes.flatMap((inviteCode) => range(INVITED_PER_INVITER).map(() => devApp.signUp({ inviteCode }))));
    const others = await Promise.all(range(OTHER_DRIVERS).map(() => devApp.signUp()));
    const drivers = [...inviters, ...invited, ...others];

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

    const plan = planMoneyOperations(random, orders, drivers.map((d) => d.id), FEE_LOGS_PER_DRIVER);
    const results = await Promise.all(plan.operations.map((op) => perform(op).catch((error: unknown) => ({ op, outcome: `failed: ${String(error)}` }))));

    const failures = results.filter((r) => r.outcome.startsWith('failed')).map((r) => `${r.op.kind}: ${r.outcome}`);
    const appliedCharges = new Map<string, number[]>();
    const appliedRefunds = new Map<string, number>();
    const paidReports = new Map<string, number>();
    for (const { op, outcome } of results) {
      if (op.kind === 'charge' && outcome === 'applied') appliedCharges.set(op.logId, [...(appliedCharges.get(op.logId) ?? []), op.cents]);
      if (op.kind === 'refund' && outcome === 'applied') appliedRefunds.set(op.logId, (appliedRefunds.get(op.logId) ?? 0) + 1);
      if (op.kind === 'webhook' && outcome === 'paid') paidReports.set(op.orderId, (paidReports.get(op.orderId) ?? 0) + 1);
    }
    // Every webhook credited once: of all reports of an order, one at most settles it.
    const completedByDevPage = new Set(plan.operations.filter((op) => op.kind === 'devCheckout' && op.action === 'complete').map((op) => (op as { orderId: string }).orderId));
    for (const orderId of plan.mustBePaid) {
      const settled = paidReports.get(orderId) ?? 0;
      if (settled > 1 || (settled === 0 && !completedByDevPage.has(orderId))) failures.push(`order ${orderId} was settled by ${settled} webhook calls`);
    }
    const audit = await auditLedger(database().db, { appliedCharges, appliedRefunds, mustBePaid: plan.mustBePaid, settlementClocks: [stripeApp.clock.now(), devApp.clock.now()] });

    const operations = drivers.length + ORDERS + plan.operations.length;
    const webhooks = plan.operations.filter((op) => op.kind === 'webhook').length;
    t.diagnostic(
      `figures: concurrent money operations=${operations} (sign-ups=${drivers.length} orders=${ORDERS} webhooks=${webhooks} ledger=${plan.operations.length - webhooks}) ` +
        `orders paid=${plan.mustBePaid.size} discrepancies=${failures.length + audit.length}`,
    );
    expect(failures.slice(0, 20)).toEqual([]);
    expect(audit.slice(0, 20)).toEqual([]);
    expect(operations).toBeGreaterThanOrEqual(5000);
    // The mix really happened: charges refused for want of credit, refunds of nothing, replays.
    const outcomes = new Set(results.map((r) => `${r.op.kind}:${r.outcome}`));
    for (const expected of ['charge:applied', 'charge:duplicate', 'charge:insufficient', 'refund:applied', 'refund:duplicate', 'refund:not-charged', 'webhook:paid', 'webhook:unchanged', 'webhook:cancelled', 'webhook:amount-mismatch', 'webhook:refused']) {
      expect(outcomes).toContain(expected);
    }
  });

  itLoggedNoSecrets(() => stripeApp, "the Stripe server's");
  itLoggedNoSecrets(() => devApp, "the dev-checkout server's");
});
