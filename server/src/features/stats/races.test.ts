/**
 * Races in the driver's stats (docs/ENGINE.md "Race timelines"): won and lost per week of listing
 * in the driver's zone, and the engine's time to accept at p50 and p95, another driver's races
 * never counted.
 */
import { after, before, it } from 'node:test';
import { expect } from 'expect';
import type { DriverStats } from '@blockpilot/shared/types';
import type { RaceAnswer } from '../../engine/raceLog.js';
import { writeRaces } from '../../stores/offerLog.js';
import { bearer, signUp, startTestApp, type TestApp, type TestDriver } from '../../../test/app.js';
import { TestClock } from '../../../test/clock.js';
import { describeEachDatabase } from '../../../test/databases.js';

/** A New York wall-clock time in November 2026 (UTC-5). */
const newYork = (day: number, hour: number) => new Date(Date.UTC(2026, 10, day, hour + 5));

describeEachDatabase('stats: races won and lost', (database) => {
  let t: TestApp;
  let a: TestDriver;
  let b: TestDriver;

  const race = (listedAt: Date, answer: RaceAnswer, sentAfterMs: number) => ({
    offerId: `o-${Math.random()}`,
    listedAt,
    sentAfterMs,
    answer,
    answeredAfterMs: 40,
    answeredAt: listedAt,
  });

  before(async () => {
    t = await startTestApp(database(), { clock: new TestClock(Date.UTC(2026, 10, 20)) });
    a = await signUp(t.app, t.database);
    b = await signUp(t.app, t.database);
    await t.database.db.updateTable('users').set({ time_zone: 'America/New_York' }).where('id', 'in', [a.id, b.id]).execute();
    // Week of Monday 23 November: 2 won, 1 lost; 20 sends of 1..20 ms in all for the percentiles.
    const week1 = [race(newYork(23, 9), 'accepted', 1), race(newYork(24, 9), 'accepted', 2), race(newYork(25, 9), 'taken', 3)];
    // Sunday 29 November 23:00 in New York is Monday in UTC: still the first week.
    week1.push(race(newYork(29, 23), 'taken', 4));
    const week2 = [race(newYork(30, 9), 'throttled', 5), ...Array.from({ length: 15 }, (_, i) => race(newYork(30, 10), 'accepted', 6 + i))];
    await writeRaces(t.database.db, a.id, [...week1, ...week2]);
    await writeRaces(t.database.db, b.id, [race(newYork(23, 9), 'taken', 900)]);
  });
  after(async () => {
    await t.app.close();
  });

  it('counts races per week and the time to accept at p50 and p95', async () => {
    const res = await t.app.inject({ url: '/api/user/stats?from=2026-11-23&to=2026-12-06', headers: bearer(a.token) });
    expect(res.statusCode).toBe(200);
    const { races } = (res.json() as { data: DriverStats }).data;
    expect(races.weeks).toEqual([
      { start: '2026-11-23', won: 2, lost: 2, other: 0 },
      { start: '2026-11-30', won: 15, lost: 0, other: 1 },
    ]);
    expect(races).toMatchObject({ won: 17, lost: 2, other: 1 });
    // 1..20 ms: the median interpolates between 10 and 11, the 95th between 19 and 20.
    expect(races.timeToAcceptP50Ms).toBeCloseTo(10.5);
    expect(races.timeToAcceptP95Ms).toBeCloseTo(19.05);
  });

  it('has no races and no percentiles for a span without any', async () => {
    const res = await t.app.inject({ url: '/api/user/stats?from=2026-10-05&to=2026-10-11', headers: bearer(b.token) });
    const { races } = (res.json() as { data: DriverStats }).data;
    expect(races).toEqual({ weeks: [{ start: '2026-10-05', won: 0, lost: 0, other: 0 }], won: 0, lost: 0, other: 0, timeToAcceptP50Ms: null, timeToAcceptP95Ms: null });
  });
});
