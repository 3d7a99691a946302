/**
 * The app's service worker, served at the site's root (SERVICE_WORKER_PATH) so its scope is the
 * whole app. Built by tooling's ServiceWorkerPlugin with the shell's list of content-hashed files
 * (`__SHELL_FILES__`) and a version naming its cache (`__SHELL_VERSION__`); what it does is in
 * ./policy.ts. The DOM library types the rest of the shell, so the few worker types it uses are
 * declared here.
 */
import { PAGES } from '@blockpilot/shared/pages';
import { languageOfBrowser } from '@blockpilot/shared/rules';
import { acceptFromNotification, ACCEPT_ACTION, notificationOf, servedFromCache, SHELL_CACHE_PREFIX, type NotificationAccept } from './policy';

declare const __SHELL_FILES__: string[];
declare const __SHELL_VERSION__: string;

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { json(): unknown; text(): string } | null;
}
interface NotificationClickEvent extends ExtendableEvent {
  notification: Notification;
  /** The action button tapped; '' for the notification itself. */
  action: string;
}
interface WindowClient {
  url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
interface WorkerScope {
  location: Location;
  navigator: { languages: readonly string[] };
  registration: ServiceWorkerRegistration;
  clients: {
    claim(): Promise<void>;
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationClickEvent) => void): void;
}

const worker = self as unknown as WorkerScope;
const origin = worker.location.origin;
const shellFiles = new Set(__SHELL_FILES__);
const cacheName = `${SHELL_CACHE_PREFIX}${__SHELL_VERSION__}`;

worker.addEventListener('install', (event) => {
  // A new build's worker takes over at once: it only ever serves files named by their content.
  event.waitUntil(worker.skipWaiting());
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Files the new build still lists move over from the older caches; the rest go with them.
      const current = await caches.open(cacheName);
      for (const name of await caches.keys()) {
        if (!name.startsWith(SHELL_CACHE_PREFIX) || name === cacheName) continue;
        const old = await caches.open(name);
        for (const request of await old.keys()) {
          if (!shellFiles.has(new URL(request.url).pathname)) continue;
          const response = await old.match(request);
          if (response) await current.put(request, response);
        }
        await caches.delete(name);
      }
      await worker.clients.claim();
    })(),
  );
});

worker.addEventListener('fetch', (event) => {
  // Not ours to answer: the browser fetches it as if there were no worker.
  if (!servedFromCache(event.request, origin, shellFiles)) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(cacheName);
      const cached = await cache.match(event.request);
      if (cached) return cached;
      const response = await fetch(event.request);
      if (response.ok) await cache.put(event.request, response.clone());
      return response;
    })(),
  );
});

worker.addEventListener('push', (event) => {
  let data: unknown;
  try {
    data = event.data?.json() ?? null;
  } catch {
    // Not JSON: the text is the message.
    data = { body: event.data?.text() };
  }
  const { title, options } = notificationOf(data, origin, languageOfBrowser(worker.navigator.languages));
  event.waitUntil(worker.registration.showNotification(title, options));
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: string; accept?: NotificationAccept } | null;
  // Accept on an offered block: the signed token does it, no page opens (docs/PRODUCT.md "Notify-only filters").
  if (event.action === ACCEPT_ACTION && data?.accept) {
    const language = languageOfBrowser(worker.navigator.languages);
    event.waitUntil(
      acceptFromNotification(data.accept, origin, (url, init) => fetch(url, init), language).then(({ title, options }) => worker.registration.showNotification(title, options)),
    );
    return;
  }
  const url = data?.url ?? `${origin}${PAGES.dashboard.path}`;
  event.waitUntil(
    (async () => {
      // An open tab of the app goes to the page; without one a new one opens.
      const [open] = await worker.clients.matchAll({ type: 'window', includeUncontrolled: true });
      if (open) {
        await open.focus();
        await open.navigate(url);
        return;
      }
      await worker.clients.openWindow(url);
    })(),
  );
});
