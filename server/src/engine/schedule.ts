/** Whether a block would clash with the driver's schedule (DESIGN.md: never accept an overlap). */
import type { BlockSpan } from './types.js';

/**
 * True when the block shares any time with a scheduled block. Spans are half-open [start, end):
 * a block starting exactly when another ends does not overlap it (back-to-back blocks are fine).
 */
export function overlapsSchedule(block: BlockSpan, schedule: readonly BlockSpan[]): boolean {
  for (const booked of schedule) {
    if (block.startTime < booked.endTime && booked.startTime < block.endTime) return true;
  }
  return false;
}
