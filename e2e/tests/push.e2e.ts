/**
 * Push notifications in Chromium (docs/LIVE.md "Push notifications"), against the real server and
 * its embedded simulator:
 * - the app is installable: its manifest and icons, and a service worker at the root that keeps
 *   the shell's content-hashed files but lets every remote entry, the remote list and the API go
 *   to the network;
 * - "This device" in a real browser: Chromium's PushManager.subscribe() needs its push service
 *   (Firebase Cloud Messaging), which this machine cannot reach, and a browser context Playwright
 *   opens is off the record, where Chromium refuses push at once ("Registration failed -
 *   permission denied"). The test asserts that the screen says so, and does not pretend otherwise;
 * - end to end without FCM: a subscription made here (a P-256 key pair and a secret, as a browser
 *   makes them) at a push service on this machine is saved through the API; "Send a test" and an
 *   accepted block then reach that push service, encrypted for the subscription (decrypted here)
 *   and signed with the server's VAPID key (verified here); the decrypted message is handed to the
 *   page's service worker (DevTools' ServiceWorker.deliverPushMessage, what a push service's
 *   delivery does), which shows it as a notification.
 * The steps run in order.
 */
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { decryptPush, startLocalPushService, verifiedVapidClaims, type LocalPushService, type TestSubscription } from '../../server/test/pushService';
import { apiCall, filterForWeekday, registerDriver } from '../src/support/accounts';
import { seriousViolations } from '../src/support/axe';
import { launchBrowser, openPage, product } from '../src/support/browser';
import { connectPlatformAccount } from '../src/support/connect';
import { injectOffer } from '../src/support/platform';
import { recordSecretsOf, rememberSecret } from '../src/support/secrets';

const LIVE_TIMEOUT_MS = 20_000;
const PLATFORM_ACCOUNT = { email: `push-${Date.now()}@example.com`, password: 'push: the platform password 4Kd' };

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let token: string;
let pushService: LocalPushService;
let subscription: TestSubscription;
let devtools: CDPSession;
let registrationId: string | undefined;

/** Blocks of this file start on `day` (six days from now), a weekday the filter below alone takes. */
const day = (Math.floor(Date.now() / 86_400_000) + 6) * 86_400;
const weekday = new Date(day * 1000).getUTCDay();

beforeAll(async () => {
  pushService = await startLocalPushService();
  browser = await launchBrowser();
  const { baseUrl, secretsFile } = product();
  token = await registerDriver(baseUrl);
  // At a phone's width; axe-core is injected past the page's Content Security Policy.
  ({ context, page, errors } = await openPage(browser, 360, { injectsScripts: true }));
  recordSecretsOf(context, secretsFile, baseUrl);
  await context.grantPermissions(['notifications'], { origin: baseUrl });
  await context.addInitScript((value) => {
    if (!localStorage.getItem('acccessToken')) localStorage.setItem('acccessToken', value);
  }, token);
  devtools = await context.newCDPSession(page);
  // DevTools names the worker's registration, which delivering a push needs.
  devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
    const ours = registrations.find((r) => r.scopeURL === `${baseUrl}/` && !r.isDeleted);
    if (ours) registrationId = ours.registrationId;
  });
  await devtools.send('ServiceWorker.enable');
}, 120_000);

afterAll(async () => {
  await apiCall(product().baseUrl, token, 'POST', '/user/toggleSearchState', { timezoneOffset: 0, searching: false }).catch(() => undefined);
  await browser.close();
  await pushService.close();
});

/** Resolves with `read()`'s value once `done` holds for it; fails with the last value after `timeoutMs`. */
async function eventually<T>(read: () => Promise<T> | T, done: (value: T) => boolean, timeoutMs = LIVE_TIMEOUT_MS): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`still not there after ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

type Shown = { title: string; body: string; tag: string; url: string };

/** The notifications the page's service worker shows now. */
const shownNotifications = (): Promise<Shown[]> =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url: string }).url })),
  );

/** The push message a browser would get, handed to the page's service worker. */
async function deliverToServiceWorker(data: string): Promise<void> {
  await devtools.send('ServiceWorker.deliverPushMessage', { origin: product().baseUrl, registrationId: registrationId!, data });
}

it('is installable: a manifest with 192 and 512 px icons, maskable ones too, linked from the page', async () => {
  const { baseUrl } = product();
  await page.goto('/account/notificationPreferences');
  expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
  const manifest = (await (await fetch(`${baseUrl}/manifest.webmanifest`)).json()) as {
    name: string;
    start_url: string;
    display: string;
    icons: Array<{ src: string; sizes: string; purpose: string }>;
  };
  expect(manifest).toMatchObject({ name: 'BlockPilot', start_url: '/dashboard', display: 'standalone' });
  for (const icon of manifest.icons) {
    const png = Buffer.from(await (await fetch(`${baseUrl}${icon.src}`)).arrayBuffer());
    // The PNG's own header says its size: width and height at bytes 16 and 20.
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`).toBe(icon.sizes);
  }
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual(['192x192 any', '192x192 maskable', '512x512 any', '512x512 maskable']);
});

it("registers its service worker at the root, which keeps the shell's hashed files and never a remote entry, the remote list or the API", async () => {
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${product().baseUrl}/`);
  // The first visit filled the cache as the worker took control; a reload is a repeat visit.
  await page.reload();
  await page.getByRole('switch', { name: 'This device' }).waitFor();
  const fromWorker = new Map<string, boolean>();
  page.on('response', (response) => fromWorker.set(new URL(response.url()).pathname, response.fromServiceWorker()));
  await page.reload();
  await page.getByRole('switch', { name: 'This device' }).waitFor();
  expect(registrationId).toEqual(expect.any(String));
  const paths = [...fromWorker.keys()];
  const shellChunks = paths.filter((path) => /^\/[^/]+\.[0-9a-f]{8}\.js$/.test(path));
  expect(shellChunks.length).toBeGreaterThan(0);
  for (const path of shellChunks) expect([path, fromWorker.get(path)]).toEqual([path, true]);
  const alwaysNetwork = paths.filter((path) => path === '/remotes.json' || path.startsWith('/remotes/') || path.startsWith('/api/') || path === '/account/notificationPreferences');
  expect(alwaysNetwork).toEqual(expect.arrayContaining(['/remotes.json', '/remotes/mf-account/mf-manifest.json', '/account/notificationPreferences']));
  for (const path of alwaysNetwork) expect([path, fromWorker.get(path)]).toEqual([path, false]);
});

it('says what Chromium answers when this device is switched on: an off-the-record context refuses push, so it stays off', async () => {
  const device = page.getByRole('switch', { name: 'This device' });
  expect(await device.isChecked()).toBe(false);
  await device.click({ force: true });
  await page.getByRole('alert').filter({ hasText: 'Notifications could not be switched on here: Registration failed - permission denied' }).waitFor();
  expect(await device.isChecked()).toBe(false);
  expect((await apiCall<{ devices: unknown[] }>(product().baseUrl, token, 'GET', '/user/pushDevices')).devices).toEqual([]);
  expect(await seriousViolations(page)).toEqual([]);
});

it('"Send a test" pushes to a subscription at a local push service: encrypted for it, signed with the VAPID key, shown by the service worker', async () => {
  subscription = pushService.subscription();
  rememberSecret(product().secretsFile, 'push subscription secret', subscription.auth);
  await apiCall(product().baseUrl, token, 'POST', '/user/pushDevices', { endpoint: subscription.endpoint, p256dh: subscription.p256dh, auth: subscription.auth });
  await page.reload();
  const push = page.getByRole('group', { name: 'Push on your devices' });
  await push.getByRole('button', { name: 'Send a test push notification' }).click();
  await push.getByRole('status').filter({ hasText: 'Test sent. Check that it arrived.' }).waitFor();
  const received = await pushService.nextTo(new URL(subscription.endpoint).pathname);
  const { publicKey } = await apiCall<{ publicKey: string }>(product().baseUrl, token, 'GET', '/user/pushDevices');
  expect(verifiedVapidClaims(received.headers, publicKey).aud).toBe(pushService.origin);
  const message = decryptPush(received.body, subscription);
  expect(JSON.parse(message)).toMatchObject({ title: 'BlockPilot test notification', tag: 'test', url: `${product().baseUrl}/account/notificationPreferences` });
  await deliverToServiceWorker(message);
  const [shown] = await eventually(shownNotifications, (list) => list.length > 0);
  expect(shown).toMatchObject({ title: 'BlockPilot test notification', tag: 'test', url: `${product().baseUrl}/account/notificationPreferences` });
});

it('an accepted block is pushed to the device and shown on the phone', async () => {
  const { baseUrl, platformSimulatorUrl, secretsFile } = product();
  rememberSecret(secretsFile, 'platform password', PLATFORM_ACCOUNT.password);
  const connectPage = await context.newPage();
  await connectPage.goto('/connectAccount');
  await connectPlatformAccount({ context, page: connectPage, account: PLATFORM_ACCOUNT, simulatorUrl: platformSimulatorUrl });
  await connectPage.close();
  const areaId = await filterForWeekday(baseUrl, token, weekday, 'Push test');
  await apiCall(baseUrl, token, 'POST', '/user/toggleSearchState', { timezoneOffset: 0, searching: true });
  const path = new URL(subscription.endpoint).pathname;
  const before = pushService.received.filter((p) => p.path === path).length;
  await injectOffer(platformSimulatorUrl, { serviceAreaId: areaId, offerId: `push-${day}`, startTime: day + 9 * 3600, durationHours: 2, priceAmount: 120 });
  await eventually(
    () => pushService.received.filter((p) => p.path === path).length,
    (count) => count > before,
  );
  const message = decryptPush(pushService.received.filter((p) => p.path === path)[before]!.body, subscription);
  const shown = JSON.parse(message) as Shown;
  expect(shown).toMatchObject({ title: expect.stringMatching(/^Block accepted: /), tag: 'accepted', url: `${baseUrl}/dashboard/logs` });
  expect(shown.body).toContain('Pay: $120.00');
  await deliverToServiceWorker(message);
  const onPhone = await eventually(shownNotifications, (list) => list.some((n) => n.tag === 'accepted'));
  expect(onPhone.find((n) => n.tag === 'accepted')).toEqual({ title: shown.title, body: shown.body, tag: 'accepted', url: `${baseUrl}/dashboard/logs` });
  expect(errors).toEqual([]);
});
