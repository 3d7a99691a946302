/**
 * Live signals across processes (docs/LIVE.md "Across processes"): a signal published by one
 * process (a search worker) reaches the listeners of that driver in every other process (the API
 * process holding the driver's streams), and only that driver's.
 */
import { it } from 'node:test';
import { expect } from 'expect';
import pino from 'pino';
import type { LiveSignal } from '../adapters/live/types.js';
import { CreditWatch } from '../engine/creditWatch.js';
import { searchKeys } from './keys.js';
import { RedisLiveEvents } from './redisLiveEvents.js';
import { describeWithRedis } from '../../test/redis.js';

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

  it('carry a broadcast (a release went live) to every driver\'s listeners in every API process (docs/LIVE.md "New releases")', async () => {
    const channel = searchKeys(redis().prefix).liveChannel;
    const log = pino({ level: 'silent' });
    const apis = [1, 2].map((n) => new RedisLiveEvents(redis().connect(`api-${n}`), channel, log));
    try {
      await Promise.all(apis.map((api) => api.ready()));
      const heard: Array<[string, LiveSignal]> = [];
      apis[0]!.subscribe('driver-1', (signal) => heard.push(['driver-1', signal]));
      apis[1]!.subscribe('driver-2', (signal) => heard.push(['driver-2', signal]));
      apis[0]!.broadcast({ type: 'releases' });
      await waitUntil('both drivers', () => heard.length === 2);
      expect(heard.sort()).toEqual([
        ['driver-1', { type: 'releases' }],
        ['driver-2', { type: 'releases' }],
      ]);
    } finally {
      await Promise.all(apis.map((api) => api.close()));
    }
  });

  it("carry a worker's credit falls to every API process's credit watch, which runs the automatic top-up (docs/LIVE.md)", async () => {
    const keys = searchKeys(redis().prefix);
    const log = pino({ level: 'silent' });
    const worker = new RedisLiveEvents(redis().connect('worker'), keys.liveChannel, log, keys.creditFellChannel);
    const apis = [1, 2].map((n) => new RedisLiveEvents(redis().connect(`api-${n}`), keys.liveChannel, log, keys.creditFellChannel));
    try {
      await Promise.all([worker.ready(), ...apis.map((api) => api.ready())]);
      const workerWatch = new CreditWatch(log);
      const stopForwarding = worker.forwardCreditFalls(workerWatch);
      const heard = apis.map((api) => {
        const watch = new CreditWatch(log);
        const users: string[] = [];
        watch.listen((userId) => users.push(userId));
        api.hearCreditFalls(watch);
        return users;
      });
      const liveSignals: LiveSignal[] = [];
      apis[0]!.subscribe('driver-1', (signal) => liveSignals.push(signal));
      workerWatch.fell('driver-1');
      await waitUntil('both API processes', () => heard.every((users) => users.length === 1));
      expect(heard).toEqual([['driver-1'], ['driver-1']]);
      // A credit fall is not a live signal to the driver's devices.
      expect(liveSignals).toEqual([]);

      stopForwarding();
      workerWatch.fell('driver-2');
      worker.publish('driver-1', { type: 'account' });
      await waitUntil('the live signal after it', () => liveSignals.length === 1);
      expect(heard).toEqual([['driver-1'], ['driver-1']]);
    } finally {
      await worker.close();
      await Promise.all(apis.map((api) => api.close()));
    }
  });
});
