import { afterEach, describe, it } from 'node:test';
import { expect } from 'expect';
import { findConcurrentPolling } from '../recordAnalysis.js';
import type { RequestRecord } from '../index.js';
import { call, closeSims, connect, startSim, work } from './helpers.js';

afterEach(closeSims);

const json = (payload: Record<string, unknown>) => ({ payload });

describe('control API over HTTP (/__control/)', () => {
  it('reset with a seed rebuilds the world; the same seed gives the same areas', async () => {
    const { sim } = await startSim({ seed: 1 });
    const before = (await call(sim, { method: 'GET', url: '/__control/state' })).json();
    const reset = await call(sim, { method: 'POST', url: '/__control/reset', ...json({ seed: 77, regions: ['DE'], serviceAreaCount: 3 }) });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ seed: 77, regions: ['DE'], accounts: 0, devices: 0 });
    expect(reset.json().serviceAreas).toHaveLength(3);
    expect(reset.json().serviceAreas[0].currency).toBe('EUR');
    const back = await call(sim, { method: 'POST', url: '/__control/reset', ...json({ seed: 1 }) });
    expect(back.json().serviceAreas).toEqual(before.serviceAreas);
    const bad = await call(sim, { method: 'POST', url: '/__control/reset', ...json({ regions: ['XX'] }) });
    expect(bad.statusCode).toBe(400);
  });

  it('reset clears sessions unless keepSessions is set', async () => {
    const { sim } = await startSim();
    const account = await connect(sim, 'keep@example.com');
    await call(sim, { method: 'POST', url: '/__control/reset', ...json({ seed: 2, keepSessions: true }) });
    expect((await work(sim, account, 'GET', '/eligibleServiceAreas')).statusCode).toBe(200);
    await call(sim, { method: 'POST', url: '/__control/reset', ...json({ seed: 2 }) });
    expect((await work(sim, account, 'GET', '/eligibleServiceAreas')).statusCode).toBe(401);
  });

  it('injects an offer and returns it; lists offers', async () => {
    const { sim } = await startSim({ autoOffers: false });
    const res = await call(sim, { method: 'POST', url: '/__control/offers', ...json({ priceAmount: 55.5, durationHours: 2 }) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'OFFERED', rateInfo: { priceAmount: 55.5 } });
    const listed = await call(sim, { method: 'GET', url: '/__control/offers' });
    expect(listed.json().offerList).toEqual([res.json()]);
    const bad = await call(sim, { method: 'POST', url: '/__control/offers', ...json({ serviceAreaId: 'nowhere' }) });
    expect(bad.statusCode).toBe(400);
  });

  it('sets and reads faults', async () => {
    const { sim } = await startSim();
    const rules = [
      { kind: 'captcha', email: 'x@example.com' },
      { kind: 'latency', rate: 0.5, latencyMs: 200 },
    ];
    const put = await call(sim, { method: 'PUT', url: '/__control/faults', ...json({ rules }) });
    expect(put.statusCode).toBe(200);
    expect((await call(sim, { method: 'GET', url: '/__control/faults' })).json()).toEqual({ rules });
    const bad = await call(sim, { method: 'PUT', url: '/__control/faults', ...json({ rules: [{ kind: 'latency', rate: 2 }] }) });
    expect(bad.statusCode).toBe(400);
  });

  it('expires a token (403) and deregisters a device (401) by account', async () => {
    const { sim } = await startSim();
    const account = await connect(sim, 'ctl@example.com');
    const expired = await call(sim, { method: 'POST', url: '/__control/tokens/expire', ...json({ accessToken: account.accessToken }) });
    expect(expired.json()).toEqual({ expired: 1 });
    expect((await work(sim, account, 'GET', '/eligibleServiceAreas')).statusCode).toBe(403);
    const gone = await call(sim, { method: 'POST', url: '/__control/devices/deregister', ...json({ accountId: account.userId }) });
    expect(gone.json()).toEqual({ deregistered: 1 });
    expect((await work(sim, account, 'GET', '/eligibleServiceAreas')).statusCode).toBe(401);
    expect((await call(sim, { method: 'POST', url: '/__control/tokens/expire', ...json({}) })).statusCode).toBe(400);
  });

  it('sets which areas of its region an account may work, and refuses areas outside it', async () => {
    const { sim } = await startSim();
    const account = await connect(sim, 'eligible@example.com');
    const pool = (await work(sim, account, 'GET', '/getOfferFiltersOptions')).json().serviceAreaPoolList as Array<{ serviceAreaId: string }>;
    const wanted = pool.slice(0, 2).map((area) => area.serviceAreaId);
    const set = await call(sim, { method: 'PUT', url: '/__control/eligible', ...json({ email: 'eligible@example.com', serviceAreaIds: wanted }) });
    expect(set.statusCode).toBe(200);
    expect((await work(sim, account, 'GET', '/eligibleServiceAreas')).json().serviceAreaIds).toEqual(wanted);
    const outside = await call(sim, { method: 'PUT', url: '/__control/eligible', ...json({ accountId: account.userId, serviceAreaIds: ['nowhere'] }) });
    expect(outside.statusCode).toBe(400);
    expect((await work(sim, account, 'GET', '/eligibleServiceAreas')).json().serviceAreaIds).toEqual(wanted);
  });

  it('records every work request (account, instance, client, ticks, outcome) and every accept', async () => {
    const { sim } = await startSim({ autoOffers: false });
    const account = await connect(sim, 'rec@example.com');
    const offer = sim.control.injectOffer({});
    await work(sim, account, 'GET', '/eligibleServiceAreas', undefined, { 'x-sim-client': 'worker-1' });
    await work(sim, account, 'POST', '/AcceptOffer', { offerId: offer.offerId }, { 'x-sim-client': 'worker-1' });
    await work(sim, { ...account, accessToken: 'bad' }, 'GET', '/eligibleServiceAreas');

    const page = (await call(sim, { method: 'GET', url: '/__control/record' })).json();
    const work1 = page.requests.filter((r: RequestRecord) => r.kind === 'work');
    expect(work1).toHaveLength(3);
    expect(work1[0]).toMatchObject({
      method: 'GET',
      path: '/eligibleServiceAreas',
      accountId: account.userId,
      instanceId: account.instanceId,
      clientId: 'worker-1',
      status: 200,
      outcome: 'ok',
    });
    expect(work1[0].endTick).toBeGreaterThan(work1[0].startTick);
    expect(work1[2]).toMatchObject({ accountId: null, status: 401, outcome: 'unauthorized' });
    expect(page.requests.some((r: RequestRecord) => r.kind === 'auth' && r.path === '/auth/register' && r.accountId === account.userId)).toBe(true);
    expect(page.accepts).toEqual([
      expect.objectContaining({ offerId: offer.offerId, accountId: account.userId, instanceId: account.instanceId, clientId: 'worker-1', won: true, reason: null }),
    ]);
    expect(page.totals).toMatchObject({ acceptsWon: 1, acceptsLost: 0 });

    // Incremental reads: nothing is skipped or repeated across pages.
    const seqs: number[] = [];
    let since = 0;
    for (;;) {
      const p = (await call(sim, { method: 'GET', url: `/__control/record?since=${since}&limit=2` })).json();
      const got = [...p.requests, ...p.accepts].map((e: { seq: number }) => e.seq);
      if (got.length === 0) break;
      seqs.push(...got.sort((a, b) => a - b));
      since = p.nextSeq;
    }
    expect(seqs).toEqual([...page.requests, ...page.accepts].map((e: { seq: number }) => e.seq).sort((a, b) => a - b));

    const mine = (await call(sim, { method: 'GET', url: `/__control/record?accountId=${encodeURIComponent(account.userId)}` })).json();
    expect(mine.requests.every((r: RequestRecord) => r.accountId === account.userId)).toBe(true);
  });

  it('keeps the record bounded (ring buffer) while totals keep counting', async () => {
    const { sim } = await startSim({ recordSize: 5, rateLimitMax: 0 });
    const account = await connect(sim, 'ring@example.com');
    for (let i = 0; i < 12; i++) await work(sim, account, 'GET', '/eligibleServiceAreas');
    const page = sim.control.readRecord();
    expect(page.requests).toHaveLength(5);
    expect(page.droppedRequests).toBe(12 + 1 - 5); // + the register call
    expect(page.totals.requests).toBe(13);
  });

  it('finds an account polled by two clients at once, and none for a clean handoff', async () => {
    const { sim, clock } = await startSim({ rateLimitMax: 0 });
    const account = await connect(sim, 'shared@example.com');
    const poll = (client: string) => work(sim, account, 'GET', '/scheduledAssignments', undefined, { 'x-sim-client': client });

    // A clean handoff: worker A polls, goes quiet, B takes over 5 s later.
    for (let i = 0; i < 3; i++) {
      await poll('A');
      clock.advance(1000);
    }
    clock.advance(5000);
    for (let i = 0; i < 3; i++) {
      await poll('B');
      clock.advance(1000);
    }
    const clean = (await call(sim, { method: 'GET', url: '/__control/record/violations?handoffGapMs=2000' })).json();
    expect(clean.concurrentPolling).toEqual([]);
    expect(clean.doubleAccepts).toEqual([]);

    // Now both poll in turns, 500 ms apart: two clients on one account.
    for (let i = 0; i < 2; i++) {
      await poll('A');
      clock.advance(500);
      await poll('B');
      clock.advance(500);
    }
    const bad = sim.control.findViolations({ handoffGapMs: 2000 });
    expect(bad.concurrentPolling.length).toBeGreaterThan(0);
    expect(bad.concurrentPolling[0]).toMatchObject({ accountId: account.userId });

    // Truly overlapping requests are found with no gap at all.
    sim.control.reset({ seed: 1, keepSessions: true, rateLimitMax: 0, faults: { rules: [{ kind: 'latency', latencyMs: 150 }] } });
    await Promise.all([poll('A'), poll('B')]);
    expect(sim.control.findViolations().concurrentPolling).toHaveLength(1);
  });
});

describe('findConcurrentPolling', () => {
  const req = (over: Partial<RequestRecord>): RequestRecord => ({
    seq: 0,
    kind: 'work',
    method: 'GET',
    path: '/x',
    accountId: 'acc',
    tokenId: 1,
    instanceId: 'i',
    clientId: null,
    startedAt: 0,
    endedAt: 0,
    startTick: 0,
    endTick: 0,
    status: 200,
    outcome: 'ok',
    latencyMs: 0,
    arrivedAtMs: 0,
    answeredAtMs: 0,
    sentAtMs: null,
    pollGapMs: null,
    tooFastPoll: false,
    ...over,
  });

  it('sees an overlap hidden behind a short request of the same client', () => {
    const long = req({ clientId: 'A', startTick: 1, endTick: 10 });
    const short = req({ clientId: 'A', startTick: 2, endTick: 3 });
    const other = req({ clientId: 'B', startTick: 5, endTick: 6 });
    expect(findConcurrentPolling([long, short, other])).toEqual([{ accountId: 'acc', first: long, second: other }]);
  });

  it('treats another x-flex-instance-id as another client', () => {
    const a = req({ instanceId: 'one', startTick: 1, endTick: 4 });
    const b = req({ instanceId: 'two', startTick: 2, endTick: 3 });
    expect(findConcurrentPolling([a, b])).toHaveLength(1);
  });
});
