/**
 * Engine writes that failed (the database away) and must not be lost with the offer. Without this
 * an ignored offer unlisted before the next poll would never be logged (the next poll only judges
 * what is still listed), and an attempt whose delete failed after the platform refused or lost it
 * would stay until a restart settled it. They are kept in memory and written before the next
 * poll's own writes. Bounded, so a long outage cannot grow the process without limit: past the
 * limit the oldest entries are dropped, and the log says so.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { IgnoredOffer } from './offerLog.js';
import type { OfferLogStore } from './stores.js';

/** How many ignored offers one search keeps while the database is away. */
export const PENDING_IGNORED_LIMIT = 5_000;

export class PendingWrites {
  /** By offer id: an offer judged again while its first entry waits is written once. */
  private readonly ignored = new Map<string, { discoveredAt: Date; entry: IgnoredOffer }>();
  private readonly attemptDeletes = new Set<string>();

  constructor(
    private readonly offerLog: OfferLogStore,
    private readonly userId: string,
    private readonly log: FastifyBaseLogger,
    private readonly limit = PENDING_IGNORED_LIMIT,
  ) {}

  /** How many writes wait. */
  get size(): number {
    return this.ignored.size + this.attemptDeletes.size;
  }

  /** Ignored offers of a poll whose log write failed. */
  keepIgnored(discoveredAt: Date, entries: readonly IgnoredOffer[]): void {
    for (const entry of entries) {
      if (!this.ignored.has(entry.offer.offerId)) this.ignored.set(entry.offer.offerId, { discoveredAt, entry });
    }
    let dropped = 0;
    // A Map iterates in insertion order: the first keys are the oldest.
    for (const offerId of this.ignored.keys()) {
      if (this.ignored.size <= this.limit) break;
      this.ignored.delete(offerId);
      dropped++;
    }
    if (dropped > 0) this.log.error({ userId: this.userId, dropped }, 'database away too long: oldest unwritten ignored offers dropped');
  }

  /** Deletes the attempt now, or keeps the delete for the next poll when the database fails. */
  async deleteAttempt(offerId: string): Promise<void> {
    try {
      await this.offerLog.deleteAttempt(this.userId, offerId);
      this.attemptDeletes.delete(offerId);
    } catch (error) {
      this.attemptDeletes.add(offerId);
      this.log.warn({ userId: this.userId, offerId, err: error }, 'attempt delete failed: retried before the next poll');
    }
  }

  /** Writes what waits; throws (keeping what is left) when the database is still away. */
  async flush(): Promise<void> {
    // One insert per poll the entries came from: each keeps the time its offer was discovered.
    const byPoll = new Map<number, IgnoredOffer[]>();
    for (const { discoveredAt, entry } of this.ignored.values()) {
      const entries = byPoll.get(discoveredAt.getTime()) ?? [];
      entries.push(entry);
      byPoll.set(discoveredAt.getTime(), entries);
    }
    for (const [time, entries] of byPoll) {
      await this.offerLog.logIgnored(this.userId, new Date(time), entries);
      for (const { offer } of entries) this.ignored.delete(offer.offerId);
    }
    for (const offerId of [...this.attemptDeletes]) {
      await this.offerLog.deleteAttempt(this.userId, offerId);
      this.attemptDeletes.delete(offerId);
    }
  }
}
