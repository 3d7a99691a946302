/**
 * This browser's Web Push subscription (docs/LIVE.md "Push notifications"): whether the browser
 * can receive push at all, the permission it gives, and subscribing through the app's service
 * worker (SERVICE_WORKER_PATH, registered by the shell; registered here too, which is a no-op
 * when it already is) with the server's VAPID public key.
 */
import { SERVICE_WORKER_PATH, type PushSubscriptionInput } from '@blockpilot/shared';

/** What this browser allows: push unsupported, notifications blocked, not asked yet, or allowed. */
export type PushAvailability = 'unsupported' | 'denied' | 'default' | 'granted';

export function pushAvailability(): PushAvailability {
  if (typeof window === 'undefined' || !('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  return Notification.permission;
}

/** The bytes of a base64url text, as PushManager.subscribe takes the server's key. */
function base64UrlBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(text.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register(SERVICE_WORKER_PATH);
  return navigator.serviceWorker.ready;
}

/** This browser's current subscription, or null (never asks for permission). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return registration ? registration.pushManager.getSubscription() : null;
}

/** Thrown when the driver (or the browser) refused notifications. */
export class PermissionDenied extends Error {
  constructor() {
    super('Notifications are blocked for BlockPilot in this browser.');
    this.name = 'PermissionDenied';
  }
}

/**
 * Asks for permission, then subscribes with the server's key. A subscription made with another
 * key (the server's key changed) is replaced, as the push service would refuse the new signatures.
 */
export async function subscribeThisDevice(publicKey: string): Promise<PushSubscriptionInput> {
  if ((await Notification.requestPermission()) !== 'granted') throw new PermissionDenied();
  const registration = await workerRegistration();
  const key = base64UrlBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  const sameKey = existing?.options.applicationServerKey && new Uint8Array(existing.options.applicationServerKey).every((byte, i) => byte === key[i]);
  if (existing && !sameKey) await existing.unsubscribe();
  const subscription = existing && sameKey ? existing : await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const { endpoint, keys } = subscription.toJSON();
  return { endpoint: endpoint ?? subscription.endpoint, p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' };
}

/** Ends this browser's subscription (the server is told separately). */
export async function unsubscribeThisDevice(): Promise<void> {
  await (await currentSubscription())?.unsubscribe();
}
