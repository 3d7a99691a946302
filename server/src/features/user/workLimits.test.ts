/** The driver's work limits over HTTP (docs/PRODUCT.md "Work limits"): read, saved, refused per field. */
import { after, before, it } from 'node:test';
import { expect } from 'expect';
import { DEFAULT_WORK_LIMITS } from '@blockpilot/shared/api/schemas';
import { bearer, expectFieldErrors, expectSignInRequired, signUp, startTestApp, type TestApp, type TestDriver } from '../../../test/app.js';
import { describeEachDatabase } from '../../../test/databases.js';

describeEachDatabase('work limits', (database) => {
  let t: TestApp;
  let driver: TestDriver;

  before(async () => {
    t = await startTestApp(database());
    driver = await signUp(t.app, t.database);
  });
  after(async () => {
    await t.app.close();
  });

  const read = () => t.app.inject({ method: 'GET', url: '/api/user/workLimits', headers: bearer(driver.token) });
  const save = (workLimits: unknown) => t.app.inject({ method: 'POST', url: '/api/user/saveWorkLimits', payload: { workLimits }, headers: bearer(driver.token) });

  it('has none until saved, then keeps what was saved with the away ranges in date order', async () => {
    expect((await read()).json().data).toEqual(DEFAULT_WORK_LIMITS);
    const limits = {
      awayDates: [
        { from: '2026-12-24', to: '2026-12-26' },
        { from: '2026-12-10', to: '2026-12-10' },
      ],
      maxDayMinutes: 600,
      maxWeekMinutes: 2400,
      weeklyPayGoalCents: 120_000,
      travelBufferMinutes: 15,
      averageSpeedKmh: 50,
    };
    const saved = await save(limits);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().alert).toEqual(expect.any(String));
    const inOrder = { ...limits, awayDates: [limits.awayDates[1], limits.awayDates[0]] };
    expect(saved.json().data).toEqual(inOrder);
    expect((await read()).json().data).toEqual(inOrder);
  });

  it('refuses bad values under their own fields, all in one answer', async () => {
    expectFieldErrors(
      await save({
        ...DEFAULT_WORK_LIMITS,
        awayDates: [{ from: '2026-12-10', to: '2026-12-09' }],
        maxDayMinutes: 45,
        maxWeekMinutes: -30,
        weeklyPayGoalCents: 1.5,
        averageSpeedKmh: 500,
      }),
      ['awayDates', 'maxDayMinutes', 'maxWeekMinutes', 'weeklyPayGoalCents', 'averageSpeedKmh'],
    );
    expectFieldErrors(await save({ ...DEFAULT_WORK_LIMITS, awayDates: [{ from: '2026-02-30', to: '2026-03-01' }] }), ['awayDates']);
    expectFieldErrors(await save({ ...DEFAULT_WORK_LIMITS, travelBufferMinutes: 121 }), ['travelBufferMinutes']);
  });

  it('needs a session', async () => {
    expectSignInRequired(await t.app.inject({ method: 'GET', url: '/api/user/workLimits' }));
  });
});
