/** Live events of the embedded single process: the engine and every device's stream share this process. */
import type { FastifyBaseLogger } from 'fastify';
import { LiveListeners } from './listeners.js';
import type { LiveEvents, LiveListener, LiveSignal } from './types.js';

export class MemoryLiveEvents implements LiveEvents {
  private readonly listeners = new LiveListeners();

  constructor(private readonly log: FastifyBaseLogger) {}

  publish(userId: string, signal: LiveSignal): void {
    // Delivered after the publisher's own work: a listener reading state sees what was just written.
    queueMicrotask(() => this.listeners.deliver(userId, signal, (error) => this.log.error({ err: error, userId }, 'live listener failed')));
  }

  broadcast(signal: LiveSignal): void {
    queueMicrotask(() => this.listeners.deliver(null, signal, (error) => this.log.error({ err: error }, 'live listener failed')));
  }

  subscribe(userId: string, listener: LiveListener): () => void {
    return this.listeners.add(userId, listener);
  }

  async close(): Promise<void> {}
}
