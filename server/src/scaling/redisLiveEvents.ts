/**
 * Live events across processes (docs/LIVE.md "Across processes"): a search worker's signal (a
 * log entry written, a pause) reaches the API process that holds the driver's open streams. The
 * same Redis pub/sub as the control channel (control.ts): one channel, every process subscribed,
 * each delivering to the listeners it has. Pub/sub may drop a message; the devices' periodic
 * refresh (10 s) catches up.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { CreditWatch } from '../engine/creditWatch.js';
import { LiveListeners } from '../adapters/live/listeners.js';
import { parseLiveMessage, type LiveEvents, type LiveListener, type LiveSignal } from '../adapters/live/types.js';
import { closeRedis } from '../adapters/redis.js';

export class RedisLiveEvents implements LiveEvents {
  private readonly listeners = new LiveListeners();
  private readonly subscriber: Redis;
  private readonly subscribed: Promise<unknown>;
  private creditWatch: CreditWatch | null = null;

  /**
   * `redis`: the process's shared connection (publishing); a subscriber connection is opened from
   * it and closed with this. `creditFellChannel`: where credit falls travel (see
   * {@link forwardCreditFalls}), on the same subscriber connection.
   */
  constructor(
    private readonly redis: Redis,
    private readonly channel: string,
    private readonly log: FastifyBaseLogger,
    private readonly creditFellChannel?: string,
  ) {
    this.subscriber = redis.duplicate({ connectionName: `${redis.options.connectionName ?? 'blockpilot'}-live` });
    this.subscriber.on('message', (channel: string, payload: string) => {
      if (channel === this.creditFellChannel) {
        this.creditWatch?.fell(payload);
        return;
      }
      const message = parseLiveMessage(payload);
      if (message) this.listeners.deliver(message.userId, message.signal, (error) => this.log.error({ err: error, userId: message.userId }, 'live listener failed'));
    });
    const channels = creditFellChannel ? [channel, creditFellChannel] : [channel];
    this.subscribed = this.subscriber.subscribe(...channels).catch((error: unknown) => this.log.error({ err: error }, 'could not subscribe to live events'));
  }

  /**
   * In a search worker: every credit fall its engine reports (a fee charged) is published for the
   * API processes, which hold the payment adapters and run the automatic top-up check
   * (docs/LIVE.md "Automatic top-up"). Several API processes may hear one fall: the check's
   * claim is one conditional update, so only one of them charges. Returns how to stop.
   */
  forwardCreditFalls(watch: CreditWatch): () => void {
    const channel = this.creditFellChannel;
    if (!channel) throw new Error('forwarding credit falls needs a credit-fell channel');
    return watch.listen((userId) => {
      this.redis.publish(channel, userId).catch((error: unknown) => this.log.warn({ err: error, userId }, 'credit fall not published'));
    });
  }

  /** In an API process: the credit falls of every worker reach `watch`, as a fall in this process would. */
  hearCreditFalls(watch: CreditWatch): void {
    this.creditWatch = watch;
  }

  /** Resolves once this process hears the channel (tests wait for it before publishing). */
  ready(): Promise<unknown> {
    return this.subscribed;
  }

  publish(userId: string, signal: LiveSignal): void {
    this.redis.publish(this.channel, JSON.stringify({ userId, signal })).catch((error: unknown) => this.log.warn({ err: error, userId }, 'live event not published'));
  }

  /** The same channel with no driver named: every process delivers it to every stream it holds. */
  broadcast(signal: LiveSignal): void {
    this.redis.publish(this.channel, JSON.stringify({ userId: null, signal })).catch((error: unknown) => this.log.warn({ err: error }, 'live broadcast not published'));
  }

  subscribe(userId: string, listener: LiveListener): () => void {
    return this.listeners.add(userId, listener);
  }

  async close(): Promise<void> {
    await closeRedis(this.subscriber);
  }
}
