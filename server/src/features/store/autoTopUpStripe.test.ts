import { after, before, it } from 'node:test';
import { expect } from 'expect';
import { SIGN_UP_BONUS_CENTS } from '@blockpilot/shared/constants';
import { balanceOf } from '../../domain/ledger.js';
import { bearer, signUp, startTestApp, type TestApp, type TestDriver } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { waitFor } from '../../../test/platform.js';
import { fakeStripeApi, fakeStripeGateway, stripeEnv, stripeSignature, type FakeStripeApi } from '../../../test/stripe.js';

describeEachDatabase('automatic top-up with Stripe', (database) => {
  let t: TestApp;
  let api: FakeStripeApi;
  before(async () => {
    api = fakeStripeApi();
    t = await startTestApp(database(), { env: stripeEnv, adapters: { payments: fakeStripeGateway(api) } });
  });
  after(async () => {
    await t.app.close();
  });

  const deliver = (payload: string) =>
    t.app.inject({ method: 'POST', url: '/api/store/stripeWebhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(api, payload) } });

  /** Saves a card through a Stripe setup session and its webhook; answers the setup session request's body. */
  async function saveCard(driver: TestDriver, paymentMethod: string): Promise<URLSearchParams> {
    api.answer('/v1/customers', 200, { id: `cus_${paymentMethod}`, object: 'customer' });
    const res = await t.app.inject({ method: 'POST', url: '/api/store/autoTopUp/card', headers: bearer(driver.token) });
    expect(res.json()).toEqual({ data: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\//) });
    const session = api.requests.at(-1)!;
    expect(session.url).toMatch(/\/v1\/checkout\/sessions$/);
    const setupId = session.body.get('setup_intent_data[metadata][setupId]')!;
    const intent = { object: 'setup_intent', id: `seti_${paymentMethod}`, customer: `cus_${paymentMethod}`, payment_method: paymentMethod, metadata: { setupId } };
    const saved = await deliver(JSON.stringify({ id: `evt_${paymentMethod}`, object: 'event', type: 'setup_intent.succeeded', data: { object: intent } }));
    expect(saved.json()).toEqual({ data: { settlement: 'card-saved' } });
    return session.body;
  }

  const enable = (driver: TestDriver, threshold: number) =>
    t.app.inject({ method: 'PUT', url: '/api/store/autoTopUp', payload: { enabled: true, amount: 2000, threshold }, headers: bearer(driver.token) });
  const settledOrder = (driver: TestDriver) =>
    waitFor('a settled order', () =>
      database().db.selectFrom('orders').select(['id', 'status']).where('user_id', '=', driver.id).where('status', '<>', 'pending').executeTakeFirst(),
    );

  it('saves a card with a setup session and charges it off-session, once per order, as a top-up', async () => {
    const driver = await signUp(t.app, t.database);
    const setup = await saveCard(driver, 'pm_pays');
    expect(setup.get('mode')).toBe('setup');
    expect(setup.get('customer')).toBe('cus_pm_pays');
    api.answer('/v1/payment_intents', 200, { id: 'pi_auto', object: 'payment_intent', status: 'succeeded' });
    // The credit (10.00) is already below 15.00: saving it on charges at once.
    expect((await enable(driver, 1500)).statusCode).toBe(200);
    const order = await settledOrder(driver);
    expect(order.status).toBe('paid');
    const charge = api.requests.find((request) => request.url.endsWith('/v1/payment_intents'))!;
    expect(Object.fromEntries(charge.body)).toMatchObject({
      amount: '2000',
      currency: 'usd',
      customer: 'cus_pm_pays',
      payment_method: 'pm_pays',
      off_session: 'true',
      confirm: 'true',
    });
    expect(charge.idempotencyKey).toBe(`auto-top-up:${order.id}`);
    expect(await balanceOf(database().db, driver.id)).toBe(SIGN_UP_BONUS_CENTS + 2000);
  });

  it('a declined card cancels the order, credits nothing and turns automatic top-up off', async () => {
    const driver = await signUp(t.app, t.database);
    await saveCard(driver, 'pm_declines');
    api.answer('/v1/payment_intents', 402, { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } });
    await enable(driver, 1500);
    expect((await settledOrder(driver)).status).toBe('cancelled');
    const view = await waitFor('turned off', async () => {
      const data = (await t.app.inject({ url: '/api/store/autoTopUp', headers: bearer(driver.token) })).json().data;
      return data.enabled === false && data;
    });
    expect(view.lastFailure).toEqual({ reason: 'Your card was declined.', at: expect.any(Number) });
    expect(await balanceOf(database().db, driver.id)).toBe(SIGN_UP_BONUS_CENTS);
  });
});
