/**
 * Session revocations across API processes (docs/SECURITY.md "Session cache"): the process that
 * revokes publishes on one channel every API process subscribes to, each forgetting the tokens in
 * its own cache. Unlike live events a lost message would let a revoked token through, so the cache
 * is told the moment the subscription drops (it empties itself and asks the database until the
 * subscription is back), and the publisher waits for Redis to have handed the message on.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { SessionInvalidation, SharedInvalidations } from '../features/auth/sessionCache.js';
import { closeRedis } from '../adapters/redis.js';

function parseInvalidation(payload: string): SessionInvalidation | null {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    if (typeof value.tokenHash === 'string') return { tokenHash: value.tokenHash };
    if (typeof value.userId === 'string') return { userId: value.userId };
  } catch {
    // not ours
  }
  return null;
}

export class RedisSessionInvalidations implements SharedInvalidations {
  private subscriber: Redis | null = null;

  /** `redis`: the process's shared connection (publishing); {@link listen} opens a subscriber connection from it, closed with this. */
  constructor(
    private readonly redis: Redis,
    private readonly channel: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async publish(invalidation: SessionInvalidation): Promise<void> {
    await this.redis.publish(this.channel, JSON.stringify(invalidation));
  }

  listen(apply: (invalidation: SessionInvalidation) => void, setLive: (live: boolean) => void): void {
    const subscriber = this.redis.duplicate({ connectionName: `${this.redis.options.connectionName ?? 'blockpilot'}-sessions` });
    this.subscriber = subscriber;
    subscriber.on('message', (_channel: string, payload: string) => {
      const invalidation = parseInvalidation(payload);
      if (invalidation) apply(invalidation);
    });
    // From the drop on, messages are lost: the cache stops trusting itself at once.
    subscriber.on('close', () => setLive(false));
    const subscribe = () =>
      subscriber.subscribe(this.channel).then(
        () => setLive(true),
        (error: unknown) => this.log.error({ err: error }, 'could not subscribe to session revocations; sessions are read from the database'),
      );
    // ioredis subscribes again by itself on reconnecting; subscribing here too tells when it is done.
    subscriber.on('ready', () => void subscribe());
  }

  async close(): Promise<void> {
    if (this.subscriber) await closeRedis(this.subscriber);
  }
}
