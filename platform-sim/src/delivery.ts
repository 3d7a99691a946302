/**
 * When a response actually left: the moment its last byte was handed to the socket (the
 * response's `finish` event), or that it never will (the connection closed first). One object per
 * work-API request; the record and the offers' first-listing marks share it, so both learn the
 * send time when it happens, after the handler has returned.
 */
import type { ServerResponse } from 'node:http';
import { preciseNow } from './preciseClock.js';

export interface Delivery {
  /** Epoch ms with a fraction (real time); null until sent, and for ever if the send failed. */
  sentAtMs: number | null;
  /** The connection closed before the response was fully handed over. */
  failed: boolean;
}

export function newDelivery(): Delivery {
  return { sentAtMs: null, failed: false };
}

/**
 * Fills `delivery` from the response's own events, and stamps the record entry's `sentAtMs` with
 * the same time. Call before the response is sent.
 */
export function trackDelivery(res: ServerResponse, delivery: Delivery, entry: { sentAtMs: number | null } | null): void {
  res.once('finish', () => {
    const sentAtMs = preciseNow();
    delivery.sentAtMs = sentAtMs;
    if (entry) entry.sentAtMs = sentAtMs;
  });
  // 'close' also follows a normal finish; only a close without one is a failed send.
  res.once('close', () => {
    if (delivery.sentAtMs === null) delivery.failed = true;
  });
}
