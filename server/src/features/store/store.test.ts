import { after, before, it } from 'node:test';
import { expect } from 'expect';
import { INVITE_REWARD_CENTS } from '@blockpilot/shared/constants';
import { describeEachDatabase } from '../../../test/databases.js';
import { bearer, expectFieldErrors, expectSignInRequired, freshIp, mailTo, signUp, startTestApp, type TestApp, type TestDriver } from '../../../test/app.js';
import { entriesOf } from '../../domain/ledger.js';
import { membershipPlans } from './plans.js';

const DAY = 86_400_000;

describeEachDatabase('store routes with the dev checkout', (database) => {
  let t: TestApp;
  let driver: TestDriver;
  before(async () => {
    t = await startTestApp(database());
    driver = await signUp(t.app, t.database);
  });
  after(async () => {
    await t.app.close();
  });

  const order = (body: object, token = driver.token) => t.app.inject({ method: 'POST', url: '/api/store/createStripeOrder', payload: body, headers: bearer(token) });
  const status = (orderStatusId: string, token = driver.token) =>
    t.app.inject({ url: `/api/store/getOrderStatus?orderStatusId=${orderStatusId}&time=${Date.now()}`, headers: bearer(token) });
  const account = async (token = driver.token) => (await t.app.inject({ url: '/api/user', headers: bearer(token) })).json().data;
  /** Opens a checkout and answers the order id from its URL. */
  const checkout = async (body: object, token = driver.token) => {
    const res = await order(body, token);
    expect(res.statusCode).toBe(200);
    return (res.json().data as string).split('/').pop()!;
  };
  const form = (orderId: string, action: 'complete' | 'cancel') =>
    t.app.inject({ method: 'POST', url: `/dev/checkout/${orderId}/${action}`, headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '0' } });

  it('requires a live access token on every store route', async () => {
    for (const [method, url] of [
      ['GET', '/api/store/getMembershipPlans'],
      ['POST', '/api/store/createStripeOrder'],
      ['GET', '/api/store/getOrderStatus?orderStatusId=00000000-0000-4000-8000-000000000000'],
    ] as const) {
      expectSignInRequired(await t.app.inject({ method, url, ...(method === 'POST' ? { payload: { topup_amount: 1000 } } : {}) }));
      expectSignInRequired(await t.app.inject({ method, url, headers: bearer('nope'), ...(method === 'POST' ? { payload: { topup_amount: 1000 } } : {}) }));
    }
  });

  it('lists the membership plans', async () => {
    const res = await t.app.inject({ url: '/api/store/getMembershipPlans', headers: bearer(driver.token) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: membershipPlans('en') });
    expect(res.json().data[0]).toMatchObject({ id: 'week', name: 'Weekly', price: 1499, days: 7, description: 'No fees on accepted blocks for 7 days.' });
  });

  it("names and describes the plans in the request's language", async () => {
    const res = await t.app.inject({ url: '/api/store/getMembershipPlans', headers: { ...bearer(driver.token), 'accept-language': 'es-MX,es;q=0.9' } });
    expect(res.json().data.map((plan: { name: string; description: string }) => [plan.name, plan.description])).toEqual([
      ['Semanal', 'Sin comisiones en los bloques aceptados durante 7 días.'],
      ['Mensual', 'Sin comisiones en los bloques aceptados durante 30 días: la mejor opción para quien trabaja a tiempo completo.'],
    ]);
  });

  it('reports a bad top-up or plan under its field', async () => {
    for (const body of [{ topup_amount: 999 }, { topup_amount: 5500 }, { topup_amount: 1250 }, { topup_amount: '1000' }, {}, { topup_amount: 1000, membership_plan_id: 'week' }]) {
      expectFieldErrors(await order(body), ['topup_amount']);
    }
    expectFieldErrors(await order({ membership_plan_id: 'lifetime' }), ['membership_plan_id']);
    expectFieldErrors(await order({ amount: 1000 }), ['amount']);
  });

  it('tops up through the dev checkout page, crediting once however often it is completed', async () => {
    const res = await order({ topup_amount: 2500 });
    expect(res.json()).toEqual({ data: expect.stringMatching(/^\/dev\/checkout\/[0-9a-f-]{36}$/) });
    const orderId = (res.json().data as string).split('/').pop()!;
    const page = await t.app.inject({ url: `/dev/checkout/${orderId}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<strong>$25.00 USD</strong>');
    expect(page.body).toContain(`action="/dev/checkout/${orderId}/complete"`);
    expect((await status(orderId)).json()).toEqual({ data: null });

    const paid = await form(orderId, 'complete');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`/account/processingPurchase/${orderId}`);
    expect((await status(orderId)).json()).toEqual({ data: { orderStatusId: orderId, kind: 'topup', amount: 2500, paidAt: t.clock.now().getTime() } });
    expect((await status(orderId)).headers['cache-control']).toBe('no-store');
    expect((await account()).credit).toBe(3500);

    await form(orderId, 'complete');
    await form(orderId, 'cancel');
    expect((await account()).credit).toBe(3500);
    expect((await t.app.inject({ url: `/dev/checkout/${orderId}` })).statusCode).toBe(409);
  });

  it('cancels through the dev checkout page; the status poll then sends the driver back', async () => {
    const orderId = await checkout({ topup_amount: 1000 });
    const cancelled = await form(orderId, 'cancel');
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe('/account/checkoutCancelled');
    expect((await status(orderId)).json()).toEqual({ data: null, alert: expect.any(String), redirect: '/account/checkoutCancelled' });
  });

  it("answers only the driver's own orders, and checks the id", async () => {
    const orderId = await checkout({ topup_amount: 1000 });
    const other = await signUp(t.app, t.database);
    expect((await status(orderId, other.token)).statusCode).toBe(404);
    expectFieldErrors(await status('not-a-uuid'), ['orderStatusId']);
    expectFieldErrors(await t.app.inject({ url: '/api/store/getOrderStatus', headers: bearer(driver.token) }), ['orderStatusId']);
  });

  it('sells a membership: paid by card, credit unchanged, no fee until it ends; a second one extends it', async () => {
    const member = await signUp(t.app, t.database);
    const week = membershipPlans().find((p) => p.id === 'week')!;
    const first = await checkout({ membership_plan_id: 'week' }, member.token);
    await form(first, 'complete');
    const now = t.clock.now().getTime();
    expect(await account(member.token)).toMatchObject({ credit: 1000, membershipEndsAt: now + 7 * DAY });
    expect((await entriesOf(t.database.db, member.id)).map((e) => [e.kind, e.amountCents])).toEqual([
      ['signup', 1000],
      ['payment', week.price],
      ['membership', -week.price],
    ]);
    const second = await checkout({ membership_plan_id: 'week' }, member.token);
    await form(second, 'complete');
    expect((await account(member.token)).membershipEndsAt).toBe(now + 14 * DAY);
  });

  it("rewards the inviter once, when the invited driver's top-ups first reach 10.00, by promotional e-mail", async () => {
    const inviter = await signUp(t.app, t.database);
    const invited = await signUp(t.app, t.database, { inviteCode: (await account(inviter.token)).shareableCode });
    await form(await checkout({ topup_amount: 1000 }, invited.token), 'complete');
    await form(await checkout({ topup_amount: 1500 }, invited.token), 'complete');
    expect((await account(inviter.token)).credit).toBe(1000 + INVITE_REWARD_CENTS);
    expect((await account(invited.token)).credit).toBe(1000 + 2500);
    const [mail] = await mailTo(t.database, inviter.email);
    const key = /https:\/\/blockpilot\.test\/promotionOptOut\/(\S+)/.exec(mail!.text)![1]!;
    expect(mail!.headers).toEqual({ 'List-Unsubscribe': `<https://blockpilot.test/promotionOptOut/${key}>` });
    // The link opts out the inviter it was sent to.
    expect((await t.app.inject({ method: 'POST', url: '/api/promotion/optOut', payload: { userId: key } })).statusCode).toBe(200);
    const { promotions_opted_out_at } = await t.database.db.selectFrom('users').select('promotions_opted_out_at').where('id', '=', inviter.id).executeTakeFirstOrThrow();
    expect(promotions_opted_out_at).not.toBeNull();
  });

  it('serves the dev checkout to this machine only, and has no Stripe webhook', async () => {
    const orderId = await checkout({ topup_amount: 1000 });
    const remote = await t.app.inject({ url: `/dev/checkout/${orderId}`, remoteAddress: freshIp() });
    expect(remote.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/dev/checkout/${orderId}/complete`, remoteAddress: freshIp() })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/store/stripeWebhook', payload: {} })).statusCode).toBe(404);
  });
});
