/**
 * Messages from API processes to whichever worker holds a driver, over Redis pub/sub: delivered
 * to every worker within milliseconds, acted on by the one holding the driver. Pub/sub may drop a
 * message (a subscriber reconnecting); the durable truth stays `users.searching`, which a worker
 * reads before every search it starts and re-checks for all its drivers every few seconds.
 */
import type { Redis } from 'ioredis';
import { SEARCH_CHANGES, type SearchChange } from '../engine/searchState.js';

/** What a worker is asked to do for a driver. */
export type ControlOp = 'stop' | 'start' | SearchChange;

/** One message on the control channel. */
export interface ControlMessage {
  op: ControlOp;
  userId: string;
}

const OPS: readonly ControlOp[] = ['stop', 'start', ...SEARCH_CHANGES];

/** Publishes one message. */
export async function publishControl(redis: Redis, channel: string, message: ControlMessage): Promise<void> {
  await redis.publish(channel, JSON.stringify(message));
}

/** The message in a published payload, or null for anything else on the channel. */
export function parseControl(payload: string): ControlMessage | null {
  try {
    const value = JSON.parse(payload) as Partial<ControlMessage>;
    if (typeof value.userId === 'string' && OPS.includes(value.op as ControlOp)) return { op: value.op as ControlOp, userId: value.userId };
  } catch {
    // not ours
  }
  return null;
}
