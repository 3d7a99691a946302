/**
 * Redis connections and scripts. One connection per use that needs its own (BullMQ's blocking
 * fetch, pub/sub subscribers); everything else shares one. Scripts run by SHA (ioredis sends the
 * source once per connection), so a renewal of thousands of leases is one round trip.
 */
import { Redis } from 'ioredis';

/**
 * A connection to REDIS_URL named after its use (CLIENT LIST shows who is connected). Commands
 * wait for a reconnect instead of failing after a few retries: BullMQ requires it, and a search
 * worker outliving a Redis restart should resume, not crash.
 */
export function openRedis(url: string, name: string): Redis {
  return new Redis(url, { connectionName: name, maxRetriesPerRequest: null });
}

/** A Lua script bound to a connection: call it with its keys and arguments. */
export type RedisScript = (keys: readonly string[], args: ReadonlyArray<string | number>) => Promise<unknown>;

/** Defines `lua` on the connection under `name` (once) and returns a caller of it. */
export function redisScript(redis: Redis, name: string, lua: string): RedisScript {
  type Call = (this: Redis, ...args: Array<string | number>) => Promise<unknown>;
  const commands = redis as unknown as Record<string, Call | undefined>;
  if (!commands[name]) redis.defineCommand(name, { lua });
  const call = commands[name]!;
  return (keys, args) => call.call(redis, keys.length, ...keys, ...args);
}

/** Closes a connection, waiting for its replies; falls back to dropping it when Redis is gone. */
export async function closeRedis(redis: Redis): Promise<void> {
  if (redis.status === 'end') return;
  try {
    await redis.quit();
  } catch {
    redis.disconnect();
  }
}

/** Deletes every key under `prefix:` (a test's or a benchmark's keys), a SCAN page at a time. */
export async function deleteKeys(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
    if (keys.length) await redis.del(...keys);
    cursor = next;
  } while (cursor !== '0');
}
