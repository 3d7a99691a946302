import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { after, before, it } from 'node:test';
import { expect } from 'expect';
import { SIGN_UP_BONUS_CENTS } from '@blockpilot/shared/constants';
import { readOutbox } from '../../adapters/mail/outboxMailer.js';
import type { AppContext } from '../../context.js';
import { claimAutoTopUp } from '../../domain/autoTopUp.js';
import { balanceOf, charge, credit, entriesOf } from '../../domain/ledger.js';
import { bearer, expectFieldErrors, signUp, startTestApp, type TestApp, type TestDriver } from '../../../test/app.js';
import { testContext } from '../../../test/context.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { waitFor } from '../../../test/platform.js';
import { autoTopUpIfDue } from './autoTopUp.js';

const FAILED_SUBJECT = 'Automatic top-up failed and is now off';

describeEachDatabase('automatic top-up', (database, kind) => {
  let t: TestApp;
  /** Two more processes on the same database, as a search worker and a second API process would be. */
  let processes: AppContext[];
  before(async () => {
    t = await startTestApp(database());
    processes = [testContext(database()), testContext(database())];
  });
  after(async () => {
    await Promise.all(processes.map((ctx) => ctx.background.drain()));
    await t.app.close();
  });

  const settings = (driver: TestDriver) => t.app.inject({ url: '/api/store/autoTopUp', headers: bearer(driver.token) });
  const save = (driver: TestDriver, body: object) => t.app.inject({ method: 'PUT', url: '/api/store/autoTopUp', payload: body, headers: bearer(driver.token) });
  const form = (url: string) => t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '0' } });

  /** Saves a card on the dev checkout's page and turns automatic top-up on. */
  async function enable(driver: TestDriver, { amount, threshold, card = 'pays' }: { amount: number; threshold: number; card?: 'pays' | 'declines' }) {
    const setup = await t.app.inject({ method: 'POST', url: '/api/store/autoTopUp/card', headers: bearer(driver.token) });
    expect(setup.statusCode).toBe(200);
    const url = setup.json().data as string;
    expect(url).toMatch(/^\/dev\/checkout\/card\/[0-9a-f-]{36}$/);
    expect((await t.app.inject({ url })).body).toContain('Save a card that pays');
    const saved = await form(`${url}/${card}`);
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe('/account/credit');
    const res = await save(driver, { enabled: true, amount, threshold });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ enabled: true, amount, threshold, card: { label: expect.any(String) } });
  }

  /** A fee charged: the credit falls by `cents`. */
  const fee = (driver: TestDriver, cents: number) =>
    database()
      .db.transaction()
      .execute((trx) => charge(trx, driver.id, `fee:${randomUUID()}`, cents));
  /** What every process does after a fee: check, all at once. */
  const everyProcessChecks = (driver: TestDriver) => Promise.all(processes.map((ctx) => autoTopUpIfDue(ctx, driver.id)));
  const topUps = async (driver: TestDriver) => (await entriesOf(database().db, driver.id)).filter((entry) => entry.kind === 'topup');
  const orders = (driver: TestDriver) => database().db.selectFrom('orders').select(['status', 'amount_cents']).where('user_id', '=', driver.id).orderBy('created_at').execute();
  /**
   * The orders once `count` are settled. Saving the settings also checks the credit in the app's
   * own background, so a charge may be made there rather than by the processes here.
   */
  const settledOrders = (driver: TestDriver, count: number) =>
    waitFor(`${count} settled orders`, async () => {
      const found = await orders(driver);
      return found.length === count && found.every((order) => order.status !== 'pending') && found;
    });

  it('charges once when two fees at once take the credit below the threshold, as a normal top-up', async () => {
    const driver = await signUp(t.app, t.database);
    await enable(driver, { amount: 2000, threshold: 500 });
    await Promise.all([fee(driver, 300), fee(driver, 300)]);
    await Promise.all([everyProcessChecks(driver), everyProcessChecks(driver)]);
    expect(await settledOrders(driver, 1)).toEqual([{ status: 'paid', amount_cents: 2000 }]);
    expect(await topUps(driver)).toEqual([expect.objectContaining({ amountCents: 2000 })]);
    expect(await balanceOf(database().db, driver.id)).toBe(SIGN_UP_BONUS_CENTS - 600 + 2000);
    expect((await settings(driver)).json().data).toMatchObject({ enabled: true, lastCharge: { amount: 2000, status: 'paid' }, lastFailure: null });
  });

  if (kind === 'postgres') {
    // A claim read the credit without waiting for a credit in flight: a top-up paid while a second
    // process was claiming left it charging the card again for a crossing already paid.
    it('claims nothing while a credit that lifts the balance above the threshold is in flight, once it commits', async () => {
      const driver = await signUp(t.app, t.database);
      const { db } = database();
      // Written directly, not saved through the API, so no check of the app's own runs beside this one.
      await db
        .insertInto('auto_top_ups')
        .values({ user_id: driver.id, enabled: true, armed: true, amount_cents: 2000, threshold_cents: 500, customer_ref: 'dev_customer', payment_method_ref: 'dev_card_pays' })
        .execute();
      await fee(driver, 600); // 400: below the threshold
      let commitCredit!: () => void;
      const creditHeld = new Promise<void>((resolve) => (commitCredit = resolve));
      let creditWritten!: () => void;
      const written = new Promise<void>((resolve) => (creditWritten = resolve));
      const topUp = db.transaction().execute(async (trx) => {
        await credit(trx, driver.id, `topup:${randomUUID()}`, 2000); // 2400 once committed
        creditWritten();
        await creditHeld;
      });
      await written;
      let claimAnswered = false;
      const claim = db
        .transaction()
        .execute((trx) => claimAutoTopUp(trx, driver.id, 'USD', new Date()))
        .finally(() => (claimAnswered = true));
      // Either the claim answers at once (it did not wait) or it waits on the credit's lock.
      await waitFor('the claim answered or waiting for the credit', async () => {
        const { rows } = await sql<{
          waiting: number;
        }>`select count(*)::int as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`.execute(db);
        return claimAnswered || rows[0]!.waiting > 0;
      });
      commitCredit();
      await topUp;
      expect(await claim).toBeNull();
      expect(await orders(driver)).toEqual([]);
      expect(await balanceOf(db, driver.id)).toBe(2400);
    });
  }

  it('does not charge while the credit stays at or above the threshold', async () => {
    const driver = await signUp(t.app, t.database);
    await enable(driver, { amount: 1500, threshold: 500 });
    await fee(driver, 500);
    await everyProcessChecks(driver);
    expect(await balanceOf(database().db, driver.id)).toBe(500);
    expect(await orders(driver)).toEqual([]);
  });

  it('charges again only after the credit went back to the threshold and fell below it again', async () => {
    const driver = await signUp(t.app, t.database);
    await enable(driver, { amount: 1000, threshold: 800 });
    await fee(driver, 500); // 500: below
    await everyProcessChecks(driver);
    await settledOrders(driver, 1);
    expect(await balanceOf(database().db, driver.id)).toBe(1500);
    await fee(driver, 800); // 700: below again, after being above
    await everyProcessChecks(driver);
    await settledOrders(driver, 2);
    expect(await balanceOf(database().db, driver.id)).toBe(1700);
    await fee(driver, 1650); // 50: below
    await everyProcessChecks(driver);
    await settledOrders(driver, 3);
    expect(await balanceOf(database().db, driver.id)).toBe(1050);
    expect((await orders(driver)).map((order) => order.status)).toEqual(['paid', 'paid', 'paid']);

    // A top-up that leaves the credit below the threshold is still the same crossing: no more charges.
    const short = await signUp(t.app, t.database);
    await enable(short, { amount: 1000, threshold: 3000 });
    await everyProcessChecks(short); // 1000 < 3000: saving it on while below charges once
    await settledOrders(short, 1);
    expect(await balanceOf(database().db, short.id)).toBe(2000);
    await fee(short, 100);
    await everyProcessChecks(short);
    expect(await balanceOf(database().db, short.id)).toBe(1900);
    expect(await orders(short)).toHaveLength(1);
  });

  it('turns itself off when the card is declined, tells the driver once, and credits nothing', async () => {
    const driver = await signUp(t.app, t.database);
    await enable(driver, { amount: 2000, threshold: 500, card: 'declines' });
    await fee(driver, 600);
    await Promise.all([everyProcessChecks(driver), everyProcessChecks(driver)]);
    expect(await settledOrders(driver, 1)).toEqual([{ status: 'cancelled', amount_cents: 2000 }]);
    expect(await balanceOf(database().db, driver.id)).toBe(400);
    const view = await waitFor('turned off', async () => ((await settings(driver)).json().data.enabled === false ? (await settings(driver)).json().data : null));
    expect(view).toMatchObject({ enabled: false, card: { label: 'Test card (declines)' }, lastFailure: { reason: 'The card was declined.' } });
    const failureMails = async () => (await readOutbox(database().db, { to: driver.email })).filter((mail) => mail.subject === FAILED_SUBJECT);
    await waitFor('the failure e-mail', async () => (await failureMails()).length > 0);
    await Promise.all(processes.map((ctx) => ctx.background.drain()));
    expect(await failureMails()).toHaveLength(1);
    // Off: a later fall charges nothing.
    await fee(driver, 100);
    await everyProcessChecks(driver);
    expect(await orders(driver)).toHaveLength(1);
  });

  it('answers 400 per bad field and changes nothing', async () => {
    const driver = await signUp(t.app, t.database);
    const before = (await settings(driver)).json().data;
    expect(before).toMatchObject({ enabled: false, card: null, lastCharge: null, lastFailure: null });
    expectFieldErrors(await save(driver, { enabled: false, amount: 999, threshold: -1 }), ['amount', 'threshold']);
    expectFieldErrors(await save(driver, { enabled: false, amount: 1250, threshold: 500 }), ['amount']);
    expectFieldErrors(await save(driver, { enabled: false, amount: 1000, threshold: 1.5 }), ['threshold']);
    expectFieldErrors(await save(driver, { enabled: 'yes', amount: 1000, threshold: 500 }), ['enabled']);
    // On without a saved card: refused under "enabled".
    expectFieldErrors(await save(driver, { enabled: true, amount: 1000, threshold: 500 }), ['enabled']);
    expect((await settings(driver)).json().data).toEqual(before);
    expect(await database().db.selectFrom('auto_top_ups').selectAll().where('user_id', '=', driver.id).execute()).toEqual([]);
  });

  it('forgets the card and goes off', async () => {
    const driver = await signUp(t.app, t.database);
    await enable(driver, { amount: 1000, threshold: 500 });
    const res = await t.app.inject({ method: 'DELETE', url: '/api/store/autoTopUp/card', headers: bearer(driver.token) });
    expect(res.json().data).toMatchObject({ enabled: false, card: null });
  });
});
