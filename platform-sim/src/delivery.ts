/**
 * When a response left: the moment its body was handed to the socket, or that it never got out
 * (the connection closed first). One object per work-API request; the record and the offers'
 * first-listing marks share it, so both learn the send time when it happens, after the handler
 * has returned.
 *
 * The send stamp is taken synchronously, right after `res.end()` returns (the call that writes the
 * body to the socket), not in the response's 'finish' event: 'finish' runs in a later turn of the
 * event loop, which under load comes late (at 100 drivers, clients had already parsed the page
 * before a 'finish' stamp for half of the offers). A response that has no socket yet when it ends
 * (a pipelined one waiting for the response before it) is stamped on 'finish' instead.
 */
import type { ServerResponse } from 'node:http';

export interface Delivery {
  /** When the handler's answer was decided (the record's `answeredAtMs`), precise clock; null until then. */
  answeredAtMs: number | null;
  /** When the body was handed to the socket, precise clock; null until then, and for ever if the send failed. */
  sentAtMs: number | null;
  /** The connection closed before the response was fully handed over. */
  failed: boolean;
  /** Run once with `sentAtMs` when it is stamped (listing-relative rivals start then); null when none. */
  whenSent: Array<(sentAtMs: number) => void> | null;
}

export function newDelivery(): Delivery {
  return { answeredAtMs: null, sentAtMs: null, failed: false, whenSent: null };
}

type End = (...args: unknown[]) => ServerResponse;

/**
 * Fills `delivery` as the response is sent, and stamps the record entry's `sentAtMs` with the same
 * time (from `now`, the precise clock). Call before the response is sent.
 */
export function trackDelivery(res: ServerResponse, delivery: Delivery, entry: { sentAtMs: number | null } | null, now: () => number): void {
  const stamp = (): void => {
    if (delivery.sentAtMs !== null || delivery.failed) return;
    const sentAtMs = now();
    delivery.sentAtMs = sentAtMs;
    if (entry) entry.sentAtMs = sentAtMs;
    const waiting = delivery.whenSent;
    delivery.whenSent = null;
    if (waiting) for (const run of waiting) run(sentAtMs);
  };
  const end = res.end as unknown as End;
  res.end = function endAndStamp(this: ServerResponse, ...args: unknown[]): ServerResponse {
    const socket = this.socket;
    const result = end.apply(this, args);
    // The body is in the socket now (or in its write queue), unless there was none to write to.
    if (socket !== null && !socket.destroyed) stamp();
    return result;
  } as unknown as ServerResponse['end'];
  res.once('finish', stamp);
  // 'close' also follows a normal finish; only a close without one is a failed send, even if the
  // body had been handed to the socket: it never got out, so it was never sent.
  res.once('close', () => {
    if (res.writableFinished) return;
    delivery.failed = true;
    delivery.sentAtMs = null;
    delivery.whenSent = null;
    if (entry) entry.sentAtMs = null;
  });
}
