/** Web Push: what the notifications send to a driver's devices (docs/LIVE.md "Push notifications"). */

/** Where one browser receives pushes, and its keys for the payload's encryption (RFC 8291). */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** What the service worker shows: a title, a text, the page a tap opens, and a tag that replaces an older one. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
  /**
   * An offered block's Accept action (docs/PRODUCT.md "Notify-only filters"): the service worker
   * shows it as the notification's action and, when tapped, posts the token to `endpoint`.
   */
  accept?: { action: 'accept'; title: string; token: string; endpoint: string };
}

/** `gone`: the push service no longer knows the subscription (404/410); it should be forgotten. */
export type PushOutcome = 'delivered' | 'gone';

/** Sends Web Push, signed with the server's VAPID key. */
export interface PushSender {
  /** The VAPID public key (base64url) browsers subscribe with. */
  readonly publicKey: string;
  /** Resolves once the push service took the message, or said the subscription is gone; rejects otherwise. */
  send(target: PushTarget, payload: PushPayload): Promise<PushOutcome>;
}
