/**
 * The search as every device sees it (docs/LIVE.md), over HTTP against the simulator: Start and
 * Stop set the wanted state (a Stop from an out-of-date screen never starts the search), the live
 * stream brings a Stop on one device to the others, the credit guard pauses with what it skipped
 * and resumes by itself after a top-up, the driver is told once that their credit is low, Start
 * is refused when no station of the filter is eligible, and every ignored offer says why.
 */
import { after, before, describe, it } from 'node:test';
import { randomUUID } from 'node:crypto';
import { expect } from 'expect';
import type { Simulator } from '@blockpilot/platform-sim';
import type { SearchStatus } from '@blockpilot/shared/types';
import type { AppContext } from '../../context.js';
import { readOutbox } from '../../adapters/mail/outboxMailer.js';
import { bearer, call, signUp, startTestApp, type TestApp, type TestDriver } from '../../../test/app.js';
import { TestClock } from '../../../test/clock.js';
import { simulatorEnv } from '../../../test/config.js';
import { testContext } from '../../../test/context.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { openDevice, type Device } from '../../../test/liveStream.js';
import { anyBlockFilter, connectWithAnyBlockFilter, setFilters, startSimulator, userRow, waitFor } from '../../../test/platform.js';
import { charge, ledgerKey } from '../../domain/ledger.js';

const lastStatus = (device: Device): SearchStatus | undefined => device.events.filter((e) => e.type === 'status').at(-1)?.status;

describeEachDatabase('live search status', (database) => {
  let sim: Simulator;
  let t: TestApp;
  let baseUrl: string;
  let helper: AppContext;

  before(async () => {
    let url: string;
    ({ sim, url } = await startSimulator());
    t = await startTestApp(database(), { env: simulatorEnv(url), clock: new TestClock(Date.now()) });
    baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
    helper = testContext(database(), { env: simulatorEnv(url) });
  });
  after(async () => {
    await t.app.close();
    await helper.platform.close();
    await sim.close();
  });

  /** A signed-up driver with a connected account and a filter taking any block of 60.00 or more. */
  async function connectedDriver(): Promise<TestDriver & { area: string }> {
    const driver = await signUp(t.app, t.database);
    const { area } = await connectWithAnyBlockFilter(helper, await userRow(helper, driver.id));
    return { ...driver, area };
  }
  const toggle = (driver: TestDriver, payload: object) =>
    call(t.app, { method: 'POST', url: '/api/user/toggleSearchState', payload: { timezoneOffset: 0, ...payload }, headers: bearer(driver.token) });
  const status = async (driver: TestDriver): Promise<SearchStatus> => (await call(t.app, { url: '/api/user/getSearchStatus', headers: bearer(driver.token) })).json().data;
  const searching = async (driver: TestDriver) => (await t.database.db.selectFrom('users').select('searching').where('id', '=', driver.id).executeTakeFirstOrThrow()).searching;
  const stop = (driver: TestDriver) => toggle(driver, { searching: false });

  describe('Start and Stop', () => {
    it('set the state the driver asked for: a Stop from a stale screen never starts the search, a second Start changes nothing', async () => {
      const driver = await connectedDriver();
      const staleStop = await toggle(driver, { searching: false });
      expect(staleStop.statusCode).toBe(200);
      expect(staleStop.json()).toMatchObject({ data: { searching: false }, alert: 'Searching is already stopped.' });
      expect(await searching(driver)).toBe(false);

      expect((await toggle(driver, { searching: true })).json().data).toMatchObject({ searching: true, status: { searching: true, pausedFor: null } });
      expect((await toggle(driver, { searching: true })).json()).toMatchObject({ data: { searching: true }, alert: 'Searching is already running.' });
      expect(await searching(driver)).toBe(true);

      expect((await stop(driver)).json().data).toMatchObject({ searching: false });
      expect(await searching(driver)).toBe(false);
      // Without `searching` the state flips, as before.
      expect((await toggle(driver, {})).json().data.searching).toBe(true);
      expect((await toggle(driver, {})).json().data.searching).toBe(false);
    });

    it('refuses a `searching` that is not a boolean, changing nothing', async () => {
      const driver = await connectedDriver();
      const res = await toggle(driver, { searching: 'false' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty('searching');
      expect(await searching(driver)).toBe(false);
    });

    it('refuses a Start whose filter names only stations the account may not work, saying so; the stations are marked', async () => {
      const driver = await connectedDriver();
      const areas = (await call(t.app, { method: 'POST', url: '/api/user/getServiceAreas', payload: {}, headers: bearer(driver.token) })).json().data as Array<{
        id: string;
        eligible?: boolean;
      }>;
      const notEligible = areas.filter((area) => area.eligible === false);
      expect(areas.some((area) => area.id === driver.area && area.eligible === true)).toBe(true);
      expect(notEligible.length).toBeGreaterThan(0);
      await setFilters(helper, driver.id, [anyBlockFilter(notEligible.map((area) => area.id))]);
      const refused = await toggle(driver, { searching: true });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().alert).toMatch(/None of the stations in your filter is one your Amazon Flex account can work/);
      expect(await searching(driver)).toBe(false);
    });
  });

  describe('the live stream', () => {
    it('answers 401 without a token', async () => {
      expect((await fetch(`${baseUrl}/api/user/events`)).status).toBe(401);
    });

    it('tells every open device the status at once: a Stop on one shows on the other, whose button then sends Start', async () => {
      const driver = await connectedDriver();
      const phone = await openDevice(baseUrl, driver.token);
      const laptop = await openDevice(baseUrl, driver.token);
      try {
        // Each device hears the real state first (never a guess).
        await waitFor('both devices know the state', () => lastStatus(phone)?.searching === false && lastStatus(laptop)?.searching === false);
        await toggle(driver, { searching: true });
        await waitFor('the phone hears the Start', () => lastStatus(phone)?.searching === true);
        await stop(driver); // on the laptop
        await waitFor('the phone hears the Stop', () => lastStatus(phone)?.searching === false);
        expect(await searching(driver)).toBe(false);
      } finally {
        phone.close();
        laptop.close();
      }
    });

    it('tells every open device the account changed when a Start clears a puzzle, so its notice goes without a reload', async () => {
      const driver = await connectedDriver();
      await t.database.db.updateTable('users').set({ puzzle_required: true }).where('id', '=', driver.id).execute();
      const phone = await openDevice(baseUrl, driver.token);
      try {
        await waitFor('the phone knows the state', () => lastStatus(phone)?.searching === false);
        const accountEvents = () => phone.events.filter((e) => e.type === 'account').length;
        await toggle(driver, { searching: true }); // "I solved it, resume" on the laptop
        await waitFor('the phone hears the account change', () => accountEvents() === 1 && lastStatus(phone)?.searching === true);
        expect((await userRow(helper, driver.id)).puzzle_required).toBe(false);
      } finally {
        phone.close();
      }
    });
  });

  describe('the credit guard', () => {
    it('pauses when a matching offer costs more than the credit, says what it skipped and why, tells the driver once, and a top-up resumes it by itself', async () => {
      const driver = await connectedDriver();
      // 10.00 of sign-up credit less 9.50 of fees leaves 0.50: less than the 5.25 fee of a 150.00 block.
      await t.database.db.transaction().execute((trx) => charge(trx, driver.id, ledgerKey.fee(randomUUID()), 950));
      const device = await openDevice(baseUrl, driver.token);
      try {
        await toggle(driver, { searching: true });
        // Twelve hours from now's time of day: outside the window of the reasons test below, which
        // may poll the same station while these are still listed.
        const start = Math.floor(Date.now() / 1000) + 86_400 + 12 * 3600;
        sim.control.injectOffer({ serviceAreaId: driver.area, offerId: `big-${driver.id}`, startTime: start, durationHours: 3, priceAmount: 150 });
        sim.control.injectOffer({ serviceAreaId: driver.area, offerId: `bigger-${driver.id}`, startTime: start + 86_400, durationHours: 3, priceAmount: 280 });
        const paused = await waitFor('paused for credit, both offers counted', async () => {
          const now = await status(driver);
          return now.pausedFor === 'credit' && now.missed.count === 2 && now;
        });
        expect(paused).toMatchObject({ searching: true, missed: { count: 2, valueCents: 43_000 }, feesCovered: 0, lowCredit: true });
        await waitFor('the device hears the pause', () => lastStatus(device)?.pausedFor === 'credit');
        // The log entries are written beside the pause, not before it: their signal may come after the status.
        await waitFor('the device hears the log entries', () => device.events.some((e) => e.type === 'logs'));
        const entries = (await call(t.app, { method: 'POST', url: '/api/user/getLogs', payload: { query: { reason: { $in: ['credit'] } } }, headers: bearer(driver.token) })).json()
          .data;
        expect(entries.map((e: { reason: string }) => e.reason)).toEqual(['credit', 'credit']);

        const notices = async () => (await readOutbox(t.database.db, { to: driver.email })).filter((m) => m.subject === 'Your BlockPilot credit is running low');
        await waitFor('the low-credit notice', async () => (await notices()).length === 1);

        // A top-up through the checkout resumes the search by itself.
        const url = (await call(t.app, { method: 'POST', url: '/api/store/createStripeOrder', payload: { topup_amount: 2000 }, headers: bearer(driver.token) })).json()
          .data as string;
        await t.app.inject({ method: 'POST', url: `${url}/complete`, headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '0' } });
        await waitFor('resumed after the top-up', async () => (await status(driver)).pausedFor === null);
        await waitFor('the device hears the resume and the credit', () => lastStatus(device)?.pausedFor === null && device.events.some((e) => e.type === 'account'));
        expect(await status(driver)).toMatchObject({ searching: true, missed: { count: 0, valueCents: 0 } });
        expect(await notices()).toHaveLength(1);
      } finally {
        device.close();
        await stop(driver);
      }
    });
  });

  describe('ignore reasons', () => {
    it('logs why each offer was not taken: station, time, pay, arrival, overlap (with the block), hidden', async () => {
      const driver = await connectedDriver();
      const mine = driver.area;
      const areas = (await call(t.app, { method: 'POST', url: '/api/user/getServiceAreas', payload: {}, headers: bearer(driver.token) })).json().data as Array<{ id: string }>;
      const unselected = areas.find((area) => area.id !== mine)!.id;
      // Blocks start at the time of day of `soon` (30 minutes from now) on later days: the window
      // runs from an hour before that to ten hours after, and the lead time is 60 minutes.
      const soon = Math.floor(Date.now() / 1000) + 1800;
      const minuteOfDay = Math.floor((soon % 86_400) / 60);
      const time: [number, number] = [(minuteOfDay + 1380) % 1440, (minuteOfDay + 600) % 1440];
      await setFilters(helper, driver.id, [anyBlockFilter([mine], { time, timeToArrive: 60 })]);
      expect((await toggle(driver, { searching: true })).json()).toMatchObject({ data: { searching: true } });
      try {
        const day = 86_400;
        const offer = (offerId: string, startTime: number, priceAmount: number, more: object = {}, serviceAreaId = mine) =>
          sim.control.injectOffer({ serviceAreaId, offerId: `${offerId}-${driver.id}`, startTime, durationHours: 2, priceAmount, ...more });
        const bookedStart = soon + day;
        offer('booked', bookedStart, 150);
        await waitFor(
          'the first block booked',
          async () =>
            (await t.database.db.selectFrom('offer_logs').select('action').where('user_id', '=', driver.id).where('action', '=', 'BLOCK_ACCEPT').executeTakeFirst()) ?? false,
        );
        offer('overlap', bookedStart + 3600, 200);
        offer('time', soon + 2 * day + 12 * 3600, 150);
        offer('pay', soon + 3 * day, 30);
        offer('arrival', soon, 150);
        offer('hidden', soon + 4 * day, 150, { hidden: true });
        offer('station', soon + 5 * day, 150, {}, unselected);
        let logged: Array<{ offer_id: string; reason: string | null }> = [];
        const reasons = await waitFor('every offer logged', async () => {
          const rows = await t.database.db
            .selectFrom('offer_logs')
            .select(['offer_id', 'reason', 'overlap_start_time', 'overlap_service_area_id'])
            .where('user_id', '=', driver.id)
            .where('action', '=', 'BLOCK_IGNORE')
            .execute();
          logged = rows;
          return rows.length >= 5 && rows;
        }).catch((error: Error) => {
          // Say which offers were logged by then, so a failure on a loaded machine tells which one is missing.
          throw new Error(`${error.message}; logged by then: ${JSON.stringify(logged.map((row) => [row.offer_id.split('-')[0], row.reason]))}`);
        });
        const reasonOf = (id: string) => reasons.find((r) => r.offer_id === `${id}-${driver.id}`);
        expect(reasonOf('overlap')).toMatchObject({ reason: 'overlap', overlap_start_time: bookedStart, overlap_service_area_id: mine });
        expect(reasonOf('time')?.reason).toBe('time');
        expect(reasonOf('pay')?.reason).toBe('pay');
        expect(reasonOf('arrival')?.reason).toBe('arrival');
        expect(reasonOf('hidden')?.reason).toBe('hidden');
        // Only stations a filter names are polled: an unselected one is never asked for, so never logged.
        expect(reasonOf('station')).toBeUndefined();
        const logs = (await call(t.app, { method: 'POST', url: '/api/user/getLogs', payload: { query: { reason: { $in: ['overlap'] } } }, headers: bearer(driver.token) })).json()
          .data;
        expect(logs).toEqual([expect.objectContaining({ reason: 'overlap', overlaps: { startTime: bookedStart, serviceAreaId: mine } })]);
      } finally {
        await stop(driver);
      }
    });
  });
});
