/**
 * What the service worker does, as plain functions the tests call (docs/LIVE.md "Push
 * notifications", docs/FRONTEND.md "Installable app"):
 * - it answers from its cache only GETs of the shell's own content-hashed files, the list its
 *   build wrote into it; everything else (pages, /remotes.json, every remote's mf-manifest.json and
 *   remoteEntry.js, the release registry's files, the API) goes to the network as if there were
 *   no worker, so a promoted or rolled-back remote is seen on the next load, never a stale one;
 * - it turns a push message into the notification shown on the phone, with an Accept action for an
 *   offered block, whose tap posts the message's signed token to the public one-tap accept (the
 *   worker has no session: the token is the authority) and shows the outcome (docs/PRODUCT.md
 *   "Notify-only filters").
 *
 * The worker's one text of its own (a push without a body) is in ./locales, apart from the shell's
 * catalog so the worker does not carry the app's texts; it follows the browser's language, as a
 * worker cannot read the language chosen in the page (docs/FRONTEND.md, "Languages").
 */
import { CONTENT_HASHED_FILE, RELEASE_FILES_PATH, REMOTE_LIST_PATH, type Language } from '@blockpilot/shared/constants';
import { PAGES } from '@blockpilot/shared/pages';
import en from './locales/en.json';
import es from './locales/es.json';

const TEXTS: Record<Language, typeof en> = { en, es };

/** Every cache this worker made starts so; the current one ends with its build's version. */
export const SHELL_CACHE_PREFIX = 'blockpilot-shell-';

/** Paths never answered from the cache, whatever a build's list says. */
const ALWAYS_NETWORK = ['/api/', '/remotes/', '/dev/', RELEASE_FILES_PATH, REMOTE_LIST_PATH];

/** Whether the worker answers this request from its cache. */
export function servedFromCache(request: { method: string; url: string }, origin: string, shellFiles: ReadonlySet<string>): boolean {
  if (request.method !== 'GET') return false;
  const url = new URL(request.url);
  if (url.origin !== origin || url.search !== '') return false;
  if (ALWAYS_NETWORK.some((prefix) => url.pathname.startsWith(prefix))) return false;
  return shellFiles.has(url.pathname) && CONTENT_HASHED_FILE.test(url.pathname);
}

/** The one-tap accept an offered block's notification carries: where to post its token. */
export interface NotificationAccept {
  token: string;
  endpoint: string;
}

/** A notification to show: its title and the options of showNotification. */
export interface ShownNotification {
  title: string;
  options: {
    body: string;
    tag: string;
    icon: string;
    badge: string;
    data: { url: string; accept?: NotificationAccept };
    actions?: { action: string; title: string }[];
  };
}

/** The notification action that accepts an offered block. */
export const ACCEPT_ACTION = 'accept';

/** The message's Accept action when it is well formed and posts to this app's own API; else null. */
function acceptOf(value: unknown): { title: string; accept: NotificationAccept } | null {
  if (typeof value !== 'object' || value === null) return null;
  const { action, title, token, endpoint } = value as Record<string, unknown>;
  if (action !== ACCEPT_ACTION || typeof title !== 'string' || typeof token !== 'string' || token === '') return null;
  if (typeof endpoint !== 'string' || !endpoint.startsWith('/api/')) return null;
  return { title, accept: { token, endpoint } };
}

const APP_ICON = '/icons/icon-192.png';
const BADGE_ICON = '/icons/badge-72.png';

/**
 * The notification of a push message (the server sends { title, body, url, tag }, see
 * server/src/notifications/service.ts). A message that is not that still shows something: a
 * push the phone receives must show a notification (userVisibleOnly).
 */
export function notificationOf(data: unknown, origin: string, language: Language = 'en'): ShownNotification {
  const fields = typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
  const text = (value: unknown, fallback: string) => (typeof value === 'string' && value !== '' ? value : fallback);
  const url = text(fields.url, PAGES.dashboard.path);
  // Only a page of this app opens on a tap.
  const sameOrigin = (() => {
    try {
      return new URL(url, origin).origin === origin ? new URL(url, origin).href : `${origin}${PAGES.dashboard.path}`;
    } catch {
      return `${origin}${PAGES.dashboard.path}`;
    }
  })();
  const shown: ShownNotification = {
    title: text(fields.title, 'BlockPilot'),
    options: {
      body: text(fields.body, TEXTS[language]['push.body']),
      tag: text(fields.tag, 'blockpilot'),
      icon: APP_ICON,
      badge: BADGE_ICON,
      data: { url: sameOrigin },
    },
  };
  const offered = acceptOf(fields.accept);
  if (offered) {
    shown.options.actions = [{ action: ACCEPT_ACTION, title: offered.title }];
    shown.options.data.accept = offered.accept;
  }
  return shown;
}

/**
 * The Accept action tapped: posts the token to the one-tap accept of this origin and answers the
 * notification that says how it went, in the server's words ("Block accepted.", "Taken by another
 * driver."), or the worker's own when the server could not be reached.
 */
export async function acceptFromNotification(
  accept: NotificationAccept,
  origin: string,
  post: (url: string, init: RequestInit) => Promise<{ json(): Promise<unknown> }>,
  language: Language = 'en',
): Promise<ShownNotification> {
  let body = TEXTS[language]['push.acceptFailed'];
  try {
    const response = await post(`${origin}${accept.endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': language },
      body: JSON.stringify({ token: accept.token }),
    });
    const envelope = (await response.json()) as { alert?: unknown };
    if (typeof envelope.alert === 'string' && envelope.alert !== '') body = envelope.alert;
  } catch {
    // Offline or not JSON: the worker's own words.
  }
  return { title: 'BlockPilot', options: { body, tag: 'offered-outcome', icon: APP_ICON, badge: BADGE_ICON, data: { url: `${origin}${PAGES.dashboard.path}` } } };
}
