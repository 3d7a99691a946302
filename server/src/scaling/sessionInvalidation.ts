/**
 * Session revocations across API processes (docs/SECURITY.md "Session cache"): the process that
 * revokes publishes on one channel every API process subscribes to, each forgetting the tokens in
 * its own cache. Unlike live events a lost or late message would let a revoked token through:
 *
 * - Every subscriber acknowledges a revocation on the same channel once it has applied it, and the
 *   revoking request waits for as many acknowledgements as PUBLISH reached subscribers (itself
 *   included), so when its answer leaves no process serves the token any more. Redis handing the
 *   message on is not enough: the next request may reach another process before it has read it.
 * - The cache is told the moment the subscription drops (it empties itself and asks the database
 *   until the subscription is back).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { SessionInvalidation, SharedInvalidations } from '../features/auth/sessionCache.js';
import { closeRedis } from '../adapters/redis.js';

/** What travels on the channel: a revocation with its id, or a process's acknowledgement of one. */
type Message = (SessionInvalidation & { id: string }) | { ack: string };

/** How long a revocation waits for the other processes' acknowledgements before it answers anyway (logged). */
const ACK_TIMEOUT_MS = 2_000;

function parseMessage(payload: string): Message | null {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    if (typeof value.ack === 'string') return { ack: value.ack };
    if (typeof value.id !== 'string') return null;
    if (typeof value.tokenHash === 'string') return { id: value.id, tokenHash: value.tokenHash };
    if (typeof value.userId === 'string') return { id: value.id, userId: value.userId };
  } catch {
    // not ours
  }
  return null;
}

/** A revocation waiting for its acknowledgements. */
interface Pending {
  acks: number;
  /** Subscribers PUBLISH reached; unknown until it answers. */
  expected: number;
  done(): void;
}

export class RedisSessionInvalidations implements SharedInvalidations {
  private subscriber: Redis | null = null;
  private live = false;
  private readonly pending = new Map<string, Pending>();

  /** `redis`: the process's shared connection (publishing); {@link listen} opens a subscriber connection from it, closed with this. */
  constructor(
    private readonly redis: Redis,
    private readonly channel: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  async publish(invalidation: SessionInvalidation): Promise<void> {
    const id = randomUUID();
    const send = () => this.redis.publish(this.channel, JSON.stringify({ ...invalidation, id }));
    // Not subscribed (a process that serves no requests): nobody to hear acknowledgements from.
    if (!this.live) {
      await send();
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const acknowledged = new Promise<void>((resolve) => {
      this.pending.set(id, { acks: 0, expected: Infinity, done: resolve });
      timer = setTimeout(() => {
        this.log.error({ invalidation }, 'not every API process acknowledged a session revocation in time; it may serve the session until its cache entry ages out');
        resolve();
      }, ACK_TIMEOUT_MS);
    });
    try {
      const reached = await send();
      const waiting = this.pending.get(id);
      if (waiting) {
        waiting.expected = reached;
        if (waiting.acks >= reached) waiting.done();
      }
      await acknowledged;
    } finally {
      clearTimeout(timer);
      this.pending.delete(id);
    }
  }

  listen(apply: (invalidation: SessionInvalidation) => void, setLive: (live: boolean) => void): void {
    const subscriber = this.redis.duplicate({ connectionName: `${this.redis.options.connectionName ?? 'blockpilot'}-sessions` });
    this.subscriber = subscriber;
    subscriber.on('message', (_channel: string, payload: string) => {
      const message = parseMessage(payload);
      if (!message) return;
      if ('ack' in message) {
        const waiting = this.pending.get(message.ack);
        if (waiting && ++waiting.acks >= waiting.expected) waiting.done();
        return;
      }
      const { id, ...invalidation } = message;
      apply(invalidation as SessionInvalidation);
      this.redis.publish(this.channel, JSON.stringify({ ack: id })).catch((error: unknown) => this.log.error({ err: error }, 'could not acknowledge a session revocation'));
    });
    // From the drop on, messages are lost: the cache stops trusting itself at once.
    subscriber.on('close', () => {
      this.live = false;
      setLive(false);
    });
    const subscribe = () =>
      subscriber.subscribe(this.channel).then(
        () => {
          this.live = true;
          setLive(true);
        },
        (error: unknown) => this.log.error({ err: error }, 'could not subscribe to session revocations; sessions are read from the database'),
      );
    // ioredis subscribes again by itself on reconnecting; subscribing here too tells when it is done.
    subscriber.on('ready', () => void subscribe());
  }

  async close(): Promise<void> {
    this.live = false;
    if (this.subscriber) await closeRedis(this.subscriber);
  }
}
