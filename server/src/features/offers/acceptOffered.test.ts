/**
 * One-tap accepts of offered blocks (docs/PRODUCT.md "Notify-only filters"), through the routes,
 * against the simulator: the signed-in accept books the block and charges its fee once (a second
 * tap, and two taps at once, charge nothing more), the engine's checks refuse an overlap, a block
 * a rival took says so and its entry becomes `taken`, and the public accept takes only a token
 * signed for that entry's owner and not expired.
 */
import { after, before, beforeEach, describe, it } from 'node:test';
import { expect } from 'expect';
import type { Simulator } from '@blockpilot/platform-sim';
import { signInAsDriver } from '../../../test/platformFixture.js';
import { TestClock } from '../../../test/clock.js';
import { bearer, call, signUp, startTestApp, type TestApp, type TestDriver } from '../../../test/app.js';
import { simulatorEnv, TEST_LINK_SIGNING_KEY } from '../../../test/config.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { startSimulator, tomorrowAt, waitFor } from '../../../test/platform.js';
import { acceptToken } from '../../domain/acceptToken.js';
import { testContext } from '../../../test/context.js';
import { answerTelegramButton } from './telegramAccept.js';
import { acceptEntry, loadEntry } from './acceptOffered.js';
import { signedInUserRow } from '../auth/tokens.js';
import { credit, entriesOf, ledgerKey } from '../../domain/ledger.js';
import { logIgnored, recordAccept } from '../../stores/offerLog.js';

const TAKEN = { code: 'BP_ERR_OFFER_TAKEN', alert: 'Taken by another driver.' };
const INVALID = { code: 'BP_ERR_ACCEPT_LINK_INVALID', alert: 'This accept link is not valid. Nothing was changed.' };
/** 3.5% of a 100.00 block. */
const FEE = 350;

describeEachDatabase('one-tap accepts of offered blocks', (database) => {
  let sim: Simulator;
  let simUrl: string;
  let t: TestApp;
  let clock: TestClock;

  before(async () => {
    const started = await startSimulator();
    sim = started.sim;
    simUrl = started.url;
    clock = new TestClock(Date.now());
    t = await startTestApp(database(), { env: simulatorEnv(started.url), clock });
  });
  after(async () => {
    await t.app.close();
    await sim.close();
  });

  const post = (url: string, payload: object, token?: string) => call(t.app, { method: 'POST', url, payload, ...(token ? { headers: bearer(token) } : {}) });
  const db = () => t.database.db;

  async function connected(): Promise<TestDriver & { accountId: string }> {
    const driver = await signUp(t.app, t.database);
    const first = await post('/api/user/connectAccount', {}, driver.token);
    const { challenge_url, code_verifier } = first.json().challenge_session;
    const landing = await signInAsDriver(challenge_url, driver.email);
    expect((await post('/api/user/connectAccount', { challenge_response: landing, code_verifier }, driver.token)).statusCode).toBe(200);
    const account = await db().selectFrom('platform_accounts').select('platform_user_id').where('user_id', '=', driver.id).executeTakeFirstOrThrow();
    return { ...driver, accountId: account.platform_user_id };
  }

  /** A listed offer logged as `notify`, as the engine writes it: its log id. */
  async function offered(driver: TestDriver, startTime = tomorrowAt(9), rival: { rivalDelayMs?: number } = {}): Promise<{ logId: string; offerId: string; startTime: number }> {
    const offer = sim.control.injectOffer({ startTime, durationHours: 2, priceAmount: 100, ...rival });
    const facts = { offerId: offer.offerId, startTime: offer.startTime, endTime: offer.endTime, serviceAreaId: offer.serviceAreaId, priceAmount: 100, currency: 'USD' };
    const [logged] = await logIgnored(db(), driver.id, clock.now(), [{ offer: facts, reason: 'notify' }]);
    return { logId: logged!.id, offerId: offer.offerId, startTime: offer.startTime };
  }

  const entry = (logId: string) => db().selectFrom('offer_logs').select(['action', 'reason', 'cost_cents']).where('id', '=', logId).executeTakeFirstOrThrow();
  const creditOf = async (userId: string) => (await db().selectFrom('users').select('credit_cents').where('id', '=', userId).executeTakeFirstOrThrow()).credit_cents;
  const fees = async (userId: string, logId: string) => (await entriesOf(db(), userId)).filter((e) => e.key === `fee:${logId}`);
  const acceptsOf = (accountId: string) => sim.control.readRecord({ accountId }).accepts.length;

  let driver: TestDriver & { accountId: string };
  before(async () => {
    driver = await connected();
    // Credit for every fee below (the sign-up bonus covers one).
    await db()
      .transaction()
      .execute((trx) => credit(trx, driver.id, ledgerKey.adjustment(`notify-test-${driver.id}`), 100_00));
  });
  // Each tap spends the driver's share of the request limit: each test starts a new window.
  beforeEach(() => clock.advance(10_000));

  describe('POST /api/user/acceptNotified', () => {
    it('books the block and charges its fee once; a second tap answers "already accepted" and charges nothing', async () => {
      const { logId } = await offered(driver);
      const creditBefore = await creditOf(driver.id);
      const res = await post('/api/user/acceptNotified', { id: logId }, driver.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: { outcome: 'accepted', feeCents: FEE }, alert: 'Block accepted.' });
      expect(await entry(logId)).toEqual({ action: 'BLOCK_ACCEPT', reason: null, cost_cents: FEE });
      expect(await creditOf(driver.id)).toBe(creditBefore - FEE);
      clock.advance(10_000);
      const again = await post('/api/user/acceptNotified', { id: logId }, driver.token);
      expect(again.json()).toEqual({ data: { outcome: 'alreadyAccepted', feeCents: 0 }, alert: 'This block is already accepted. Nothing was charged again.' });
      expect(await creditOf(driver.id)).toBe(creditBefore - FEE);
      expect(await fees(driver.id, logId)).toEqual([expect.objectContaining({ amountCents: -FEE })]);
    });

    it('two taps at once ask the platform once and charge the fee once', async () => {
      const { logId } = await offered(driver, tomorrowAt(15));
      const acceptsBefore = acceptsOf(driver.accountId);
      const creditBefore = await creditOf(driver.id);
      const [a, b] = await Promise.all([post('/api/user/acceptNotified', { id: logId }, driver.token), post('/api/user/acceptNotified', { id: logId }, driver.token)]);
      expect([a.json().data, b.json().data].sort((x, y) => x.outcome.localeCompare(y.outcome))).toEqual([
        { outcome: 'accepted', feeCents: FEE },
        { outcome: 'alreadyAccepted', feeCents: 0 },
      ]);
      expect(acceptsOf(driver.accountId)).toBe(acceptsBefore + 1);
      expect(await creditOf(driver.id)).toBe(creditBefore - FEE);
      expect(await fees(driver.id, logId)).toHaveLength(1);
    });

    it('a tap slower than a whole other tap (entry read before that booking, claim written after it) answers "already accepted" and asks nothing', async () => {
      const ctx = testContext(t.database, { env: simulatorEnv(simUrl), clock });
      try {
        const { logId } = await offered(driver, tomorrowAt(17));
        const readBeforeTheOtherTap = await loadEntry(ctx, logId);
        expect((await post('/api/user/acceptNotified', { id: logId }, driver.token)).json().data).toEqual({ outcome: 'accepted', feeCents: FEE });
        const acceptsBefore = acceptsOf(driver.accountId);
        const creditBefore = await creditOf(driver.id);
        clock.advance(10_000);
        const user = await signedInUserRow(db(), driver.id);
        expect(await acceptEntry(ctx, user!, readBeforeTheOtherTap!)).toEqual({ outcome: 'alreadyAccepted', feeCents: 0 });
        expect(acceptsOf(driver.accountId)).toBe(acceptsBefore);
        expect(await creditOf(driver.id)).toBe(creditBefore);
        expect(await db().selectFrom('accept_attempts').select('offer_id').where('user_id', '=', driver.id).execute()).toEqual([]);
      } finally {
        await ctx.background.drain();
        await ctx.platform.close();
      }
    });

    it('refuses a block overlapping a booked one, asking the platform nothing', async () => {
      const start = tomorrowAt(20);
      const booked = sim.control.injectOffer({ startTime: start, durationHours: 2, priceAmount: 100 });
      const facts = { offerId: booked.offerId, startTime: booked.startTime, endTime: booked.endTime, serviceAreaId: booked.serviceAreaId, priceAmount: 100, currency: 'USD' };
      await recordAccept(db(), { userId: driver.id, offer: facts, discoveredAt: clock.now(), feeCents: 0, createdAt: clock.now() });
      const { logId } = await offered(driver, start + 3600);
      const acceptsBefore = acceptsOf(driver.accountId);
      const res = await post('/api/user/acceptNotified', { id: logId }, driver.token);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ code: 'BP_ERR_OFFER_NOT_BOOKABLE', alert: 'This block overlaps a block you already have. Nothing was changed.' });
      expect(await entry(logId)).toMatchObject({ action: 'BLOCK_IGNORE', reason: 'notify' });
      expect(acceptsOf(driver.accountId)).toBe(acceptsBefore);
    });

    it('a block a rival took: "Taken by another driver", the entry becomes taken, nothing charged', async () => {
      const { logId, offerId } = await offered(driver, tomorrowAt(4), { rivalDelayMs: 0 });
      const creditBefore = await creditOf(driver.id);
      // The rival takes it on the simulator's clock.
      await waitFor('the rival took the offer', async () => sim.control.listOffers().every((o) => o.offerId !== offerId));
      const res = await post('/api/user/acceptNotified', { id: logId }, driver.token);
      expect(res.statusCode).toBe(410);
      expect(res.json()).toEqual(TAKEN);
      expect(await entry(logId)).toMatchObject({ action: 'BLOCK_IGNORE', reason: 'taken' });
      expect(await creditOf(driver.id)).toBe(creditBefore);
      // Asked again, the entry answers without the platform.
      expect((await post('/api/user/acceptNotified', { id: logId }, driver.token)).json()).toEqual(TAKEN);
    });

    it("answers 404 for another driver's entry", async () => {
      const other = await signUp(t.app, t.database);
      const { logId } = await offered(driver, tomorrowAt(6));
      expect((await post('/api/user/acceptNotified', { id: logId }, other.token)).statusCode).toBe(404);
      expect(await entry(logId)).toMatchObject({ reason: 'notify' });
    });
  });

  describe('POST /api/offers/acceptOffered (the signed token, no session)', () => {
    const key = () => Buffer.from(TEST_LINK_SIGNING_KEY, 'base64');

    it('books with a valid token; refuses a tampered one, one signed for another driver and an expired one, changing nothing', async () => {
      const { logId, startTime } = await offered(driver, tomorrowAt(12));
      const other = await signUp(t.app, t.database);
      const good = acceptToken(key(), driver.id, logId, startTime);
      const tampered = good.slice(0, -2) + (good.endsWith('AA') ? 'BB' : 'AA');
      const longer = acceptToken(key(), driver.id, logId, startTime + 3600);
      const forged = `${logId}.${startTime + 3600}.${good.split('.')[2]}`;
      for (const token of [tampered, acceptToken(key(), other.id, logId, startTime), forged, 'not-a-token']) {
        const res = await post('/api/offers/acceptOffered', { token });
        expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 400, body: INVALID });
      }
      expect(longer).not.toBe(forged);
      const expired = acceptToken(key(), driver.id, logId, Math.floor(clock.now().getTime() / 1000) - 1);
      const late = await post('/api/offers/acceptOffered', { token: expired });
      expect(late.statusCode).toBe(410);
      expect(late.json().code).toBe('BP_ERR_OFFER_EXPIRED');
      expect(await entry(logId)).toMatchObject({ action: 'BLOCK_IGNORE', reason: 'notify' });

      const page = await post('/api/offers/offeredBlock', { token: good });
      expect(page.json().data).toMatchObject({ startTime, priceAmount: 100, currency: 'USD', state: 'offered' });
      const res = await post('/api/offers/acceptOffered', { token: good });
      expect(res.json()).toEqual({ data: { outcome: 'accepted', feeCents: FEE }, alert: 'Block accepted.' });
      expect((await post('/api/offers/offeredBlock', { token: good })).json().data.state).toBe('accepted');
      clock.advance(10_000);
      expect((await post('/api/offers/acceptOffered', { token: good })).json().data).toEqual({ outcome: 'alreadyAccepted', feeCents: 0 });
      expect(await fees(driver.id, logId)).toHaveLength(1);
    });
  });

  describe("the Telegram message's Accept button", () => {
    it('accepts from the chat linked to the driver, and refuses the same tap from any other chat', async () => {
      const ctx = testContext(t.database, { env: simulatorEnv(simUrl), clock });
      try {
        const { logId } = await offered(driver, tomorrowAt(22));
        await db().updateTable('users').set({ telegram_chat_id: '5150' }).where('id', '=', driver.id).execute();
        expect(await answerTelegramButton(ctx, '9999', `accept:${logId}`)).toBe(INVALID.alert);
        expect(await answerTelegramButton(ctx, '5150', 'accept:not-an-entry')).toBe(INVALID.alert);
        expect(await entry(logId)).toMatchObject({ reason: 'notify' });
        expect(await answerTelegramButton(ctx, '5150', `accept:${logId}`)).toBe('Block accepted.');
        expect(await entry(logId)).toMatchObject({ action: 'BLOCK_ACCEPT', cost_cents: FEE });
        clock.advance(10_000);
        expect(await answerTelegramButton(ctx, '5150', `accept:${logId}`)).toBe('This block is already accepted. Nothing was charged again.');
      } finally {
        await ctx.background.drain();
        await ctx.platform.close();
      }
    });
  });
});
