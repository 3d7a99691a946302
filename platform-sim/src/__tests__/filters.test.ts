import { afterEach, describe, it } from 'node:test';
import { expect } from 'expect';
import type { Offer, Simulator } from '../index.js';
import { closeSims, connect, eligibleAreas, startSim, work, type Connected } from './helpers.js';

afterEach(closeSims);

const ids = (res: { json(): { offerList: Offer[] } }) =>
  res
    .json()
    .offerList.map((o) => o.offerId)
    .sort();

function poll(sim: Simulator, account: Connected, body: Record<string, unknown>) {
  return work(sim, account, 'POST', '/GetOffersForProviderPost', { apiVersion: 'V2', ...body });
}

/** The first of a few accounts eligible for at least `n` areas (eligibility comes from the seed). */
async function accountWithAreas(sim: Simulator, n: number): Promise<{ account: Connected; areas: string[] }> {
  for (let i = 0; i < 30; i++) {
    const account = await connect(sim, `multi${i}@example.com`);
    const areas = await eligibleAreas(sim, account);
    if (areas.length >= n) return { account, areas };
  }
  throw new Error(`no account eligible for ${n} areas`);
}

describe('GetOffersForProviderPost: service areas', () => {
  it('never lists an area the account is not eligible for, whatever it asks', async () => {
    const { sim } = await startSim({ autoOffers: false });
    const { account, areas } = await accountWithAreas(sim, 1);
    const all = sim.control.state().serviceAreas.map((a) => a.serviceAreaId);
    const others = all.filter((id) => !areas.includes(id));
    expect(others.length).toBeGreaterThan(0);
    const mine = sim.control.injectOffer({ serviceAreaId: areas[0] });
    for (const id of others) sim.control.injectOffer({ serviceAreaId: id });

    const askAll = await poll(sim, account, { filters: { serviceAreaFilter: all, timeFilter: {} }, serviceAreaIds: all });
    expect(askAll.statusCode).toBe(200);
    expect(ids(askAll)).toEqual([mine.offerId]);
    const askOthers = await poll(sim, account, { filters: { serviceAreaFilter: others, timeFilter: {} }, serviceAreaIds: others });
    expect(askOthers.statusCode).toBe(200);
    expect(askOthers.json().offerList).toEqual([]);
  });

  it('lists the intersection when both serviceAreaIds and serviceAreaFilter are given, else the one given, else the eligible areas', async () => {
    const { sim } = await startSim({ autoOffers: false });
    const { account, areas } = await accountWithAreas(sim, 2);
    const [a, b] = areas as [string, string];
    const injected = new Map(areas.map((id) => [id, sim.control.injectOffer({ serviceAreaId: id }).offerId]));
    const inA = injected.get(a);
    const inB = injected.get(b);

    expect(ids(await poll(sim, account, { filters: { serviceAreaFilter: [b], timeFilter: {} }, serviceAreaIds: [a, b] }))).toEqual([inB]);
    expect(ids(await poll(sim, account, { filters: { serviceAreaFilter: [a], timeFilter: {} }, serviceAreaIds: [b] }))).toEqual([]);
    expect(ids(await poll(sim, account, { filters: { serviceAreaFilter: [], timeFilter: {} }, serviceAreaIds: [a] }))).toEqual([inA]);
    expect(ids(await poll(sim, account, { filters: { serviceAreaFilter: [b], timeFilter: {} }, serviceAreaIds: [] }))).toEqual([inB]);
    expect(ids(await poll(sim, account, { filters: { timeFilter: {} } }))).toEqual([...injected.values()].sort());
  });
});

describe('GetOffersForProviderPost: timeFilter', () => {
  /** Offers in the account's area starting tomorrow (UTC) at these "HH:MM" (a next-day one as "+HH:MM"). */
  async function setUp(starts: string[]) {
    const { sim } = await startSim({ autoOffers: false });
    const account = await connect(sim, 'window@example.com');
    const [area] = await eligibleAreas(sim, account);
    const tomorrow = (Math.floor(sim.control.state().now / 86_400_000) + 1) * 86_400;
    const byStart = new Map<string, string>();
    for (const start of starts) {
      const nextDay = start.startsWith('+');
      const [h, m] = start.replace('+', '').split(':').map(Number) as [number, number];
      const startTime = tomorrow + (nextDay ? 86_400 : 0) + h * 3600 + m * 60;
      byStart.set(start, sim.control.injectOffer({ serviceAreaId: area, startTime, durationHours: 2 }).offerId);
    }
    const listed = async (timeFilter: unknown) => {
      const res = await poll(sim, account, { filters: { serviceAreaFilter: [area], timeFilter }, serviceAreaIds: [area] });
      expect(res.statusCode).toBe(200);
      return [...byStart].filter(([, id]) => ids(res).includes(id)).map(([start]) => start);
    };
    return { sim, account, listed };
  }

  it('{} lists every start; a window lists the starts inside it, both ends included', async () => {
    const { listed } = await setUp(['06:00', '12:00', '12:01', '13:00', '23:30', '+01:00']);
    expect(await listed({})).toEqual(['06:00', '12:00', '12:01', '13:00', '23:30', '+01:00']);
    expect(await listed({ startTime: '06:00', endTime: '12:00' })).toEqual(['06:00', '12:00']);
    expect(await listed({ startTime: '12:01', endTime: '13:00' })).toEqual(['12:01', '13:00']);
    expect(await listed({ startTime: '12:00', endTime: '12:00' })).toEqual(['12:00']);
  });

  it('a window whose start is after its end wraps midnight', async () => {
    const { listed } = await setUp(['06:00', '22:59', '23:00', '23:30', '+00:00', '+01:00', '+02:00']);
    expect(await listed({ startTime: '23:00', endTime: '01:00' })).toEqual(['23:00', '23:30', '+00:00', '+01:00']);
  });

  it('rejects a malformed timeFilter with 400 { message }', async () => {
    const { sim, account } = await setUp([]);
    for (const timeFilter of [
      'morning',
      [],
      { startTime: '06:00' },
      { endTime: '06:00' },
      { startTime: '6:00', endTime: '12:00' },
      { startTime: '24:00', endTime: '12:00' },
      { startTime: '06:60', endTime: '12:00' },
      { startTime: 360, endTime: 720 },
      { startTime: '06:00', endTime: '12:00', days: [1] },
    ]) {
      const res = await poll(sim, account, { filters: { timeFilter } });
      expect({ timeFilter, status: res.statusCode }).toEqual({ timeFilter, status: 400 });
      expect(res.json().message).toMatch(/timeFilter/);
    }
    expect(sim.control.readRecord().totals.byOutcome.bad_request).toBe(9);
  });
});
