import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { afterEach, describe, it } from 'node:test';
import { expect } from 'expect';
import type { RequestRecord } from '../index.js';
import { newDelivery, trackDelivery } from '../delivery.js';
import { listedAnsweredAt, listedAt, noteListed } from '../offers/listings.js';
import type { LiveOffer } from '../offers/liveOffer.js';
import { call, closeSims, connect, eligibleAreas, getOffers, startSim, work } from './helpers.js';

afterEach(closeSims);

const POLLS = '/GetOffersForProviderPost';
const HOUR = 3600;

describe("the record's real-time stamps", () => {
  it('gives every request its arrival, answer and end of sending in epoch ms with a fraction', async () => {
    const { sim } = await startSim({ autoOffers: false, rateLimitMax: 0 });
    const account = await connect(sim, 'stamps@example.com');
    const before = Date.now();
    for (let i = 0; i < 5; i++) await work(sim, account, 'GET', '/scheduledAssignments');
    const after = Date.now() + 1;
    const page = (await call(sim, { method: 'GET', url: '/__control/record' })).json();
    const requests = page.requests.filter((r: RequestRecord) => r.kind === 'work') as RequestRecord[];
    expect(requests).toHaveLength(5);
    for (const r of requests) {
      expect(r.arrivedAtMs).toBeGreaterThanOrEqual(before);
      expect(r.answeredAtMs).toBeGreaterThanOrEqual(r.arrivedAtMs);
      expect(r.sentAtMs).not.toBeNull();
      expect(r.sentAtMs!).toBeGreaterThanOrEqual(r.answeredAtMs);
      expect(r.sentAtMs!).toBeLessThanOrEqual(after);
    }
    // Sub-millisecond: not all whole milliseconds (each is whole only by a 1-in-many chance).
    expect(requests.flatMap((r) => [r.arrivedAtMs, r.answeredAtMs, r.sentAtMs]).some((t) => !Number.isInteger(t))).toBe(true);
    // The token service's calls are stamped the same way.
    expect(page.requests.find((r: RequestRecord) => r.kind === 'auth').sentAtMs).toEqual(expect.any(Number));
  });

  it('leaves sentAtMs null for a connection dropped by a fault', async () => {
    const { sim } = await startSim({ autoOffers: false });
    const account = await connect(sim, 'dropped@example.com');
    sim.control.setFaults({ rules: [{ kind: 'reset', remaining: 1 }] });
    await expect(work(sim, account, 'GET', '/scheduledAssignments')).rejects.toThrow();
    expect(sim.control.readRecord().requests.at(-1)).toMatchObject({ outcome: 'fault_reset', sentAtMs: null });
  });
});

describe('accept records', () => {
  it('say when the accept arrived and when the first listing of the offer to that account finished sending', async () => {
    const { sim } = await startSim({ autoOffers: false, rateLimitMax: 0 });
    const alice = await connect(sim, 'alice@example.com');
    const aliceAreas = await eligibleAreas(sim, alice);
    const elsewhere = sim.control
      .state()
      .serviceAreas.map((a) => a.serviceAreaId)
      .find((id) => !aliceAreas.includes(id));
    const listedOffer = sim.control.injectOffer({ serviceAreaId: aliceAreas[0] });
    const neverShown = sim.control.injectOffer({ serviceAreaId: elsewhere });

    await getOffers(sim, alice, []);
    await getOffers(sim, alice, []); // lists it again: the first listing still counts
    const polls = sim.control.readRecord({ accountId: alice.userId }).requests.filter((r) => r.path === POLLS);
    expect(polls).toHaveLength(2);
    await work(sim, alice, 'POST', '/AcceptOffer', { offerId: listedOffer.offerId });
    // An offer id the client never saw listed (the platform still takes it).
    await work(sim, alice, 'POST', '/AcceptOffer', { offerId: neverShown.offerId });

    const [accepted, blind] = sim.control.readRecord().accepts;
    expect(accepted!.listedAt).toBe(polls[0]!.sentAtMs);
    expect(accepted!.listedAt).not.toBe(polls[1]!.sentAtMs);
    // The same listing's answer decision: after its arrival, not after its send stamp.
    expect(accepted!.listedAnsweredAt).toBe(polls[0]!.answeredAtMs);
    expect(accepted!.listedAnsweredAt!).toBeGreaterThanOrEqual(polls[0]!.arrivedAtMs);
    expect(accepted!.listedAnsweredAt!).toBeLessThanOrEqual(accepted!.listedAt!);
    expect(accepted!.arrivedAt).toBeGreaterThan(accepted!.listedAt!);
    expect(accepted!.arrivedAt - accepted!.listedAt!).toBeLessThan(5000);
    expect(blind).toMatchObject({ won: true, listedAt: null, listedAnsweredAt: null, arrivedAt: expect.any(Number) });
  });

  it('flag a won block that overlaps one already booked (back-to-back is not an overlap), and count double bookings', async () => {
    const { sim } = await startSim({ autoOffers: false, rateLimitMax: 0 });
    const account = await connect(sim, 'busy@example.com');
    const rival = await connect(sim, 'rival@example.com');
    const [area] = await eligibleAreas(sim, account);
    const start = Math.floor(sim.control.state().now / 1000) + 24 * HOUR;
    const first = sim.control.injectOffer({ serviceAreaId: area, startTime: start, durationHours: 2 });
    const backToBack = sim.control.injectOffer({ serviceAreaId: area, startTime: start + 2 * HOUR, durationHours: 2 });
    const overlapping = sim.control.injectOffer({ serviceAreaId: area, startTime: start + HOUR, durationHours: 2 });
    const before = sim.control.injectOffer({ serviceAreaId: area, startTime: start - 2 * HOUR, durationHours: 2 });
    const lost = sim.control.injectOffer({ serviceAreaId: area, startTime: start, durationHours: 1 });
    await work(sim, rival, 'POST', '/AcceptOffer', { offerId: lost.offerId });

    for (const offer of [first, backToBack, before, overlapping, lost]) await work(sim, account, 'POST', '/AcceptOffer', { offerId: offer.offerId });
    const mine = sim.control.readRecord({ accountId: account.userId }).accepts;
    expect(mine.map((a) => [a.won, a.overlapsSchedule])).toEqual([
      [true, false],
      [true, false],
      [true, false],
      [true, true],
      [false, false],
    ]);
    expect(sim.control.readRecord().totals.doubleBookings).toBe(1);
  });

  it('no overlap with a block that was forfeited', async () => {
    const { sim } = await startSim({ autoOffers: false, rateLimitMax: 0 });
    const account = await connect(sim, 'forfeit@example.com');
    const [area] = await eligibleAreas(sim, account);
    const start = Math.floor(sim.control.state().now / 1000) + 24 * HOUR;
    const first = sim.control.injectOffer({ serviceAreaId: area, startTime: start, durationHours: 3 });
    const again = sim.control.injectOffer({ serviceAreaId: area, startTime: start, durationHours: 3 });
    await work(sim, account, 'POST', '/AcceptOffer', { offerId: first.offerId });
    await work(sim, account, 'DELETE', `/schedule/blocks/${start}`);
    await work(sim, account, 'POST', '/AcceptOffer', { offerId: again.offerId });
    expect(sim.control.readRecord().accepts.map((a) => a.overlapsSchedule)).toEqual([false, false]);
  });
});

describe('first listings', () => {
  it('keep the first response per account, unless it never got out', () => {
    const offer = { firstListing: null } as unknown as LiveOffer; // only the marks are read here
    const first = newDelivery();
    const second = newDelivery();
    noteListed([offer], 'a', first);
    noteListed([offer], 'a', second);
    first.answeredAtMs = 10.125;
    expect(listedAnsweredAt(offer, 'a')).toBeNull(); // not sent yet: neither stamp
    first.sentAtMs = 10.5;
    second.answeredAtMs = 20;
    second.sentAtMs = 20.25;
    expect(listedAt(offer, 'a')).toBe(10.5);
    expect(listedAnsweredAt(offer, 'a')).toBe(10.125);
    expect(listedAt(offer, 'b')).toBeNull();
    expect(listedAnsweredAt(offer, 'b')).toBeNull();

    const dropped = newDelivery();
    const retry = newDelivery();
    noteListed([offer], 'b', dropped);
    dropped.failed = true;
    noteListed([offer], 'b', retry);
    retry.sentAtMs = 30.75;
    expect(listedAt(offer, 'b')).toBe(30.75);
    expect(listedAt(null, 'a')).toBeNull();
  });
});

/** A stand-in for a ServerResponse: the events and the fields trackDelivery reads. */
function fakeResponse(socket: { destroyed: boolean } | null) {
  const res = Object.assign(new EventEmitter(), {
    socket,
    writableFinished: false,
    ended: 0,
    end(): unknown {
      res.ended++;
      return res;
    },
  });
  return res;
}

describe('send stamps', () => {
  it('are taken synchronously when res.end() returns, not in the later finish event', () => {
    let now = 100.5;
    const res = fakeResponse({ destroyed: false });
    const delivery = newDelivery();
    const entry = { sentAtMs: null as number | null };
    const sent: number[] = [];
    delivery.whenSent = [(t) => sent.push(t)];
    trackDelivery(res as unknown as ServerResponse, delivery, entry, () => now);
    res.end();
    expect(res.ended).toBe(1);
    expect(delivery.sentAtMs).toBe(100.5);
    expect(entry.sentAtMs).toBe(100.5);
    expect(sent).toEqual([100.5]);
    // The event loop gets to 'finish' (and 'close') later: the stamp stays.
    now = 130.25;
    res.writableFinished = true;
    res.emit('finish');
    res.emit('close');
    expect(delivery).toMatchObject({ sentAtMs: 100.5, failed: false });
    expect(sent).toEqual([100.5]);
  });

  it("fall back to 'finish' for a response with no socket yet (pipelined), and count a close before finishing as not sent", () => {
    let now = 5.25;
    const queued = fakeResponse(null);
    const delivery = newDelivery();
    trackDelivery(queued as unknown as ServerResponse, delivery, null, () => now);
    queued.end();
    expect(delivery.sentAtMs).toBeNull();
    now = 9.75;
    queued.writableFinished = true;
    queued.emit('finish');
    expect(delivery.sentAtMs).toBe(9.75);

    const dropped = fakeResponse({ destroyed: false });
    const lost = newDelivery();
    const entry = { sentAtMs: null as number | null };
    trackDelivery(dropped as unknown as ServerResponse, lost, entry, () => now);
    dropped.end();
    expect(lost.sentAtMs).toBe(9.75);
    dropped.emit('close'); // the connection went before the body got out
    expect(lost).toMatchObject({ sentAtMs: null, failed: true });
    expect(entry.sentAtMs).toBeNull();
  });
});
