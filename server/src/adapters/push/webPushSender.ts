/**
 * Web Push through the `web-push` package: it encrypts the payload (RFC 8291, aes128gcm) and signs
 * the request with the VAPID key (RFC 8292); the request itself goes out with fetch, so a push
 * service is reached over https and a test's local one over http alike (web-push's own sender
 * speaks https only), with a deadline.
 */
import webPush from 'web-push';
import type { VapidKeys } from './config.js';
import type { PushOutcome, PushPayload, PushSender, PushTarget } from './types.js';

/** How long a push service may take to answer. */
const SEND_TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for a device that is offline: a day (an alert older than that is stale). */
const TIME_TO_LIVE_SECONDS = 86_400;

/** The push service's failure answer, kept for the log. */
export class PushServiceError extends Error {
  constructor(
    readonly status: number,
    detail: string,
  ) {
    super(`The push service answered ${status}: ${detail.slice(0, 200)}`);
    this.name = 'PushServiceError';
  }
}

export class WebPushSender implements PushSender {
  readonly publicKey: string;

  constructor(
    private readonly keys: VapidKeys,
    private readonly fetchFn: typeof fetch = fetch,
  ) {
    this.publicKey = keys.publicKey;
  }

  async send(target: PushTarget, payload: PushPayload): Promise<PushOutcome> {
    const request = webPush.generateRequestDetails({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, JSON.stringify(payload), {
      vapidDetails: this.keys,
      TTL: TIME_TO_LIVE_SECONDS,
      urgency: 'high',
      contentEncoding: 'aes128gcm',
    });
    // fetch sets the length of the body itself (and some dispatchers refuse one given beside it).
    const headers = Object.fromEntries(
      Object.entries(request.headers)
        .filter(([name]) => name.toLowerCase() !== 'content-length')
        .map(([name, value]) => [name, String(value)]),
    );
    const response = await this.fetchFn(request.endpoint, {
      method: request.method,
      headers,
      body: request.body ? new Uint8Array(request.body) : null,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      redirect: 'error',
    });
    // 404 and 410: the browser unsubscribed or the subscription expired (RFC 8030 section 7.3).
    if (response.status === 404 || response.status === 410) return 'gone';
    if (!response.ok) throw new PushServiceError(response.status, await response.text().catch(() => ''));
    return 'delivered';
  }
}
