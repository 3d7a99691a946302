import { after, before, describe, it } from 'node:test';
import { expect } from 'expect';
import pino from 'pino';
import { NOTIFICATION_EVENTS } from '@blockpilot/shared/constants';
import { endpointProblem, loadVapidKeys, pushConfig } from '../../adapters/push/config.js';
import { WebPushSender } from '../../adapters/push/webPushSender.js';
import { RecordingChannel, MessageRecorder } from '../../adapters/chat/recorder.js';
import { BackgroundTasks } from '../../background.js';
import { createNotifications } from '../../notifications/service.js';
import { bearer, call, expectFieldErrors, expectSignInRequired, signUp, startTestApp, type TestApp, type TestDriver } from '../../../test/app.js';
import { TEST_VAPID_PRIVATE_KEY } from '../../../test/config.js';
import { describeEachDatabase } from '../../../test/databases.js';
import { decryptPush, startLocalPushService, verifiedVapidClaims, type LocalPushService, type TestSubscription } from '../../../test/pushService.js';
import { deviceLabel, MAX_PUSH_DEVICES } from './pushDevices.js';

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const ALL_EVENTS = [...NOTIFICATION_EVENTS];

describe('push settings', () => {
  it('takes the VAPID key from the environment or from the key file, and checks a given public key against it', () => {
    const keys = loadVapidKeys(pushConfig({ VAPID_PRIVATE_KEY: TEST_VAPID_PRIVATE_KEY }, 'help@example.test'), '/nonexistent');
    expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65);
    expect(keys.subject).toBe('mailto:help@example.test');
    expect(() => loadVapidKeys(pushConfig({ VAPID_PRIVATE_KEY: TEST_VAPID_PRIVATE_KEY, VAPID_PUBLIC_KEY: 'BAAA' }, 'x@example.test'), '/nonexistent')).toThrow(/VAPID_PUBLIC_KEY/);
    expect(() => pushConfig({ VAPID_SUBJECT: 'http://example.test' }, 'x@example.test')).toThrow(/VAPID_SUBJECT/);
  });

  it('posts only to listed push services, over https except a listed loopback address', () => {
    const hosts = ['fcm.googleapis.com', '.push.apple.com', '127.0.0.1'];
    expect(endpointProblem('https://fcm.googleapis.com/fcm/send/abc', hosts)).toBeNull();
    expect(endpointProblem('https://web.push.apple.com/QO', hosts)).toBeNull();
    expect(endpointProblem('http://127.0.0.1:9/push', hosts)).toBeNull();
    expect(endpointProblem('http://fcm.googleapis.com/fcm/send/abc', hosts)).toBe('notHttps');
    expect(endpointProblem('https://169.254.169.254/latest', hosts)).toBe('unsupportedService');
    expect(endpointProblem('https://evilpush.apple.com.example/x', hosts)).toBe('unsupportedService');
    expect(endpointProblem('not a url', hosts)).toBe('notAUrl');
  });

  it('posts to a push service on port 443 only, with no credentials in the URL', () => {
    const hosts = ['fcm.googleapis.com', '.push.apple.com'];
    // A listed host on another port could be any service of that machine (or a firewall hole).
    expect(endpointProblem('https://fcm.googleapis.com:8443/fcm/send/abc', hosts)).toBe('notPort443');
    expect(endpointProblem('https://web.push.apple.com:22/QO', hosts)).toBe('notPort443');
    expect(endpointProblem('https://fcm.googleapis.com:443/fcm/send/abc', hosts)).toBeNull();
    expect(endpointProblem('https://user:secret@fcm.googleapis.com/fcm/send/abc', hosts)).toBe('notAUrl');
  });

  it('names a device from its user agent', () => {
    expect(deviceLabel(ANDROID_CHROME)).toBe('Chrome on Android');
    expect(deviceLabel('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1')).toBe(
      'Safari on iOS',
    );
    expect(deviceLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox on Windows');
    expect(deviceLabel(undefined)).toBe('Browser');
  });
});

describeEachDatabase('push devices and notification choices', (database) => {
  let t: TestApp;
  let pushService: LocalPushService;
  let driver: TestDriver;
  before(async () => {
    pushService = await startLocalPushService();
    t = await startTestApp(database(), { env: { WEB_PUSH_ENDPOINT_HOSTS: '127.0.0.1' } });
    driver = await signUp(t.app, t.database);
  });
  after(async () => {
    await t.app.close();
    await pushService.close();
  });

  const as = (token: string) => ({ ...bearer(token), 'user-agent': ANDROID_CHROME });
  const get = (url: string, token = driver.token) => t.app.inject({ url, headers: as(token) });
  const post = (url: string, payload: object, token = driver.token) => call(t.app, { method: 'POST', url, payload, headers: as(token) });
  const subscribe = (subscription: TestSubscription, token = driver.token) =>
    post('/api/user/pushDevices', { endpoint: subscription.endpoint, p256dh: subscription.p256dh, auth: subscription.auth }, token);
  const devices = async (token = driver.token) => (await get('/api/user/pushDevices', token)).json().data;

  it('requires a live access token on every push route', async () => {
    for (const [method, url] of [
      ['GET', '/api/user/pushDevices'],
      ['POST', '/api/user/pushDevices'],
      ['DELETE', '/api/user/pushDevices/00000000-0000-4000-8000-000000000000'],
      ['POST', '/api/user/sendTestNotification'],
    ] as const) {
      expectSignInRequired(await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined, headers: bearer('not-a-token') }));
    }
  });

  it('refuses a subscription field by field: the endpoint, the browser key, the secret', async () => {
    const good = pushService.subscription();
    expectFieldErrors(await post('/api/user/pushDevices', {}), ['endpoint', 'p256dh', 'auth']);
    expectFieldErrors(await post('/api/user/pushDevices', { endpoint: good.endpoint, p256dh: good.p256dh.slice(1), auth: good.auth }), ['p256dh']);
    expectFieldErrors(await post('/api/user/pushDevices', { endpoint: good.endpoint, p256dh: good.p256dh, auth: 'c2hvcnQ' }), ['auth']);
    const notListed = await post('/api/user/pushDevices', { ...good, endpoint: 'https://push.example.com/x', privateKey: undefined });
    expectFieldErrors(notListed, ['endpoint']);
    expect(notListed.json().errors.endpoint).toBe('This push service is not supported.');
    expectFieldErrors(await post('/api/user/pushDevices', { endpoint: good.endpoint, p256dh: good.p256dh, auth: good.auth, extra: 1 }), ['extra']);
    expect((await devices()).devices).toEqual([]);
  });

  it('saves a device named from its user agent, lists it with the VAPID public key, and saves it again without doubling it', async () => {
    const phone = pushService.subscription();
    const saved = await subscribe(phone);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({ id: expect.any(String), label: 'Chrome on Android', endpoint: phone.endpoint, createdAt: expect.any(Number) });
    expect((await subscribe(phone)).json().data.id).toBe(saved.json().data.id);
    const list = await devices();
    expect(list.publicKey).toBe(loadVapidKeys(pushConfig({ VAPID_PRIVATE_KEY: TEST_VAPID_PRIVATE_KEY }, 'x@example.test'), '/nonexistent').publicKey);
    expect(list.devices.map((d: { endpoint: string }) => d.endpoint)).toEqual([phone.endpoint]);
    await t.app.inject({ method: 'DELETE', url: `/api/user/pushDevices/${saved.json().data.id}`, headers: as(driver.token) });
  });

  it("touches only the caller's own devices: another driver neither lists nor removes them, and a browser saved by another driver moves to them", async () => {
    const other = await signUp(t.app, t.database);
    const phone = pushService.subscription();
    const mine = (await subscribe(phone)).json().data;
    expect((await devices(other.token)).devices).toEqual([]);
    const foreign = await t.app.inject({ method: 'DELETE', url: `/api/user/pushDevices/${mine.id}`, headers: as(other.token) });
    expect(foreign.statusCode).toBe(404);
    expect((await devices()).devices.map((d: { id: string }) => d.id)).toEqual([mine.id]);
    // The same browser, now signed in as the other driver: the device is theirs, no longer mine.
    await subscribe(phone, other.token);
    expect((await devices()).devices).toEqual([]);
    expect((await devices(other.token)).devices.map((d: { endpoint: string }) => d.endpoint)).toEqual([phone.endpoint]);
    const bad = await t.app.inject({ method: 'DELETE', url: '/api/user/pushDevices/not-a-uuid', headers: as(driver.token) });
    expect(bad.statusCode).toBe(400);
  });

  it(`keeps at most ${MAX_PUSH_DEVICES} devices a driver, forgetting the oldest`, async () => {
    const busy = await signUp(t.app, t.database);
    const subscriptions = Array.from({ length: MAX_PUSH_DEVICES + 1 }, () => pushService.subscription());
    for (const subscription of subscriptions) await subscribe(subscription, busy.token);
    const kept = (await devices(busy.token)).devices.map((d: { endpoint: string }) => d.endpoint);
    expect(kept).toHaveLength(MAX_PUSH_DEVICES);
    expect(kept).toContain(subscriptions[MAX_PUSH_DEVICES]!.endpoint);
  });

  it('keeps every event on every channel until the driver chooses, then saves the choice per channel without touching it on a save that leaves it out', async () => {
    const fresh = await signUp(t.app, t.database);
    const account = async () => (await get('/api/user', fresh.token)).json().data.notificationPreferences;
    expect((await account()).events).toEqual({ email: ALL_EVENTS, whatsapp: ALL_EVENTS, telegram: ALL_EVENTS, push: ALL_EVENTS });
    const base = { emailAddress: fresh.email, whatsAppNumber: '', telegramAuthCode: '' };
    const events = { email: ['lowCredit', 'accepted'], whatsapp: [], telegram: ['stopped'], push: ['accepted', 'captcha'] };
    expect((await post('/api/user/saveNotificationPreferences', { notificationPreferences: { ...base, events } }, fresh.token)).statusCode).toBe(200);
    // Kept in the one order of the events, whatever order they were sent in.
    expect((await account()).events).toEqual({ email: ['accepted', 'lowCredit'], whatsapp: [], telegram: ['stopped'], push: ['accepted', 'captcha'] });
    expect((await post('/api/user/saveNotificationPreferences', { notificationPreferences: base }, fresh.token)).statusCode).toBe(200);
    expect((await account()).events.push).toEqual(['accepted', 'captcha']);
    expectFieldErrors(await post('/api/user/saveNotificationPreferences', { notificationPreferences: { ...base, events: { ...events, push: ['sunrise'] } } }, fresh.token), [
      'events',
    ]);
    expectFieldErrors(await post('/api/user/saveNotificationPreferences', { notificationPreferences: { ...base, events: { email: [] } } }, fresh.token), ['events']);
  });

  it('"Send a test" on push reaches every device, encrypted for it and signed with the VAPID key; a channel with nowhere to send says so', async () => {
    const tester = await signUp(t.app, t.database);
    expect((await post('/api/user/sendTestNotification', { channel: 'push' }, tester.token)).json()).toMatchObject({
      code: 'BP_ERR_NOTIFICATION_CHANNEL_OFF',
      alert: 'Switch on notifications on a device first.',
    });
    expect((await post('/api/user/sendTestNotification', { channel: 'whatsapp' }, tester.token)).statusCode).toBe(409);
    expectFieldErrors(await post('/api/user/sendTestNotification', { channel: 'pigeon' }, tester.token), ['channel']);
    const phone = pushService.subscription();
    await subscribe(phone, tester.token);
    const sent = await post('/api/user/sendTestNotification', { channel: 'push' }, tester.token);
    expect(sent.json()).toEqual({ data: null, alert: 'Test sent.' });
    const push = await pushService.nextTo(new URL(phone.endpoint).pathname);
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    const { publicKey } = await devices(tester.token);
    expect(verifiedVapidClaims(push.headers, publicKey)).toMatchObject({ aud: pushService.origin, sub: 'mailto:support@blockpilot.app' });
    expect(JSON.parse(decryptPush(push.body, phone))).toEqual({
      title: 'BlockPilot test notification',
      body: expect.stringContaining('Push notifications reach you'),
      url: 'https://blockpilot.test/account/notificationPreferences',
      tag: 'test',
    });
  });

  it('"Send a test" answers 502 when the push service refuses', async () => {
    const tester = await signUp(t.app, t.database);
    const phone = pushService.subscription();
    pushService.answer(new URL(phone.endpoint).pathname, 500);
    await subscribe(phone, tester.token);
    expect((await post('/api/user/sendTestNotification', { channel: 'push' }, tester.token)).json()).toMatchObject({ code: 'BP_ERR_NOTIFICATION_NOT_DELIVERED' });
  });

  describe('the push channel of the notifications', () => {
    const block = {
      startTime: Date.UTC(2026, 5, 3, 15) / 1000,
      endTime: Date.UTC(2026, 5, 3, 18) / 1000,
      serviceAreaId: 'a1',
      serviceAreaName: 'Seattle (DWA6)',
      priceAmount: 95,
      currency: 'USD',
      feeCents: 333,
    };
    const log = pino({ level: 'silent' });
    const notificationsFor = () => {
      const background = new BackgroundTasks(log);
      const recorder = new MessageRecorder();
      const notifications = createNotifications({
        db: t.database.db,
        mailer: { kind: 'outbox', send: async () => {}, close: async () => {} } as never,
        telegram: new RecordingChannel('telegram', recorder),
        whatsApp: new RecordingChannel('whatsapp', recorder),
        push: new WebPushSender(loadVapidKeys(pushConfig({ VAPID_PRIVATE_KEY: TEST_VAPID_PRIVATE_KEY }, 'x@example.test'), '/nonexistent')),
        background,
        log,
        publicUrl: 'https://blockpilot.test',
        linkSigningKey: Buffer.alloc(32, 7),
      });
      return { notifications, background, recorder };
    };

    it('pushes an accepted block to each device, and forgets a device the push service answers 410 for', async () => {
      const owner = await signUp(t.app, t.database);
      const phone = pushService.subscription();
      const expired = pushService.subscription();
      pushService.answer(new URL(expired.endpoint).pathname, 410);
      await subscribe(phone, owner.token);
      await subscribe(expired, owner.token);
      const { notifications, background } = notificationsFor();
      notifications.blockAccepted(owner.id, block);
      await background.drain();
      const push = await pushService.nextTo(new URL(phone.endpoint).pathname);
      const shown = JSON.parse(decryptPush(push.body, phone));
      expect(shown).toMatchObject({ title: expect.stringMatching(/^Block accepted: /), url: 'https://blockpilot.test/dashboard/logs', tag: 'accepted' });
      expect(shown.body).toContain('Where: Seattle (DWA6)');
      expect(pushService.received.some((p) => p.path === new URL(expired.endpoint).pathname)).toBe(true);
      expect((await devices(owner.token)).devices.map((d: { endpoint: string }) => d.endpoint)).toEqual([phone.endpoint]);
    });

    it('sends each event only on the channels the driver chose it for', async () => {
      const owner = await signUp(t.app, t.database);
      const phone = pushService.subscription();
      await subscribe(phone, owner.token);
      const whatsAppNumber = '+1 555 555 0142';
      const events = { email: [], whatsapp: ['captcha'], telegram: [], push: ['stopped'] };
      await post('/api/user/saveNotificationPreferences', { notificationPreferences: { emailAddress: '', whatsAppNumber, telegramAuthCode: '', events } }, owner.token);
      const { notifications, background, recorder } = notificationsFor();
      notifications.searchStopped(owner.id, 'puzzle');
      notifications.blockAccepted(owner.id, block);
      notifications.creditLow(owner.id, { creditCents: 200, feesCovered: 0, referenceFeeCents: 350, paidBefore: false });
      notifications.searchStopped(owner.id, 'reconnect');
      await background.drain();
      expect(recorder.list({ to: whatsAppNumber }).map((m) => m.text.split('\n')[0])).toEqual(['Searching stopped: solve the puzzle in the Amazon Flex app, then press Start']);
      const pushes = pushService.received.filter((p) => p.path === new URL(phone.endpoint).pathname).map((p) => JSON.parse(decryptPush(p.body, phone)).tag);
      expect(pushes).toEqual(['stopped']);
    });
  });
});
