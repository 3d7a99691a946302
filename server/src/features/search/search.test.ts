/**
 * Start's time zone over HTTP (app.inject, a simulator as the platform): the IANA zone sent beside
 * the browser's offset is checked, stored in its canonical spelling and used by the search's
 * matcher (daylight-saving changes followed); a Start without one falls back to the offset.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import type { Simulator } from '@blockpilot/platform-sim';
import type { AppContext } from '../../context.js';
import { loadCompiledFilters } from '../../engine/searchInputs.js';
import { kyselyDriverStore } from '../../stores/drivers.js';
import { bearer, call, expectFieldErrors, signUp, startTestApp, type TestApp, type TestDriver } from '../../../test/app.js';
import { simulatorEnv } from '../../../test/config.js';
import { testContext } from '../../../test/context.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { connectWithAnyBlockFilter, startSimulator, userRow } from '../../../test/platform.js';

const HOUR = 3_600_000;

describeEachDatabase('toggleSearchState and the time zone', (database) => {
  let sim: Simulator;
  let t: TestApp;
  let helper: AppContext;
  let driver: TestDriver;
  let area: string;

  before(async () => {
    let url: string;
    ({ sim, url } = await startSimulator());
    t = await startTestApp(database(), { env: simulatorEnv(url) });
    helper = testContext(database(), { env: simulatorEnv(url) });
    driver = await signUp(t.app, t.database);
    // Mondays 09:00-09:15, in the driver's zone.
    ({ area } = await connectWithAnyBlockFilter(helper, await userRow(helper, driver.id), { days: [1], time: [540, 555] }));
  });
  after(async () => {
    await t.app.close();
    await helper.platform.close();
    await sim.close();
  });

  const toggle = (payload: object) => call(t.app, { method: 'POST', url: '/api/user/toggleSearchState', payload, headers: bearer(driver.token) });
  const stored = () => t.database.db.selectFrom('users').select(['searching', 'timezone_offset', 'time_zone']).where('id', '=', driver.id).executeTakeFirstOrThrow();
  /** Monday 3 Nov 2025 14:00 UTC: 09:00 in New York (EST, just after the fall-back), 10:00 at the summer offset 240. */
  const mondayMorning = Date.UTC(2025, 10, 3, 14);
  const matchesMondayMorning = async () =>
    (await loadCompiledFilters(kyselyDriverStore(t.database.db), driver.id)).match(
      { serviceAreaId: area, startMs: mondayMorning, endMs: mondayMorning + 3 * HOUR, priceCents: 9000 },
      mondayMorning - HOUR,
    ) !== null;

  describe('POST /api/user/toggleSearchState', () => {
    it('refuses an unknown or malformed timeZone with a message under timeZone, and does not start', async () => {
      for (const timeZone of ['Mars/Olympus_Mons', 'EST5EDT/Nowhere', '', 'x'.repeat(101), 300]) {
        expectFieldErrors(await toggle({ timezoneOffset: 300, timeZone }), ['timeZone']);
      }
      expect(await stored()).toEqual({ searching: false, timezone_offset: 0, time_zone: null });
    });

    it('stores the zone in its canonical spelling and matches with its real offset at each block', async () => {
      // The browser's offset is from the summer (240); the zone knows Monday 3 Nov is already EST.
      const started = await toggle({ timezoneOffset: 240, timeZone: 'america/new_york' });
      expect(started.statusCode).toBe(200);
      expect(started.json().data).toMatchObject({ searching: true, status: { searching: true } });
      expect(await stored()).toEqual({ searching: true, timezone_offset: 240, time_zone: 'America/New_York' });
      expect(await matchesMondayMorning()).toBe(true);
      const stopped = await toggle({ timezoneOffset: 240, timeZone: 'America/New_York' });
      expect(stopped.json()).toMatchObject({ data: { searching: false }, alert: 'Searching stopped.' });
    });

    it('a Start without a zone clears the stored one and matches with the fixed offset', async () => {
      expect((await toggle({ timezoneOffset: 240 })).json().data).toMatchObject({ searching: true });
      expect(await stored()).toEqual({ searching: true, timezone_offset: 240, time_zone: null });
      expect(await matchesMondayMorning()).toBe(false); // read as 10:00
      await toggle({ timezoneOffset: 240 });
    });

    it('with the wanted state, a Stop of a stopped search and a Start of a running one change nothing', async () => {
      expect((await toggle({ timezoneOffset: 240, searching: false })).json()).toEqual({
        data: { searching: false, status: expect.any(Object) },
        alert: 'Searching is already stopped.',
      });
      expect((await stored()).searching).toBe(false);
      expect((await toggle({ timezoneOffset: 240, searching: true })).json().data).toMatchObject({ searching: true });
      expect((await toggle({ timezoneOffset: 240, searching: true })).json()).toEqual({
        data: { searching: true, status: expect.any(Object) },
        alert: 'Searching is already running.',
      });
      expect((await stored()).searching).toBe(true);
      expect((await toggle({ timezoneOffset: 240, searching: false })).json().data).toMatchObject({ searching: false });
      expect((await toggle({ timezoneOffset: 240, searching: false })).json().data).toMatchObject({ searching: false });
      expect((await stored()).searching).toBe(false);
      expectFieldErrors(await toggle({ timezoneOffset: 240, searching: 'no' }), ['searching']);
    });

    it('a stored zone this runtime does not know falls back to the offset instead of stopping the search', async () => {
      await t.database.db.updateTable('users').set({ timezone_offset: 300, time_zone: 'Atlantis/Lost' }).where('id', '=', driver.id).execute();
      expect(await matchesMondayMorning()).toBe(true); // 300 reads 09:00 too
      await t.database.db.updateTable('users').set({ timezone_offset: 240 }).where('id', '=', driver.id).execute();
      expect(await matchesMondayMorning()).toBe(false);
    });
  });
});
