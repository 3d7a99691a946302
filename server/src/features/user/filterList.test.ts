/**
 * Several filters (docs/PRODUCT.md "Several filters"), over HTTP: saveFilter without an id adds one
 * at the end; a driver renames, toggles, reorders and deletes theirs (never the first, never
 * another driver's), up to MAX_FILTERS_PER_DRIVER; every refusal has its code and changes
 * nothing. Against the simulator: a running search takes an offer that only a second filter,
 * added while it runs, accepts, and stops asking for that filter's station once it is deleted.
 */
import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import { userIdForEmail, type Simulator } from '@blockpilot/platform-sim';
import { MAX_FILTERS_PER_DRIVER } from '@blockpilot/shared/constants';
import { DEFAULT_FILTER, type Filter } from '@blockpilot/shared/types';
import type { AppContext } from '../../context.js';
import { bearer, call, expectFieldErrors, signUp, startTestApp, type TestApp, type TestDriver } from '../../../test/app.js';
import { TestClock } from '../../../test/clock.js';
import { simulatorEnv } from '../../../test/config.js';
import { testContext } from '../../../test/context.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { anyBlockFilter, connectDriver, eligibleAreas, setFilters, startSimulator, tomorrowAt, userRow, waitFor } from '../../../test/platform.js';

/** A platform account the simulator (seed 11) makes eligible for three stations: one filter per station. */
const THREE_STATION_ACCOUNT = 'several-filters-2@example.com';
const POLLS = '/GetOffersForProviderPost';

describeEachDatabase('several filters', (database) => {
  let sim: Simulator;
  let t: TestApp;
  let helper: AppContext;
  before(async () => {
    let url: string;
    ({ sim, url } = await startSimulator());
    t = await startTestApp(database(), { env: simulatorEnv(url), clock: new TestClock(Date.now()) });
    helper = testContext(database(), { env: simulatorEnv(url) });
  });
  after(async () => {
    await t.app.close();
    await helper.platform.close();
    await sim.close();
  });

  const post = (driver: TestDriver, url: string, payload: object) => call(t.app, { method: 'POST', url, payload, headers: bearer(driver.token) });
  const filtersOf = async (driver: TestDriver): Promise<Filter[]> => (await call(t.app, { url: '/api/user', headers: bearer(driver.token) })).json().data.filters;
  const add = (driver: TestDriver, filter: Omit<Filter, 'id'>) => post(driver, '/api/user/saveFilter', { filter });
  const expectRefused = (res: { statusCode: number; json(): { code: string } }, status: number, code: string) => {
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
  };

  describe('saveFilter without an id', () => {
    it('adds a filter at the end of the list and answers it with its new id', async () => {
      const driver = await signUp(t.app, t.database);
      const [first] = await filtersOf(driver);
      const second = { ...DEFAULT_FILTER, name: 'Evenings at DCH1', serviceAreas: ['sa-2'], time: [1080, 1320], pay: [30, 100] } satisfies Omit<Filter, 'id'>;
      const res = await add(driver, second);
      expect(res.statusCode).toBe(200);
      const added = res.json().data as Filter;
      expect(added).toEqual({ ...second, id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      expect(added.id).not.toBe(first!.id);
      expect(await filtersOf(driver)).toEqual([first, added]);
    });

    it('reports each bad field under its name and adds nothing', async () => {
      const driver = await signUp(t.app, t.database);
      const before = await filtersOf(driver);
      expectFieldErrors(await add(driver, { ...DEFAULT_FILTER, name: '', pay: [60, 40], days: [9] }), ['name', 'pay', 'days']);
      expectFieldErrors(await post(driver, '/api/user/saveFilter', { filter: { name: 'Only a name' } }), [
        'enabled',
        'serviceAreas',
        'days',
        'time',
        'pay',
        'payType',
        'duration',
        'timeToArrive',
      ]);
      expect(await filtersOf(driver)).toEqual(before);
    });

    it(`keeps at most ${MAX_FILTERS_PER_DRIVER} filters, refusing the next with BP_ERR_FILTER_LIMIT`, async () => {
      const driver = await signUp(t.app, t.database);
      // Two adds at once at the edge: the list is locked per driver, so exactly one of them fits.
      for (let n = 2; n < MAX_FILTERS_PER_DRIVER; n++) expect((await add(driver, { ...DEFAULT_FILTER, name: `Filter ${n}` })).statusCode).toBe(200);
      const racing = await Promise.all([add(driver, { ...DEFAULT_FILTER, name: 'Racer A' }), add(driver, { ...DEFAULT_FILTER, name: 'Racer B' })]);
      expect(racing.map((res) => res.statusCode).sort()).toEqual([200, 409]);
      const refused = await add(driver, { ...DEFAULT_FILTER, name: 'One too many' });
      expectRefused(refused, 409, 'BP_ERR_FILTER_LIMIT');
      expect(refused.json().alert).toContain(String(MAX_FILTERS_PER_DRIVER));
      expect(await filtersOf(driver)).toHaveLength(MAX_FILTERS_PER_DRIVER);
    });
  });

  describe('renaming and switching a filter', () => {
    it('saves the name and the switch of a filter after the first, leaving the others as they were', async () => {
      const driver = await signUp(t.app, t.database);
      const second = (await add(driver, { ...DEFAULT_FILTER, name: 'Second' })).json().data as Filter;
      const renamed = await post(driver, '/api/user/saveFilter', { filter: { ...second, name: 'Weekends only', enabled: false } });
      expect(renamed.json()).toEqual({ data: { ...second, name: 'Weekends only', enabled: false } });
      const [first, saved] = await filtersOf(driver);
      expect(first).toMatchObject({ name: 'My filter', enabled: true });
      expect(saved).toEqual({ ...second, name: 'Weekends only', enabled: false });
    });
  });

  describe('POST /api/user/reorderFilters', () => {
    it('puts the filters in the order given and answers them; the new first is the one the dashboard shows', async () => {
      const driver = await signUp(t.app, t.database);
      const [first] = await filtersOf(driver);
      const second = (await add(driver, { ...DEFAULT_FILTER, name: 'Second' })).json().data as Filter;
      const third = (await add(driver, { ...DEFAULT_FILTER, name: 'Third' })).json().data as Filter;
      const res = await post(driver, '/api/user/reorderFilters', { ids: [third.id, first!.id, second.id] });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((f: Filter) => f.name)).toEqual(['Third', 'My filter', 'Second']);
      expect((await filtersOf(driver)).map((f) => f.id)).toEqual([third.id, first!.id, second.id]);
    });

    it('reports a malformed list under ids, and refuses one that does not name each filter once with BP_ERR_FILTER_LIST_CHANGED', async () => {
      const driver = await signUp(t.app, t.database);
      const other = await signUp(t.app, t.database);
      const [first] = await filtersOf(driver);
      const second = (await add(driver, { ...DEFAULT_FILTER, name: 'Second' })).json().data as Filter;
      const [theirs] = await filtersOf(other);
      const before = await filtersOf(driver);
      for (const ids of ['abc', [], ['not-a-uuid'], [first!.id, first!.id], Array.from({ length: MAX_FILTERS_PER_DRIVER + 1 }, () => first!.id)]) {
        expectFieldErrors(await post(driver, '/api/user/reorderFilters', { ids }), ['ids']);
      }
      expectFieldErrors(await post(driver, '/api/user/reorderFilters', {}), ['ids']);
      // Missing one (added elsewhere since), or naming another driver's: nothing moves, theirs included.
      for (const ids of [[second.id], [second.id, theirs!.id], [second.id, first!.id, theirs!.id]]) {
        expectRefused(await post(driver, '/api/user/reorderFilters', { ids }), 409, 'BP_ERR_FILTER_LIST_CHANGED');
      }
      expect(await filtersOf(driver)).toEqual(before);
      expect(await filtersOf(other)).toEqual([theirs]);
    });
  });

  describe('POST /api/user/deleteFilter', () => {
    it('deletes a filter after the first and answers the ones left, in order', async () => {
      const driver = await signUp(t.app, t.database);
      const [first] = await filtersOf(driver);
      const second = (await add(driver, { ...DEFAULT_FILTER, name: 'Second' })).json().data as Filter;
      const third = (await add(driver, { ...DEFAULT_FILTER, name: 'Third' })).json().data as Filter;
      const res = await post(driver, '/api/user/deleteFilter', { id: second.id });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ data: [first, third], alert: 'Filter deleted.' });
      expect(await filtersOf(driver)).toEqual([first, third]);
      // The order stays whole after a delete: moving the last one up still works.
      expect((await post(driver, '/api/user/reorderFilters', { ids: [third.id, first!.id] })).statusCode).toBe(200);
    });

    it('never deletes the first filter (BP_ERR_FILTER_FIRST), but does once another was moved above it', async () => {
      const driver = await signUp(t.app, t.database);
      const [first] = await filtersOf(driver);
      expectRefused(await post(driver, '/api/user/deleteFilter', { id: first!.id }), 409, 'BP_ERR_FILTER_FIRST');
      const second = (await add(driver, { ...DEFAULT_FILTER, name: 'Second' })).json().data as Filter;
      expectRefused(await post(driver, '/api/user/deleteFilter', { id: first!.id }), 409, 'BP_ERR_FILTER_FIRST');
      await post(driver, '/api/user/reorderFilters', { ids: [second.id, first!.id] });
      expect((await post(driver, '/api/user/deleteFilter', { id: first!.id })).statusCode).toBe(200);
      expect(await filtersOf(driver)).toEqual([second]);
    });

    it("refuses another driver's filter as not found, and a malformed id under id", async () => {
      const driver = await signUp(t.app, t.database);
      const other = await signUp(t.app, t.database);
      const theirs = (await add(other, { ...DEFAULT_FILTER, name: 'Theirs' })).json().data as Filter;
      expectRefused(await post(driver, '/api/user/deleteFilter', { id: theirs.id }), 404, 'BP_ERR_NOT_FOUND');
      expectRefused(await post(driver, '/api/user/deleteFilter', { id: '00000000-0000-4000-8000-000000000000' }), 404, 'BP_ERR_NOT_FOUND');
      for (const payload of [{}, { id: 'abc' }, { id: 7 }]) expectFieldErrors(await post(driver, '/api/user/deleteFilter', payload), ['id']);
      // Saving over their filter is refused the same way.
      expectRefused(await post(driver, '/api/user/saveFilter', { filter: { ...theirs, name: 'taken over' } }), 404, 'BP_ERR_NOT_FOUND');
      expect((await filtersOf(other)).map((f) => f.name)).toEqual(['My filter', 'Theirs']);
    });
  });

  describe('the running search', () => {
    it('takes an offer only a second filter accepts, added while searching, and stops asking for its station once it is deleted', async () => {
      const driver = await signUp(t.app, t.database);
      const user = await userRow(helper, driver.id);
      await connectDriver(helper, user, THREE_STATION_ACCOUNT);
      const [stationA, stationB] = await eligibleAreas(helper, driver.id);
      await setFilters(helper, driver.id, [anyBlockFilter([stationA!], { name: 'Station A' })]);
      expect((await post(driver, '/api/user/toggleSearchState', { timezoneOffset: 0, searching: true })).statusCode).toBe(200);

      const second = await add(driver, anyBlockFilter([stationB!], { name: 'Station B, 90.00 and up', pay: [30, 100] }));
      expect(second.statusCode).toBe(200);
      sim.control.injectOffer({ serviceAreaId: stationB!, offerId: 'b-cheap', startTime: tomorrowAt(3), durationHours: 2, priceAmount: 60 });
      sim.control.injectOffer({ serviceAreaId: stationB!, offerId: 'b-good', startTime: tomorrowAt(6), durationHours: 2, priceAmount: 120 });
      const logs = () => t.database.db.selectFrom('offer_logs').select(['offer_id', 'action', 'reason']).where('user_id', '=', driver.id).orderBy('offer_id').execute();
      expect(await waitFor('both offers at the second station logged', async () => ((await logs()).length === 2 ? logs() : null))).toEqual([
        { offer_id: 'b-cheap', action: 'BLOCK_IGNORE', reason: 'pay' },
        { offer_id: 'b-good', action: 'BLOCK_ACCEPT', reason: null },
      ]);

      expect((await post(driver, '/api/user/deleteFilter', { id: (second.json().data as Filter).id })).statusCode).toBe(200);
      // Once a poll has left after the delete, station B is no longer asked for: its offer is never seen.
      const pollCount = () => sim.control.readRecord({ accountId: userIdForEmail(THREE_STATION_ACCOUNT) }).requests.filter((r) => r.path === POLLS).length;
      const afterDelete = pollCount();
      await waitFor('a poll after the delete', () => pollCount() >= afterDelete + 2);
      sim.control.injectOffer({ serviceAreaId: stationB!, offerId: 'b-late', startTime: tomorrowAt(9), durationHours: 2, priceAmount: 120 });
      sim.control.injectOffer({ serviceAreaId: stationA!, offerId: 'a-late', startTime: tomorrowAt(12), durationHours: 2, priceAmount: 120 });
      await waitFor('the offer at station A accepted', async () => (await logs()).some((row) => row.offer_id === 'a-late'));
      expect((await logs()).map((row) => row.offer_id)).toEqual(['a-late', 'b-cheap', 'b-good']);
      await post(driver, '/api/user/toggleSearchState', { timezoneOffset: 0, searching: false });
    });
  });
});
