import { it } from 'node:test';
import { expect } from 'expect';
import { searchKeys } from './keys.js';
import { UserLeases } from './leases.js';
import { describeWithRedis } from '../../test/redis.js';

describeWithRedis('per-driver leases', (redis) => {
  const leasesFor = (owner: string, leaseMs = 4_000, now?: () => number) => new UserLeases(redis().redis, searchKeys(redis().prefix).lease, owner, leaseMs, now);

  it('are held by one worker at a time, and free again once released', async () => {
    const a = leasesFor('a');
    const b = leasesFor('b');
    expect(await a.acquire('u1')).toBe(0);
    expect(await a.acquire('u1')).toBe(0);
    expect(await b.acquire('u1')).toBeNull();
    expect(a.valid('u1')).toBe(true);
    expect(b.valid('u1')).toBe(false);
    await b.release('u1');
    expect(await redis().redis.get(searchKeys(redis().prefix).lease('u1'))).toBe('a');
    await a.release('u1');
    expect(a.valid('u1')).toBe(false);
    expect(await b.acquire('u1')).toBe(0);
  });

  it('hand the next poll time to the next holder while it is in the future', async () => {
    const a = leasesFor('a');
    const b = leasesFor('b');
    await a.acquire('paced');
    const due = Date.now() + 800;
    await a.release('paced', due);
    expect(await redis().redis.get(searchKeys(redis().prefix).lease('paced'))).toBe(`free:${due}`);
    expect(await b.acquire('paced')).toBe(due);
    await b.release('paced', Date.now() - 1);
    expect(await redis().redis.exists(searchKeys(redis().prefix).lease('paced'))).toBe(0);
  });

  it('race: of many workers asking at once, exactly one gets the lease', async () => {
    const workers = Array.from({ length: 8 }, (_, i) => leasesFor(`w${i}`));
    const won = await Promise.all(workers.map((w) => w.acquire('contended')));
    expect(won.filter((held) => held !== null)).toHaveLength(1);
  });

  it('renewal keeps a lease alive past its lifetime, and reports one taken over', async () => {
    const a = leasesFor('a', 300);
    await a.acquire('kept');
    await a.acquire('taken');
    for (let i = 0; i < 4; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await a.renewAll()).toEqual([]);
    }
    expect(await redis().redis.get(searchKeys(redis().prefix).lease('kept'))).toBe('a');
    // Another owner holds it now (a's lease lapsed while its worker was stalled).
    await redis().redis.set(searchKeys(redis().prefix).lease('taken'), 'b');
    expect(await a.renewAll()).toEqual(['taken']);
    expect(a.valid('taken')).toBe(false);
    expect(a.valid('kept')).toBe(true);
    // Lapsed with nobody taking it (a renewal came late): taken back, not lost.
    await redis().redis.del(searchKeys(redis().prefix).lease('kept'));
    expect(await a.renewAll()).toEqual([]);
    expect(await redis().redis.get(searchKeys(redis().prefix).lease('kept'))).toBe('a');
    expect(a.valid('kept')).toBe(true);
  });

  it("stop counting as valid on the worker's own clock when renewals stop, before Redis lets another take it", async () => {
    let now = 1_000;
    const a = leasesFor('a', 4_000, () => now);
    await a.acquire('u2');
    const key = searchKeys(redis().prefix).lease('u2');
    const ttl = await redis().redis.pttl(key);
    now += 2_999;
    expect(a.valid('u2')).toBe(true);
    expect(a.expired()).toEqual([]);
    // Deadline = when the acquire was sent + lease - margin (1 s): strictly before Redis expires the key.
    now += 1;
    expect(a.valid('u2')).toBe(false);
    expect(a.expired()).toEqual(['u2']);
    expect(ttl).toBeGreaterThan(3_000);
  });
});
