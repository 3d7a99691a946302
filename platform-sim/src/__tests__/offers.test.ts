import { afterEach, describe, it } from 'node:test';
import { expect } from 'expect';
import type { Offer } from '../index.js';
import { closeSims, connect, eligibleAreas, getOffers, startSim, work, type Connected } from './helpers.js';
import type { Simulator } from '../index.js';

afterEach(closeSims);

const MINUTE = 60_000;

/** Lets the board fill: polls every area over `minutes` so each offer is seen at least once. */
async function collectOffers(sim: Simulator, account: Connected, areaIds: string[], advance: (ms: number) => void, minutes: number): Promise<Map<string, Offer>> {
  const seen = new Map<string, Offer>();
  for (let i = 0; i < minutes; i++) {
    const res = await getOffers(sim, account, areaIds);
    for (const offer of res.json().offerList as Offer[]) seen.set(offer.offerId, offer);
    advance(MINUTE);
  }
  return seen;
}

describe('service areas', () => {
  it('lists eligible areas and the pool with real-looking names, deterministic per seed', async () => {
    const a = await startSim({ seed: 11, regions: ['US', 'UK'], serviceAreaCount: 8 });
    const b = await startSim({ seed: 11, regions: ['US', 'UK'], serviceAreaCount: 8 });
    const accA = await connect(a.sim, 'areas@example.com');
    const accB = await connect(b.sim, 'areas@example.com');
    const eligible = (await work(a.sim, accA, 'GET', '/eligibleServiceAreas')).json();
    const pool = (await work(a.sim, accA, 'GET', '/getOfferFiltersOptions')).json();
    expect(eligible.serviceAreaIds.length).toBeGreaterThanOrEqual(1);
    expect(pool.serviceAreaPoolList.length).toBe(4); // the account's region's half of 8
    for (const entry of pool.serviceAreaPoolList) {
      expect(Object.keys(entry).sort()).toEqual(['latitude', 'longitude', 'serviceAreaId', 'serviceAreaName']);
      // Stations of one region lie within a metropolitan area's spread of each other (travel times).
      expect(Math.abs(entry.latitude - pool.serviceAreaPoolList[0].latitude)).toBeLessThanOrEqual(1);
      expect(Math.abs(entry.longitude - pool.serviceAreaPoolList[0].longitude)).toBeLessThanOrEqual(1);
      expect(entry.serviceAreaName).toMatch(/^.+ \(D[A-Z0-9]{3}\) - Amazon\.co(m|\.uk)$/);
    }
    const poolIds = pool.serviceAreaPoolList.map((e: { serviceAreaId: string }) => e.serviceAreaId);
    expect(poolIds).toEqual(expect.arrayContaining(eligible.serviceAreaIds));
    expect((await work(b.sim, accB, 'GET', '/getOfferFiltersOptions')).json()).toEqual(pool);
    const c = await startSim({ seed: 12, regions: ['US', 'UK'], serviceAreaCount: 8 });
    expect(c.sim.control.state().serviceAreas).not.toEqual(a.sim.control.state().serviceAreas);
  });
});

describe('offers', () => {
  it('have the exact fields and realistic starts, durations, prices and currency', async () => {
    const { sim, clock } = await startSim({ seed: 3, offerRatePerAreaPerMinute: 20, rivalMeanDelayMs: null, serviceAreaCount: 4 });
    const account = await connect(sim, 'shape@example.com');
    const areaIds = sim.control.state().serviceAreas.map((a) => a.serviceAreaId);
    const first = await getOffers(sim, account, areaIds);
    expect(first.statusCode).toBe(200);
    expect(first.json().refreshInterval).toBe(1000);
    expect(first.json().refreshTimeout).toBe(1_800_000);

    const offers = [...(await collectOffers(sim, account, areaIds, clock.advance, 30)).values()];
    expect(offers.length).toBeGreaterThan(300);
    let surged = 0;
    let fractional = 0;
    for (const o of offers) {
      expect(Object.keys(o).sort()).toEqual(['endTime', 'expirationDate', 'hidden', 'offerId', 'offerType', 'rateInfo', 'schedulingType', 'serviceAreaId', 'startTime', 'status']);
      expect(Object.keys(o.rateInfo).sort()).toEqual(['currency', 'isSurge', 'priceAmount', 'projectedTips', 'surgeMultiplier']);
      expect(o.status).toBe('OFFERED');
      expect(o.schedulingType).toBe('BLOCK');
      expect(['NON_EXCLUSIVE', 'EXCLUSIVE']).toContain(o.offerType);
      expect(o.rateInfo.currency).toBe('USD');
      expect(areaIds).toContain(o.serviceAreaId);
      const hours = (o.endTime - o.startTime) / 3600;
      expect(hours * 2).toBeCloseTo(Math.round(hours * 2), 6);
      expect(hours).toBeGreaterThanOrEqual(1.5);
      expect(hours).toBeLessThanOrEqual(6);
      // Seen at most 30 min after arrival; starts 15 min to 4 days after arrival.
      expect(o.startTime - o.expirationDate).toBeGreaterThan(15 * 60 - 130);
      expect(o.startTime).toBeLessThan(clock.now() / 1000 + 4 * 86_400 + 3600);
      const perHour = o.rateInfo.priceAmount / hours / (o.rateInfo.surgeMultiplier ?? 1);
      expect(perHour).toBeGreaterThanOrEqual(17.99);
      expect(perHour).toBeLessThanOrEqual(35.01);
      expect(Math.round(o.rateInfo.priceAmount * 100)).toBeCloseTo(o.rateInfo.priceAmount * 100, 6);
      expect(o.rateInfo.isSurge).toBe(o.rateInfo.surgeMultiplier !== null);
      if (o.rateInfo.isSurge) surged++;
      if (!Number.isInteger(o.expirationDate) || !Number.isInteger(o.startTime)) fractional++;
    }
    expect(surged).toBeGreaterThan(0);
    expect(surged).toBeLessThan(offers.length / 3);
    expect(fractional).toBeGreaterThan(0);
  });

  it('are the same for the same seed and time, whoever polls when, and differ for another seed', async () => {
    const options = { offerRatePerAreaPerMinute: 6, serviceAreaCount: 3 };
    const a = await startSim({ seed: 42, ...options });
    const b = await startSim({ seed: 42, ...options });
    const c = await startSim({ seed: 43, ...options });
    const areasA = a.sim.control.state().serviceAreas.map((x) => x.serviceAreaId);
    expect(b.sim.control.state().serviceAreas.map((x) => x.serviceAreaId)).toEqual(areasA);
    const accA = await connect(a.sim, 'det@example.com');
    const accB = await connect(b.sim, 'det@example.com');
    const accC = await connect(c.sim, 'det@example.com');
    // a polls every minute; b only at the end: same board at the end.
    for (let i = 0; i < 10; i++) {
      await getOffers(a.sim, accA, areasA);
      a.clock.advance(MINUTE);
    }
    b.clock.advance(10 * MINUTE);
    c.clock.advance(10 * MINUTE);
    const listA = (await getOffers(a.sim, accA, areasA)).json().offerList;
    const listB = (await getOffers(b.sim, accB, areasA)).json().offerList;
    expect(listA.length).toBeGreaterThan(0);
    expect(listB).toEqual(listA);
    const areasC = c.sim.control.state().serviceAreas.map((x) => x.serviceAreaId);
    const listC = (await getOffers(c.sim, accC, areasC)).json().offerList;
    expect(listC.map((o: Offer) => o.offerId)).not.toEqual(listA.map((o: Offer) => o.offerId));
  });

  it('are generated only for the requested areas, and expire', async () => {
    const { sim, clock } = await startSim({ seed: 9, offerRatePerAreaPerMinute: 30, serviceAreaCount: 10, offerLifetimeMs: 60_000, rivalMeanDelayMs: null });
    const account = await connect(sim, 'lazy@example.com');
    const [one] = await eligibleAreas(sim, account);
    expect(sim.control.state().offersInMemory).toBe(0);
    const listed = (await getOffers(sim, account, [one as string])).json().offerList as Offer[];
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((o) => o.serviceAreaId === one)).toBe(true);
    // One area's worth (about 30/min over the 1 min lifetime), not ten areas'.
    expect(sim.control.state().offersInMemory).toBeLessThan(80);
    const ids = new Set(listed.map((o) => o.offerId));
    clock.advance(61_000);
    const later = (await getOffers(sim, account, [one as string])).json().offerList as Offer[];
    expect(later.some((o) => ids.has(o.offerId))).toBe(false);
  });

  it('falls back to the filter, then to the eligible areas, and rejects a malformed body', async () => {
    const { sim } = await startSim({ seed: 2, offerRatePerAreaPerMinute: 30 });
    const account = await connect(sim, 'fallback@example.com');
    const eligible = (await work(sim, account, 'GET', '/eligibleServiceAreas')).json().serviceAreaIds as string[];
    const byDefault = (await work(sim, account, 'POST', '/GetOffersForProviderPost', { apiVersion: 'V2', filters: { timeFilter: {} } })).json();
    expect(byDefault.offerList.length).toBeGreaterThan(0);
    expect(byDefault.offerList.every((o: Offer) => eligible.includes(o.serviceAreaId))).toBe(true);
    const bad = await work(sim, account, 'POST', '/GetOffersForProviderPost', { serviceAreaIds: 'x' });
    expect(bad.statusCode).toBe(400);
  });

  it('inject returns the offer, listed with the given fields in the area currency', async () => {
    const { sim } = await startSim({ seed: 4, regions: ['UK'], autoOffers: false });
    const account = await connect(sim, 'inject@example.com');
    const [areaId] = await eligibleAreas(sim, account);
    const area = sim.control.state().serviceAreas.find((a) => a.serviceAreaId === areaId)!;
    const start = Math.floor(sim.control.state().now / 1000) + 7200;
    const offer = sim.control.injectOffer({ serviceAreaId: area.serviceAreaId, startTime: start, durationHours: 3.5, priceAmount: 84.5 });
    expect(offer).toMatchObject({
      startTime: start,
      endTime: start + 3.5 * 3600,
      serviceAreaId: area.serviceAreaId,
      rateInfo: { priceAmount: 84.5, currency: 'GBP', isSurge: false },
    });
    const listed = (await getOffers(sim, account, [area.serviceAreaId])).json().offerList;
    expect(listed).toEqual([offer]);
  });
});
