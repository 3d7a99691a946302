/**
 * Who hears that a driver's credit fell (a fee was charged): the automatic top-up (docs/LIVE.md
 * "Automatic top-up"). The engine only tells; a listener must return at once and do its work in
 * the background, so the live path never waits for a payment.
 */
import type { FastifyBaseLogger } from 'fastify';

export type CreditFellListener = (userId: string) => void;

export class CreditWatch {
  private readonly listeners = new Set<CreditFellListener>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Hears every fall; returns the unsubscribe. */
  listen(listener: CreditFellListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The driver's credit just fell. Never throws: a listener's failure is logged. */
  fell(userId: string): void {
    for (const listener of this.listeners) {
      try {
        listener(userId);
      } catch (error) {
        this.log.error({ err: error, userId }, 'a credit-fell listener failed');
      }
    }
  }
}
