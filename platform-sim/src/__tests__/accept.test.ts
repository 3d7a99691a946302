import { afterEach, describe, it } from 'node:test';
import { expect } from 'expect';
import { setTimeout as sleep } from 'node:timers/promises';
import { InputError, type Offer } from '../index.js';
import { call, closeSims, connect, eligibleAreas, getOffers, startSim, startSimWithPreciseClock, work, type Connected } from './helpers.js';

afterEach(closeSims);

describe('accepting offers', () => {
  it('a rival takes an offer after its delay: the offer leaves the board and accepting it is 410', async () => {
    const { sim, clock } = await startSim({ autoOffers: false });
    const account = await connect(sim, 'rival@example.com');
    const [area] = await eligibleAreas(sim, account);
    const offer = sim.control.injectOffer({ serviceAreaId: area, rivalDelayMs: 2000 });
    expect((await getOffers(sim, account, [offer.serviceAreaId])).json().offerList).toHaveLength(1);
    clock.advance(2000);
    expect((await getOffers(sim, account, [offer.serviceAreaId])).json().offerList).toHaveLength(0);
    const res = await work(sim, account, 'POST', '/AcceptOffer', { offerId: offer.offerId });
    expect(res.statusCode).toBe(410);
    expect(sim.control.readRecord().accepts).toEqual([expect.objectContaining({ offerId: offer.offerId, won: false, reason: 'taken_by_rival' })]);
  });

  it('a rival timed from the first listing: accepting as soon as the listing arrives beats a 50 ms rival, waiting 100 ms loses', async () => {
    const { sim } = await startSim({ autoOffers: false, rateLimitMax: 0 });
    const account = await connect(sim, 'listed-rival@example.com');
    const [area] = await eligibleAreas(sim, account);

    const fast = sim.control.injectOffer({ serviceAreaId: area, rivalAfterListedMs: 50 });
    expect((await getOffers(sim, account, [area!])).json().offerList.map((o: Offer) => o.offerId)).toEqual([fast.offerId]);
    expect((await work(sim, account, 'POST', '/AcceptOffer', { offerId: fast.offerId })).statusCode).toBe(200);

    const slow = sim.control.injectOffer({ serviceAreaId: area, rivalAfterListedMs: 50 });
    expect((await getOffers(sim, account, [area!])).json().offerList.map((o: Offer) => o.offerId)).toEqual([slow.offerId]);
    await sleep(100);
    const late = await work(sim, account, 'POST', '/AcceptOffer', { offerId: slow.offerId });
    expect(late.statusCode).toBe(410);
    expect((await getOffers(sim, account, [area!])).json().offerList).toEqual([]);

    const [won, lost] = sim.control.readRecord().accepts;
    expect(won).toMatchObject({ offerId: fast.offerId, won: true, reason: null });
    expect(won!.arrivedAt - won!.listedAt!).toBeLessThan(50);
    expect(lost).toMatchObject({ offerId: slow.offerId, won: false, reason: 'taken_by_rival' });
    expect(lost!.arrivedAt - lost!.listedAt!).toBeGreaterThanOrEqual(100);
  });

  it("the listing-relative rival starts at the first listing to any account, judged at each request's arrival; never before a listing", async () => {
    const { sim, precise } = await startSimWithPreciseClock({ autoOffers: false, rateLimitMax: 0 });
    const alice = await connect(sim, 'alice@example.com');
    const bob = await connect(sim, 'bob@example.com');
    const bobAreas = await eligibleAreas(sim, bob);
    const shared = (await eligibleAreas(sim, alice)).find((id) => bobAreas.includes(id))!;
    expect(shared).toBeDefined(); // both accounts must see the offer
    const listedTo = async (who: Connected) => ((await getOffers(sim, who, [shared])).json().offerList as Offer[]).map((o) => o.offerId);

    // Never listed: no rival, however long it waits.
    const unlisted = sim.control.injectOffer({ serviceAreaId: shared, rivalAfterListedMs: 0 });
    precise.advance(60_000);
    expect((await work(sim, bob, 'POST', '/AcceptOffer', { offerId: unlisted.offerId })).statusCode).toBe(200);

    // Listed to alice at t; bob's own first listing at t + 49 does not restart the rival.
    const inTime = sim.control.injectOffer({ serviceAreaId: shared, rivalAfterListedMs: 50 });
    expect(await listedTo(alice)).toEqual([inTime.offerId]);
    precise.advance(49);
    expect(await listedTo(bob)).toEqual([inTime.offerId]);
    precise.advance(0.5);
    expect((await work(sim, bob, 'POST', '/AcceptOffer', { offerId: inTime.offerId })).statusCode).toBe(200);

    const tooLate = sim.control.injectOffer({ serviceAreaId: shared, rivalAfterListedMs: 50 });
    expect(await listedTo(alice)).toEqual([tooLate.offerId]);
    precise.advance(50);
    expect(await listedTo(bob)).toEqual([]);
    expect(sim.control.listOffers(shared)).toEqual([]);
    expect((await work(sim, bob, 'POST', '/AcceptOffer', { offerId: tooLate.offerId })).statusCode).toBe(410);
    expect(sim.control.readRecord().accepts.map((a) => [a.won, a.reason, a.listedAt === null])).toEqual([
      [true, null, true],
      [true, null, false],
      [false, 'taken_by_rival', true],
    ]);

    // An accept that arrived in time wins even when it is handled after the rival's moment.
    const delayed = sim.control.injectOffer({ serviceAreaId: shared, rivalAfterListedMs: 50 });
    expect(await listedTo(alice)).toEqual([delayed.offerId]);
    precise.advance(10);
    sim.control.setFaults({ rules: [{ kind: 'latency', latencyMs: 300, paths: ['/AcceptOffer'], remaining: 1 }] });
    const accepting = work(sim, alice, 'POST', '/AcceptOffer', { offerId: delayed.offerId });
    await sleep(100); // it has arrived (stamped at 10 ms), and waits in the injected latency
    precise.advance(1000);
    expect((await accepting).statusCode).toBe(200);
  });

  it('rivalAfterListedMs is a number >= 0, and not given with rivalDelayMs', async () => {
    const { sim } = await startSim({ autoOffers: false });
    for (const body of [
      { rivalAfterListedMs: -1 },
      { rivalAfterListedMs: '50' },
      { rivalAfterListedMs: null },
      { rivalAfterListedMs: 50, rivalDelayMs: 50 },
      { rivalAfterListedMs: 0, rivalDelayMs: null },
    ]) {
      const res = await call(sim, { method: 'POST', url: '/__control/offers', payload: body });
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
      expect(res.json().message).toMatch(/rivalAfterListedMs/);
    }
    expect(() => sim.control.injectOffer({ rivalAfterListedMs: 10, rivalDelayMs: 10 })).toThrow(InputError);
    expect((await call(sim, { method: 'POST', url: '/__control/offers', payload: { rivalAfterListedMs: 0 } })).statusCode).toBe(200);
  });

  it('generated offers are all taken by rivals after a random delay around the configured mean', async () => {
    const { sim, clock } = await startSim({ seed: 8, offerRatePerAreaPerMinute: 60, rivalMeanDelayMs: 5000, offerLifetimeMs: 600_000, serviceAreaCount: 1 });
    const account = await connect(sim, 'mean@example.com');
    const area = sim.control.state().serviceAreas[0]!.serviceAreaId;
    clock.advance(120_000);
    const listed = (await getOffers(sim, account, [area])).json().offerList as Offer[];
    // With a 5 s mean and 1 offer/s, about 5 are on the board at any time (never 600 s worth).
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.length).toBeLessThan(20);
    clock.advance(120_000);
    const results = await Promise.all(listed.map((o) => work(sim, account, 'POST', '/AcceptOffer', { offerId: o.offerId })));
    expect(results.map((r) => r.statusCode)).toEqual(listed.map(() => 410));
  });

  it('two clients accepting one offer at once: exactly one wins', async () => {
    const { sim } = await startSim({ autoOffers: false });
    const alice = await connect(sim, 'alice@example.com');
    const bob = await connect(sim, 'bob@example.com');
    for (let round = 0; round < 20; round++) {
      const offer = sim.control.injectOffer({});
      const [a, b] = await Promise.all([work(sim, alice, 'POST', '/AcceptOffer', { offerId: offer.offerId }), work(sim, bob, 'POST', '/AcceptOffer', { offerId: offer.offerId })]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 410]);
      expect((a.statusCode === 200 ? a : b).json()).toEqual({});
    }
    const { accepts } = sim.control.readRecord();
    expect(accepts.filter((x) => x.won)).toHaveLength(20);
    expect(accepts.filter((x) => !x.won).every((x) => x.reason === 'taken_by_other')).toBe(true);
    expect(sim.control.findViolations().doubleAccepts).toEqual([]);
  });

  it('an accepted block appears in scheduledAssignments, and the forfeit call removes it', async () => {
    const { sim } = await startSim({ autoOffers: false });
    const account = await connect(sim, 'schedule@example.com');
    const start = Math.floor(sim.control.state().now / 1000) + 3 * 3600;
    const offer = sim.control.injectOffer({ startTime: start, durationHours: 4, priceAmount: 96 });
    expect((await work(sim, account, 'POST', '/AcceptOffer', { offerId: offer.offerId })).statusCode).toBe(200);
    expect((await work(sim, account, 'POST', '/AcceptOffer', { offerId: offer.offerId })).statusCode).toBe(410);

    const schedule = (await work(sim, account, 'GET', '/scheduledAssignments')).json();
    expect(schedule).toEqual({ scheduledAssignments: [{ startTime: start, endTime: start + 4 * 3600, serviceAreaId: offer.serviceAreaId, bookedPrice: { amount: 96 } }] });
    expect(sim.control.schedule(account.userId)).toEqual(schedule.scheduledAssignments);

    expect((await work(sim, account, 'DELETE', `/schedule/blocks/${start + 60}`)).statusCode).toBe(404);
    const forfeit = await work(sim, account, 'DELETE', `/schedule/blocks/${start}`);
    expect(forfeit.statusCode).toBe(200);
    expect((await work(sim, account, 'GET', '/scheduledAssignments')).json()).toEqual({ scheduledAssignments: [] });
  });

  it('forfeits a block whose start carries a fraction by its whole second', async () => {
    const { sim } = await startSim({ autoOffers: false });
    const account = await connect(sim, 'fraction@example.com');
    const start = Math.floor(sim.control.state().now / 1000) + 3600 + 0.25;
    const offer = sim.control.injectOffer({ startTime: start });
    await work(sim, account, 'POST', '/AcceptOffer', { offerId: offer.offerId });
    expect((await work(sim, account, 'DELETE', `/schedule/blocks/${Math.floor(start)}`)).statusCode).toBe(200);
  });

  it('expired and unknown offers are 410; a missing offerId is 400', async () => {
    const { sim, clock } = await startSim({ autoOffers: false, offerLifetimeMs: 30_000 });
    const account = await connect(sim, 'gone@example.com');
    const offer = sim.control.injectOffer({});
    clock.advance(30_000);
    expect((await work(sim, account, 'POST', '/AcceptOffer', { offerId: offer.offerId })).statusCode).toBe(410);
    expect((await work(sim, account, 'POST', '/AcceptOffer', { offerId: 'nope' })).statusCode).toBe(410);
    expect((await work(sim, account, 'POST', '/AcceptOffer', {})).statusCode).toBe(400);
    expect(sim.control.readRecord().accepts.map((a) => a.reason)).toEqual(['expired', 'unknown_offer']);
  });
});
