/**
 * Live events across processes (docs/LIVE.md "Across processes"): a search worker's signal (a
 * log entry written, a pause) reaches the API process that holds the driver's open streams. The
 * same Redis pub/sub as the control channel (control.ts): one channel, every process subscribed,
 * each delivering to the listeners it has. Pub/sub may drop a message; the devices' periodic
 * refresh (10 s) catches up.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { LiveListeners } from '../adapters/live/listeners.js';
import { parseLiveMessage, type LiveEvents, type LiveListener, type LiveSignal } from '../adapters/live/types.js';
import { closeRedis } from '../adapters/redis.js';

export class RedisLiveEvents implements LiveEvents {
  private readonly listeners = new LiveListeners();
  private readonly subscriber: Redis;
  private readonly subscribed: Promise<unknown>;

  /** `redis`: the process's shared connection (publishing); a subscriber connection is opened from it and closed with this. */
  constructor(
    private readonly redis: Redis,
    private readonly channel: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.subscriber = redis.duplicate({ connectionName: `${redis.options.connectionName ?? 'blockpilot'}-live` });
    this.subscriber.on('message', (_channel: string, payload: string) => {
      const message = parseLiveMessage(payload);
      if (message) this.listeners.deliver(message.userId, message.signal, (error) => this.log.error({ err: error, userId: message.userId }, 'live listener failed'));
    });
    this.subscribed = this.subscriber.subscribe(channel).catch((error: unknown) => this.log.error({ err: error }, 'could not subscribe to live events'));
  }

  /** Resolves once this process hears the channel (tests wait for it before publishing). */
  ready(): Promise<unknown> {
    return this.subscribed;
  }

  publish(userId: string, signal: LiveSignal): void {
    this.redis.publish(this.channel, JSON.stringify({ userId, signal })).catch((error: unknown) => this.log.warn({ err: error, userId }, 'live event not published'));
  }

  subscribe(userId: string, listener: LiveListener): () => void {
    return this.listeners.add(userId, listener);
  }

  async close(): Promise<void> {
    await closeRedis(this.subscriber);
  }
}
