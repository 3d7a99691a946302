/** The driver's schedule as the engine holds it: never accept a block that overlaps one already booked. */
import type { BookedBlock } from './reconcile.js';
import type { BlockSpan } from './types.js';

/**
 * True when the block shares any time with a scheduled block. Spans are half-open [start, end):
 * a block starting exactly when another ends does not overlap it (back-to-back blocks are fine).
 */
export function overlapsSchedule(block: BlockSpan, schedule: readonly BlockSpan[]): boolean {
  return firstOverlap(block, schedule) !== undefined;
}

/** The first scheduled block the block shares time with (same half-open rule), or undefined. */
export function firstOverlap<T extends BlockSpan>(block: BlockSpan, schedule: readonly T[]): T | undefined {
  for (const booked of schedule) {
    if (block.startTime < booked.endTime && booked.startTime < block.endTime) return booked;
  }
  return undefined;
}

/** A block the platform booked for the engine, and when (epoch ms). */
export interface RecentBooking {
  block: BookedBlock;
  bookedAtMs: number;
}

/**
 * The schedule to hold after a read: what the platform listed, plus the blocks the engine booked
 * within `keepMs` that the listing does not show yet (a read that left before the accept landed).
 * Bookings older than that, or listed now, are dropped from `recent` (it is trimmed in place).
 */
export function mergeSchedule(read: readonly BookedBlock[], recent: RecentBooking[], nowMs: number, keepMs: number): BookedBlock[] {
  const merged = [...read];
  let kept = 0;
  for (const booking of recent) {
    if (nowMs - booking.bookedAtMs >= keepMs) continue;
    const listed = read.some((b) => b.serviceAreaId === booking.block.serviceAreaId && Math.floor(b.startTime) === Math.floor(booking.block.startTime));
    if (listed) continue;
    merged.push(booking.block);
    recent[kept++] = booking;
  }
  recent.length = kept;
  return merged;
}
