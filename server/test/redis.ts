/**
 * Redis for tests: the service at TEST_REDIS_URL (default the CI service), each suite under a key
 * prefix of its own, deleted afterwards. Under CI=true a missing Redis fails the suite; elsewhere
 * the test command probes it first and sets BLOCKPILOT_TEST_REDIS=0 when there is none, and the
 * suite is reported as skipped with that reason.
 */
import { randomBytes } from 'node:crypto';
import { after, before, describe } from 'node:test';
import { Redis } from 'ioredis';
import { closeRedis, deleteKeys, openRedis } from '../src/adapters/redis.js';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether the Redis suites run (always under CI=true). */
export function redisWanted(): boolean {
  return process.env.CI === 'true' || process.env.BLOCKPILOT_TEST_REDIS !== '0';
}

/** Whether Redis answers at TEST_REDIS_URL. */
export async function redisReachable(): Promise<boolean> {
  const probe = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null, connectTimeout: 2000 });
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/** A suite's Redis: a shared connection and the suite's own key prefix. */
export interface TestRedis {
  url: string;
  prefix: string;
  redis: Redis;
  /** Another connection (closed with the suite). */
  connect(name: string): Redis;
}

/** `describe` with a Redis of the suite's own (see the file's comment). */
export function describeWithRedis(title: string, body: (redis: () => TestRedis) => void): void {
  if (!redisWanted()) {
    describe(title, { skip: 'Redis is not running (BLOCKPILOT_TEST_REDIS=0); required under CI=true' }, () => undefined);
    return;
  }
  describe(title, () => {
    let suite: TestRedis | null = null;
    const opened: Redis[] = [];
    before(async () => {
      if (!(await redisReachable())) throw new Error(`Redis is required (CI=true or BLOCKPILOT_TEST_REDIS) and was not reachable at ${TEST_REDIS_URL}`);
      const connect = (name: string) => {
        const connection = openRedis(TEST_REDIS_URL, name);
        opened.push(connection);
        return connection;
      };
      suite = { url: TEST_REDIS_URL, prefix: `bptest-${randomBytes(5).toString('hex')}`, redis: connect('test'), connect };
    });
    after(async () => {
      if (suite) await deleteKeys(suite.redis, suite.prefix);
      await Promise.all(opened.map(closeRedis));
    });
    body(() => {
      if (!suite) throw new Error('Redis did not open');
      return suite;
    });
  });
}
