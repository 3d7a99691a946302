import { after, before, it } from 'node:test';
import { expect } from 'expect';
import { describeEachDatabase } from '../../../test/databases.js';
import { checkoutEvent, fakeStripeApi, fakeStripeGateway, stripeEnv, stripeSignature, type FakeStripeApi } from '../../../test/stripe.js';
import { bearer, signUp, startTestApp, type TestApp, type TestDriver } from '../../../test/app.js';

describeEachDatabase('Stripe Checkout and its webhook', (database) => {
  let t: TestApp;
  let driver: TestDriver;
  let api: FakeStripeApi;
  before(async () => {
    api = fakeStripeApi();
    t = await startTestApp(database(), { env: stripeEnv, adapters: { payments: fakeStripeGateway(api) } });
    driver = await signUp(t.app, t.database);
  });
  after(async () => {
    await t.app.close();
  });

  const credit = async () => (await t.app.inject({ url: '/api/user', headers: bearer(driver.token) })).json().data.credit;
  const orderIdOfLastCheckout = () => api.requests.at(-1)!.body.get('client_reference_id')!;

  const event = (type: string, session: Record<string, unknown>) => checkoutEvent(type, session);
  const deliver = (payload: string, signature = stripeSignature(api, payload)) =>
    t.app.inject({ method: 'POST', url: '/api/store/stripeWebhook', payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });

  it('opens a Stripe Checkout session for the order and answers its URL', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/store/createStripeOrder', payload: { topup_amount: 1500 }, headers: bearer(driver.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: expect.stringMatching(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_\d+$/) });
    const { url, body, idempotencyKey } = api.requests.at(-1)!;
    expect(url).toMatch(/\/v1\/checkout\/sessions$/);
    const orderId = body.get('client_reference_id')!;
    expect(body.get('line_items[0][price_data][unit_amount]')).toBe('1500');
    expect(body.get('line_items[0][price_data][currency]')).toBe('usd');
    expect(body.get('success_url')).toBe(`https://blockpilot.test/account/processingPurchase/${orderId}`);
    expect(body.get('cancel_url')).toBe('https://blockpilot.test/account/checkoutCancelled');
    expect(body.get('customer_email')).toBe(driver.email);
    expect(idempotencyKey).toBe(`checkout:${orderId}`);
  });

  it('credits a verified payment once, however often the webhook is replayed', async () => {
    await t.app.inject({ method: 'POST', url: '/api/store/createStripeOrder', payload: { topup_amount: 2000 }, headers: bearer(driver.token) });
    const orderId = orderIdOfLastCheckout();
    const before = await credit();
    const payload = event('checkout.session.completed', { client_reference_id: orderId, payment_status: 'paid', amount_total: 2000 });
    const first = await deliver(payload);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { settlement: 'paid' } });
    for (let i = 0; i < 3; i++) expect((await deliver(payload)).json()).toEqual({ data: { settlement: 'unchanged' } });
    await Promise.all(Array.from({ length: 5 }, () => deliver(payload)));
    expect(await credit()).toBe(before + 2000);
  });

  it('refuses a call whose signature does not verify, and changes nothing', async () => {
    await t.app.inject({ method: 'POST', url: '/api/store/createStripeOrder', payload: { topup_amount: 1000 }, headers: bearer(driver.token) });
    const payload = event('checkout.session.completed', { client_reference_id: orderIdOfLastCheckout(), payment_status: 'paid', amount_total: 1000 });
    const before = await credit();
    const forged = stripeSignature(api, payload, { secret: 'whsec_someone_else' });
    const stale = stripeSignature(api, payload, { timestamp: Math.floor(Date.now() / 1000) - 3600 });
    for (const signature of [forged, stale, 'garbage']) {
      const res = await deliver(payload, signature);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'BP_ERR_WEBHOOK_SIGNATURE', alert: expect.any(String) });
    }
    const unsigned = await t.app.inject({ method: 'POST', url: '/api/store/stripeWebhook', payload, headers: { 'content-type': 'application/json' } });
    expect(unsigned.statusCode).toBe(400);
    const tampered = await deliver(payload.replace('"amount_total":1000', '"amount_total":5000'), stripeSignature(api, payload));
    expect(tampered.statusCode).toBe(400);
    expect(await credit()).toBe(before);
  });

  it('waits for delayed payment methods, and never credits an amount that differs from the order', async () => {
    await t.app.inject({ method: 'POST', url: '/api/store/createStripeOrder', payload: { topup_amount: 3000 }, headers: bearer(driver.token) });
    const orderId = orderIdOfLastCheckout();
    const before = await credit();
    expect((await deliver(event('checkout.session.completed', { client_reference_id: orderId, payment_status: 'unpaid', amount_total: 3000 }))).json().data.settlement).toBe(
      'ignored',
    );
    expect(
      (await deliver(event('checkout.session.async_payment_succeeded', { client_reference_id: orderId, payment_status: 'paid', amount_total: 1 }))).json().data.settlement,
    ).toBe('amount-mismatch');
    expect(await credit()).toBe(before);
    expect(
      (await deliver(event('checkout.session.async_payment_succeeded', { client_reference_id: orderId, payment_status: 'paid', amount_total: 3000 }))).json().data.settlement,
    ).toBe('paid');
    expect(await credit()).toBe(before + 3000);
  });

  it('marks an expired checkout cancelled, and acknowledges events for unknown orders', async () => {
    await t.app.inject({ method: 'POST', url: '/api/store/createStripeOrder', payload: { topup_amount: 1000 }, headers: bearer(driver.token) });
    const orderId = orderIdOfLastCheckout();
    expect((await deliver(event('checkout.session.expired', { client_reference_id: orderId, payment_status: 'unpaid' }))).json().data.settlement).toBe('cancelled');
    const statusRes = await t.app.inject({ url: `/api/store/getOrderStatus?orderStatusId=${orderId}`, headers: bearer(driver.token) });
    expect(statusRes.json().redirect).toBe('/account/checkoutCancelled');
    const unknown = await deliver(event('checkout.session.completed', { client_reference_id: '00000000-0000-4000-8000-000000000000', payment_status: 'paid', amount_total: 1000 }));
    expect(unknown.json().data.settlement).toBe('unknown-order');
    expect((await deliver(event('customer.created', {}))).json().data.settlement).toBe('ignored');
  });

  it('answers 503 and cancels the order when Stripe cannot open a checkout; the dev checkout does not exist', async () => {
    api.fail();
    const res = await t.app.inject({ method: 'POST', url: '/api/store/createStripeOrder', payload: { topup_amount: 1000 }, headers: bearer(driver.token) });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: 'BP_ERR_CHECKOUT_UNAVAILABLE', alert: expect.any(String) });
    const orderId = orderIdOfLastCheckout();
    const { status } = await t.database.db.selectFrom('orders').select('status').where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(status).toBe('cancelled');
    expect((await t.app.inject({ url: `/dev/checkout/${orderId}` })).statusCode).toBe(404);
  });
});
