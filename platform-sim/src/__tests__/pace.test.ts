import { afterEach, describe, it } from 'node:test';
import { expect } from 'expect';
import type { Simulator } from '../index.js';
import { call, closeSims, connect, getOffers, refreshed, startSim, startSimWithPreciseClock, type Connected } from './helpers.js';

afterEach(closeSims);

const POLLS = '/GetOffersForProviderPost';

/** Polls once (every eligible area); the refreshInterval it was told, null when not answered 200. */
async function poll(sim: Simulator, account: Connected): Promise<number | null> {
  const res = await getOffers(sim, account, []);
  return res.statusCode === 200 ? (res.json().refreshInterval as number) : null;
}

const tooFastFlags = (sim: Simulator, account: Connected) =>
  sim.control
    .readRecord({ accountId: account.userId })
    .requests.filter((r) => r.path === POLLS)
    .map((r) => r.tooFastPoll);

describe('PUT /__control/pace', () => {
  it('changes the refreshInterval every account is told, at run time, until the next reset', async () => {
    const { sim, clock } = await startSim({ autoOffers: false, rateLimitMax: 0 });
    const alice = await connect(sim, 'alice@example.com');
    const bob = await connect(sim, 'bob@example.com');
    expect(await poll(sim, alice)).toBe(1000);
    const put = await call(sim, { method: 'PUT', url: '/__control/pace', payload: { refreshIntervalMs: 2500 } });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ refreshIntervalMs: 2500 });
    expect((await call(sim, { method: 'GET', url: '/__control/pace' })).json()).toEqual({ refreshIntervalMs: 2500 });
    expect(sim.control.state().refreshIntervalMs).toBe(2500);
    clock.advance(1000);
    expect(await poll(sim, alice)).toBe(2500);
    expect(await poll(sim, bob)).toBe(2500);
    sim.control.reset({ keepSessions: true, autoOffers: false });
    expect(await poll(sim, alice)).toBe(1000);
  });

  it('takes its default from the refreshIntervalMs option (creation or reset)', async () => {
    const { sim } = await startSim({ autoOffers: false, refreshIntervalMs: 4000 });
    const account = await connect(sim, 'option@example.com');
    expect(await poll(sim, account)).toBe(4000);
    sim.control.reset({ keepSessions: true, refreshIntervalMs: 1500 });
    expect(sim.control.getPace()).toEqual({ refreshIntervalMs: 1500 });
    expect(() => sim.control.reset({ refreshIntervalMs: 0 })).toThrow(/refreshIntervalMs/);
  });

  it('rejects anything but a positive integer up to ten minutes with 400 { message }', async () => {
    const { sim } = await startSim();
    for (const body of [
      {},
      { refreshIntervalMs: 0 },
      { refreshIntervalMs: -1000 },
      { refreshIntervalMs: 1.5 },
      { refreshIntervalMs: '1000' },
      { refreshIntervalMs: 600_001 },
      { refreshIntervalMs: null },
    ]) {
      const res = await call(sim, { method: 'PUT', url: '/__control/pace', payload: body });
      expect({ body, status: res.statusCode }).toEqual({ body, status: 400 });
      expect(res.json().message).toMatch(/refreshIntervalMs/);
    }
    expect((await call(sim, { method: 'PUT', url: '/__control/pace', payload: '[1000]', headers: { 'content-type': 'application/json' } })).statusCode).toBe(400);
    expect(sim.control.getPace()).toEqual({ refreshIntervalMs: 1000 });
    expect((await call(sim, { method: 'PUT', url: '/__control/pace', payload: { refreshIntervalMs: 600_000 } })).statusCode).toBe(200);
  });
});

describe('too-fast polls', () => {
  it('records each poll that arrives sooner than the interval the account was last told (arrival to arrival), per account', async () => {
    const { sim, precise } = await startSimWithPreciseClock({ autoOffers: false, rateLimitMax: 0 });
    const alice = await connect(sim, 'alice@example.com');
    const bob = await connect(sim, 'bob@example.com');
    await poll(sim, alice); // t = 0: told 1000
    await poll(sim, bob); // bob's own pace
    precise.advance(1000);
    await poll(sim, alice); // 1000 after: fine
    precise.advance(999);
    await poll(sim, alice); // 999 after: too fast (and it is answered, so it is the next reference)
    precise.advance(1000);
    await poll(sim, alice); // fine
    await poll(sim, bob); // 2999 after bob's first: fine
    expect(tooFastFlags(sim, alice)).toEqual([false, false, true, false]);
    expect(tooFastFlags(sim, bob)).toEqual([false, false]);
    const gaps = sim.control
      .readRecord({ accountId: alice.userId })
      .requests.filter((r) => r.path === POLLS)
      .map((r) => r.pollGapMs);
    expect(gaps).toEqual([null, 1000, 999, 1000]);
    const { totals } = sim.control.readRecord();
    expect(totals.tooFastPolls).toBe(1);
    expect(totals.tooFastPollsByAccount).toEqual({ [alice.userId]: 1 });
    // Other calls are never judged.
    expect(
      sim.control
        .readRecord()
        .requests.filter((r) => r.path !== POLLS)
        .every((r) => !r.tooFastPoll && r.pollGapMs === null),
    ).toBe(true);
  });

  it('judges against the interval the account was told, not the one set since', async () => {
    const { sim, precise } = await startSimWithPreciseClock({ autoOffers: false, rateLimitMax: 0 });
    const account = await connect(sim, 'slowdown@example.com');
    await poll(sim, account); // told 1000
    sim.control.setPace({ refreshIntervalMs: 3000 });
    precise.advance(1000);
    expect(await poll(sim, account)).toBe(3000); // fine by the 1000 it was told; now told 3000
    precise.advance(2000);
    await poll(sim, account); // too fast by the 3000 it was told
    expect(tooFastFlags(sim, account)).toEqual([false, false, true]);
  });

  it('does not count the retry after a failed poll (403, 5xx) against the failed one', async () => {
    const { sim, precise } = await startSimWithPreciseClock({ autoOffers: false, rateLimitMax: 0 });
    let account = await connect(sim, 'retry@example.com');
    await poll(sim, account);
    precise.advance(1000);
    sim.control.expireToken({ accessToken: account.accessToken });
    expect(await poll(sim, account)).toBeNull(); // 403: told nothing
    account = await refreshed(sim, account);
    precise.advance(10);
    expect(await poll(sim, account)).toBe(1000); // 1010 after the last answered poll
    precise.advance(1000);
    sim.control.setFaults({ rules: [{ kind: 'serverError', paths: [POLLS], remaining: 1 }] });
    expect(await poll(sim, account)).toBeNull();
    precise.advance(50);
    await poll(sim, account); // 1050 after the last answered poll
    expect(tooFastFlags(sim, account)).toEqual([false, false, false, false, false]);
  });

  it("judges on the precise arrival stamps, never on the simulator's clock (Date.now by default, which steps)", async () => {
    const { sim, clock, precise } = await startSimWithPreciseClock({ autoOffers: false, rateLimitMax: 0 });
    const account = await connect(sim, 'steps@example.com');
    await poll(sim, account);
    // The world clock jumps 15 ms ahead of the monotonic one: 1005 on it, 990 really.
    clock.advance(1005);
    precise.advance(990);
    await poll(sim, account);
    // Then it steps back: 985 on it, 1000 really.
    clock.advance(985);
    precise.advance(1000);
    await poll(sim, account);
    expect(tooFastFlags(sim, account)).toEqual([false, true, false]);
    const polls = sim.control.readRecord({ accountId: account.userId }).requests.filter((r) => r.path === POLLS);
    expect(polls.map((r) => r.pollGapMs)).toEqual([null, 990, 1000]);
    // The gap is the difference of the record's own arrival stamps.
    expect(polls[2]!.pollGapMs).toBe(polls[2]!.arrivedAtMs - polls[1]!.arrivedAtMs);
  });

  it('with the default (real) precise clock, measures the gap between the arrivedAtMs stamps', async () => {
    // The world clock is frozen and then jumps 5 s: neither changes what the pace sees.
    const { sim, clock } = await startSim({ autoOffers: false, rateLimitMax: 0 });
    const account = await connect(sim, 'real@example.com');
    await poll(sim, account);
    clock.advance(5000);
    await poll(sim, account);
    const [first, second] = sim.control.readRecord({ accountId: account.userId }).requests.filter((r) => r.path === POLLS);
    expect(second!.pollGapMs).toBe(second!.arrivedAtMs - first!.arrivedAtMs);
    expect(second!.pollGapMs!).toBeGreaterThan(0);
    expect(second!.pollGapMs!).toBeLessThan(1000);
    expect(second!.tooFastPoll).toBe(true);
  });

  it('starts again from zero on reset', async () => {
    const { sim } = await startSim({ autoOffers: false, rateLimitMax: 0 });
    const account = await connect(sim, 'again@example.com');
    await poll(sim, account);
    await poll(sim, account);
    expect(sim.control.readRecord().totals.tooFastPolls).toBe(1);
    sim.control.reset({ keepSessions: true, autoOffers: false });
    await poll(sim, account);
    expect(sim.control.readRecord().totals).toMatchObject({ tooFastPolls: 0, tooFastPollsByAccount: {} });
  });
});
