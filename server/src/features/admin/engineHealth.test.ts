/**
 * GET /api/admin/engineHealth (docs/OPERATIONS.md "Engine health"): support and admins read it
 * (a visitor 401, a driver 403), no read is recorded (data about no driver), bad `minutes` is a 400 under the field,
 * and the answer carries what the engine counted and the drivers' search states from the
 * database, sampled into the current minute; the minutes are kept in the database, so an API
 * started again (a deploy) still shows them.
 */
import { hostname } from 'node:os';
import { after, before, it } from 'node:test';
import { expect } from 'expect';
import { call, expectFieldErrors, expectSignInRequired, startTestApp, type TestApp, type TestDriver } from '../../../test/app.js';
import { EngineHealthSeries } from '../../engine/health.js';
import { TestClock } from '../../../test/clock.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { auditEntriesOf, auditEntryCount, callAs, startOperatorSuite } from '../../../test/operatorSuite.js';

const URL = '/api/admin/engineHealth';

describeEachDatabase('engine health API', (database) => {
  let t: TestApp;
  let admin: TestDriver;
  let supportUser: TestDriver;
  let driver: TestDriver;
  // The app's series, on a clock the test holds, so it can count as the engine would.
  const clock = new TestClock();
  const engineHealth = new EngineHealthSeries(() => clock.now().getTime());

  before(async () => {
    ({ t, admin, supportUser, driver } = await startOperatorSuite(database(), 'health-admin@blockpilot.test', undefined, { health: engineHealth }));
  });
  after(async () => {
    await t.app.close();
  });

  it('refuses a visitor (401) and a driver (403), writing no audit entry', async () => {
    const entries = await auditEntryCount(t);
    expectSignInRequired(await call(t.app, { url: URL }));
    const byDriver = await callAs(t, driver, { url: URL });
    expect([byDriver.statusCode, byDriver.json().alert]).toEqual([403, 'This page is for BlockPilot operators.']);
    expect(await auditEntryCount(t)).toBe(entries);
  });

  it('answers support what the engine counted this minute and the search states now, not recorded', async () => {
    // Two drivers searching, one of them paused for credit, and one waiting on a puzzle.
    await t.database.db.updateTable('users').set({ searching: true }).where('id', 'in', [driver.id, supportUser.id]).execute();
    await t.database.db.updateTable('users').set({ search_paused_for: 'credit' }).where('id', '=', supportUser.id).execute();
    await t.database.db.updateTable('users').set({ puzzle_required: true }).where('id', '=', admin.id).execute();
    engineHealth.offersSeen(12);
    engineHealth.accepted();
    engineHealth.throttled();
    engineHealth.backedOff(driver.id);
    engineHealth.failed('transient');
    engineHealth.raceLatency(0.8);

    const res = await callAs(t, supportUser, { url: `${URL}?minutes=30` });
    expect(res.statusCode).toBe(200);
    const health = res.json().data;
    const states = { searching: 1, waitingOnPuzzle: 1, pausedForCredit: 1 };
    // This process (WORKER_ID's default) wrote its minute for the read.
    expect(health.countedBy).toEqual([`${hostname()}-${process.pid}`]);
    expect(health.now).toEqual(states);
    expect(health.minutes.length).toBeGreaterThanOrEqual(1);
    expect(health.minutes.length).toBeLessThanOrEqual(30);
    expect(health.minutes.at(-1)).toEqual({
      at: Math.floor(clock.now().getTime() / 60_000) * 60_000,
      offersSeen: 12,
      accepted: 1,
      throttled: 1,
      puzzles: 0,
      backingOff: 1,
      errors: { transient: 1 },
      raceP50Ms: 0.8,
      raceP95Ms: 0.8,
      raceP99Ms: 0.8,
      ...states,
    });
    // An admin reads it too; without `minutes`, the last hour. Data about no driver: not recorded.
    const byAdmin = await callAs(t, admin, { url: URL });
    expect(byAdmin.statusCode).toBe(200);
    expect(await auditEntriesOf(t, 'engineHealth.view')).toEqual([]);
  });

  it('says without REDIS_URL that this process runs every search, with its job queues; not recorded, refused to a driver', async () => {
    const byDriver = await callAs(t, driver, { url: `${URL}/workers` });
    expect(byDriver.statusCode).toBe(403);
    const res = await callAs(t, supportUser, { url: `${URL}/workers` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      scaledOut: false,
      readAt: expect.any(Number),
      workers: [],
      leases: null,
      queues: [{ name: 'promotion', waiting: 0, active: 0, delayed: 0 }],
    });
    expect(await auditEntriesOf(t, 'engineWorkers.view')).toEqual([]);
  });

  it('still shows the minutes an API process counted after it is started again', async () => {
    const before = (await callAs(t, admin, { url: `${URL}?minutes=5` })).json().data;
    const counted = before.minutes.at(-1);
    expect(counted.offersSeen).toBeGreaterThan(0);
    await t.app.close();
    // A deploy: a new process, a new (empty) series, on the same database, three minutes later.
    clock.advance(3 * 60_000);
    const restarted = new EngineHealthSeries(() => clock.now().getTime());
    t = await startTestApp(t.database, { env: { ADMIN_EMAILS: 'health-admin@blockpilot.test' }, clock, engine: { health: restarted } });
    const after = (await callAs(t, admin, { url: `${URL}?minutes=60` })).json().data;
    expect(after.minutes.map((m: { at: number }) => m.at)).toContain(counted.at);
    expect(after.minutes.find((m: { at: number }) => m.at === counted.at)).toMatchObject({
      offersSeen: counted.offersSeen,
      accepted: counted.accepted,
      raceP99Ms: counted.raceP99Ms,
    });
    // The minutes in between (the engine idle) read as zero, up to the new current minute.
    expect(after.minutes.at(-1).at).toBe(counted.at + 3 * 60_000);
    expect(after.minutes.at(-2)).toMatchObject({ offersSeen: 0, accepted: 0 });
  });

  it('refuses minutes outside 1 to 1440 under the field, auditing nothing', async () => {
    const entries = await auditEntryCount(t);
    for (const minutes of ['0', '1441', 'an hour', '-5']) expectFieldErrors(await callAs(t, admin, { url: `${URL}?minutes=${encodeURIComponent(minutes)}` }), ['minutes']);
    expect(await auditEntryCount(t)).toBe(entries);
  });
});
