/**
 * Live signals across processes (docs/LIVE.md "Across processes"): a signal published by one
 * process (a search worker) reaches the listeners of that driver in every other process (the API
 * process holding the driver's streams), and only that driver's.
 */
import { it } from 'node:test';
import { expect } from 'expect';
import pino from 'pino';
import type { LiveSignal } from '../adapters/live/types.js';
import { searchKeys } from './keys.js';
import { RedisLiveEvents } from './redisLiveEvents.js';
import { describeWithRedis } from '../testing/redis.js';

const waitUntil = async (what: string, check: () => boolean, timeoutMs = 5_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describeWithRedis('live events over Redis', (redis) => {
  it("carry a worker's signals to the API process's listeners of that driver only", async () => {
    const channel = searchKeys(redis().prefix).liveChannel;
    const log = pino({ level: 'silent' });
    const worker = new RedisLiveEvents(redis().connect('worker'), channel, log);
    const api = new RedisLiveEvents(redis().connect('api'), channel, log);
    try {
      await Promise.all([worker.ready(), api.ready()]);
      const heard: LiveSignal[] = [];
      const others: LiveSignal[] = [];
      const stop = api.subscribe('driver-1', (signal) => heard.push(signal));
      api.subscribe('driver-2', (signal) => others.push(signal));
      worker.publish('driver-1', { type: 'search' });
      worker.publish('driver-1', { type: 'logRemoved', id: 'log-9' });
      await waitUntil('both signals', () => heard.length === 2);
      expect(heard).toEqual([{ type: 'search' }, { type: 'logRemoved', id: 'log-9' }]);
      expect(others).toEqual([]);

      stop();
      worker.publish('driver-1', { type: 'logs' });
      worker.publish('driver-2', { type: 'account' });
      await waitUntil("the other driver's signal", () => others.length === 1);
      expect(heard).toHaveLength(2);
    } finally {
      await worker.close();
      await api.close();
    }
  });
});
