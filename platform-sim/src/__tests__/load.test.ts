import { afterEach, describe, it } from 'node:test';
import { expect } from 'expect';
import { closeSims, connect, getOffers, startSim, type Connected } from './helpers.js';

afterEach(closeSims);

describe('many accounts polling', () => {
  it('serves hundreds of tokens polling once a second, with bounded memory and a clean record', async () => {
    const { sim, clock } = await startSim({ seed: 5, serviceAreaCount: 40, offerRatePerAreaPerMinute: 10, recordSize: 50_000 });
    const accounts: Connected[] = [];
    for (let i = 0; i < 10; i++) {
      accounts.push(...(await Promise.all(Array.from({ length: 50 }, (_, j) => connect(sim, `driver${i * 50 + j}@example.com`)))));
    }
    const eligible = new Map<string, string[]>();
    const state = sim.control.state();
    const areas = state.serviceAreas.map((a) => a.serviceAreaId);
    accounts.forEach((a, i) => eligible.set(a.userId, [areas[i % areas.length] as string]));

    // How fast it serves them is a benchmark's figure (bench/engine-capacity.ts), not this test's.
    let requests = 0;
    for (let round = 0; round < 5; round++) {
      const results = await Promise.all(accounts.map((a) => getOffers(sim, a, eligible.get(a.userId) as string[], { 'x-sim-client': `worker-${a.userId}` })));
      requests += results.length;
      expect(results.every((r) => r.statusCode === 200)).toBe(true);
      clock.advance(1000);
    }
    expect(requests).toBe(2500);
    expect(sim.control.state().offersInMemory).toBeLessThan(40 * 10 * 3);
    const violations = sim.control.findViolations({ handoffGapMs: 0 });
    expect(violations.examinedRequests).toBeGreaterThanOrEqual(2500);
    expect(violations.concurrentPolling).toEqual([]);
  });
});
