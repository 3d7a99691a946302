/**
 * One account's booked blocks. Accepting an offer adds a block; the forfeit call removes it by its
 * start (epoch seconds, compared on whole seconds because starts may carry a fraction).
 */
import type { Offer, ScheduledAssignment } from './types.js';

export class Schedule {
  private blocks: ScheduledAssignment[] = [];

  /** Books the block of a won offer at the price offered. */
  add(offer: Offer): void {
    this.blocks.push({
      startTime: offer.startTime,
      endTime: offer.endTime,
      serviceAreaId: offer.serviceAreaId,
      bookedPrice: { amount: offer.rateInfo.priceAmount },
    });
    this.blocks.sort((a, b) => a.startTime - b.startTime);
  }

  /** Blocks not finished at `now` (finished ones are dropped: they are no longer assignments). */
  list(now: number): ScheduledAssignment[] {
    const nowSeconds = now / 1000;
    if (this.blocks.some((b) => b.endTime <= nowSeconds)) this.blocks = this.blocks.filter((b) => b.endTime > nowSeconds);
    return this.blocks;
  }

  /**
   * Whether the block [startTime, endTime) would overlap a booked block not finished at `now`.
   * Half-open intervals: a block ending when the next one starts is back-to-back, not an overlap.
   */
  overlaps(block: Pick<Offer, 'startTime' | 'endTime'>, now: number): boolean {
    return this.list(now).some((b) => block.startTime < b.endTime && b.startTime < block.endTime);
  }

  /** Removes the block starting at this second; false when there is none. */
  forfeit(startTimeSeconds: number): boolean {
    const key = Math.floor(startTimeSeconds);
    const index = this.blocks.findIndex((b) => Math.floor(b.startTime) === key);
    if (index < 0) return false;
    this.blocks.splice(index, 1);
    return true;
  }

  get size(): number {
    return this.blocks.length;
  }
}
