import { createMockSession, mockAccount, type MockApi } from '@blockpilot/shared/mock';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockAccountApi, plansLoaded, renderApp, VAPID_PUBLIC_KEY } from '../../testing';

/** A browser's push subscription as PushManager gives it. */
const subscriptionAt = (endpoint: string) => ({
  endpoint,
  options: { applicationServerKey: null },
  toJSON: () => ({ endpoint, keys: { p256dh: 'BP256dh', auth: 'YXV0aA' } }),
  unsubscribe: jest.fn(async () => true),
});
type FakeSubscription = ReturnType<typeof subscriptionAt>;

/** What jsdom lacks: a service worker with a push manager, and Notification with a permission. */
function installPush({ permission = 'default', answer = 'granted', subscription = null as FakeSubscription | null, subscribeFails = null as Error | null } = {}) {
  let current = subscription;
  const pushManager = {
    getSubscription: jest.fn(async () => current),
    subscribe: jest.fn(async (options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) => {
      if (subscribeFails) throw subscribeFails;
      current = subscriptionAt('https://fcm.googleapis.com/fcm/send/this-phone');
      current.options.applicationServerKey = options.applicationServerKey as never;
      return current;
    }),
  };
  const registration = { pushManager };
  const notification: { permission: string; requestPermission: jest.Mock<Promise<string>> } = {
    permission,
    requestPermission: jest.fn(async () => {
      notification.permission = answer;
      return answer;
    }),
  };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register: jest.fn(async () => registration), ready: Promise.resolve(registration), getRegistration: jest.fn(async () => registration) },
  });
  Object.defineProperty(window, 'PushManager', { configurable: true, value: class {} });
  Object.defineProperty(window, 'Notification', { configurable: true, value: notification });
  return { pushManager, notification, subscription: () => current };
}

function removePush() {
  for (const [target, key] of [
    [navigator, 'serviceWorker'],
    [window, 'PushManager'],
    [window, 'Notification'],
  ] as const) {
    delete (target as unknown as Record<string, unknown>)[key];
  }
}

const PHONE = { id: '7d8e0f3a-1111-4222-8333-944455556666', label: 'Chrome on Android', endpoint: 'https://fcm.googleapis.com/fcm/send/this-phone', createdAt: 1 };
const LAPTOP = { id: '7d8e0f3a-2222-4222-8333-944455556666', label: 'Firefox on Windows', endpoint: 'https://updates.push.services.mozilla.com/wpush/v2/laptop', createdAt: 2 };

describe('Notification Preferences: push and per channel events', () => {
  let server: MockApi;
  beforeEach(() => {
    server = mockAccountApi();
  });
  afterEach(() => {
    server.restore();
    removePush();
  });

  const renderPreferences = (events?: Record<string, string[]>) =>
    renderApp(
      '/account/notificationPreferences',
      createMockSession({
        account: mockAccount({ notificationPreferences: { emailAddress: 'dana@example.com', whatsAppNumber: '', telegramAuthCode: '', ...(events ? { events } : {}) } as never }),
      }),
    );
  const thisDevice = () => screen.findByRole('switch', { name: 'This device' });
  const channel = (name: string) => screen.getByRole('group', { name });

  it('says when this browser cannot receive push, and keeps the switch off and disabled', async () => {
    renderPreferences();
    await plansLoaded();
    expect(await thisDevice()).toBeDisabled();
    expect(await thisDevice()).not.toBeChecked();
    expect(screen.getByText(/This browser cannot receive push notifications/)).toBeInTheDocument();
  });

  it('says how to unblock notifications when the browser denied them', async () => {
    installPush({ permission: 'denied' });
    renderPreferences();
    await plansLoaded();
    expect(await thisDevice()).toBeDisabled();
    expect(screen.getByText(/Notifications are blocked for BlockPilot in this browser/)).toBeInTheDocument();
  });

  it('shows "Checking this device" until the devices are read, then the switch', async () => {
    installPush();
    let answer: (value: unknown) => void = () => {};
    server.on('GET /user/pushDevices', () => new Promise((resolve) => (answer = resolve)) as never);
    renderPreferences();
    await plansLoaded();
    expect(await screen.findByText('Checking this device…')).toBeInTheDocument();
    answer({ data: { publicKey: VAPID_PUBLIC_KEY, devices: [] } });
    expect(await thisDevice()).toBeEnabled();
  });

  it('says so when the devices cannot be loaded', async () => {
    installPush();
    server.on('GET /user/pushDevices', { status: 500, body: { alert: 'Something went wrong on our side.' } });
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    renderPreferences();
    await plansLoaded();
    expect(await screen.findByText('Your devices could not be loaded. Reload the page to try again.')).toBeInTheDocument();
  });

  it('switching on asks permission, subscribes with the server key and saves the subscription', async () => {
    const push = installPush();
    server.on('POST /user/pushDevices', { data: PHONE });
    renderPreferences();
    await plansLoaded();
    await userEvent.click(await thisDevice());
    await waitFor(() => expect(screen.getByRole('switch', { name: 'This device' })).toBeChecked());
    expect(push.notification.requestPermission).toHaveBeenCalledTimes(1);
    const [{ userVisibleOnly, applicationServerKey }] = push.pushManager.subscribe.mock.calls[0]!;
    expect(userVisibleOnly).toBe(true);
    expect(Buffer.from(applicationServerKey).toString('base64url')).toBe(VAPID_PUBLIC_KEY);
    expect(server.callsTo('POST /user/pushDevices').map((c) => c.body)).toEqual([{ endpoint: PHONE.endpoint, p256dh: 'BP256dh', auth: 'YXV0aA' }]);
    expect(screen.getByText(/Notifications come to this device \(Chrome on Android\)/)).toBeInTheDocument();
  });

  it('a refused permission leaves the switch off and explains how to allow it', async () => {
    const push = installPush({ answer: 'denied' });
    renderPreferences();
    await plansLoaded();
    await userEvent.click(await thisDevice());
    expect(await screen.findByText(/Notifications are blocked for BlockPilot/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'This device' })).not.toBeChecked();
    expect(push.pushManager.subscribe).not.toHaveBeenCalled();
    expect(server.callsTo('POST /user/pushDevices')).toEqual([]);
  });

  it("says what went wrong when the browser's push service refuses the subscription", async () => {
    installPush({ subscribeFails: new Error('Registration failed - push service error') });
    renderPreferences();
    await plansLoaded();
    await userEvent.click(await thisDevice());
    expect(await screen.findByRole('alert')).toHaveTextContent('Notifications could not be switched on here: Registration failed - push service error');
    expect(screen.getByRole('switch', { name: 'This device' })).not.toBeChecked();
  });

  it('shows this device on when its subscription is saved, switches it off, and lists and removes the other devices', async () => {
    const push = installPush({ permission: 'granted', subscription: subscriptionAt(PHONE.endpoint) });
    server.on('GET /user/pushDevices', { data: { publicKey: VAPID_PUBLIC_KEY, devices: [PHONE, LAPTOP] } });
    server.on(`DELETE /user/pushDevices/${PHONE.id}`, { data: null });
    server.on(`DELETE /user/pushDevices/${LAPTOP.id}`, { data: null });
    renderPreferences();
    await plansLoaded();
    expect(await thisDevice()).toBeChecked();
    const others = screen.getByRole('list', { name: 'Your other devices' });
    expect(
      within(others)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual(['Firefox on Windows']);
    await userEvent.click(within(others).getByRole('button', { name: 'Remove Firefox on Windows' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Your other devices' })).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('switch', { name: 'This device' }));
    await waitFor(() => expect(screen.getByRole('switch', { name: 'This device' })).not.toBeChecked());
    expect(server.callsTo(`DELETE /user/pushDevices/${PHONE.id}`)).toHaveLength(1);
    expect(push.subscription()!.unsubscribe).toHaveBeenCalled();
  });

  it('shows the saved events per channel and saves the changed choice with the rest', async () => {
    server.on('POST /user/saveNotificationPreferences', { data: null });
    renderPreferences({ email: ['accepted'], whatsapp: [], telegram: ['stopped'], push: ['accepted', 'lowCredit', 'captcha', 'stopped'] });
    await plansLoaded();
    expect(within(channel('E-mail')).getByRole('checkbox', { name: 'Block accepted' })).toBeChecked();
    expect(within(channel('E-mail')).getByRole('checkbox', { name: 'Credit running low' })).not.toBeChecked();
    await userEvent.click(within(channel('E-mail')).getByRole('checkbox', { name: 'Puzzle to solve (search paused)' }));
    await userEvent.click(within(channel('Push on your devices')).getByRole('checkbox', { name: 'Credit running low' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Notification preferences saved.')).toBeInTheDocument();
    expect((server.callsTo('POST /user/saveNotificationPreferences')[0]!.body as { notificationPreferences: { events: unknown } }).notificationPreferences.events).toEqual({
      email: ['accepted', 'captcha'],
      whatsapp: [],
      telegram: ['stopped'],
      push: ['accepted', 'captcha', 'stopped'],
    });
  });

  it('"Send a test" tries one channel and says whether it went, or why not', async () => {
    server.on('POST /user/sendTestNotification', (call) =>
      (call.body as { channel: string }).channel === 'email'
        ? { data: null, alert: 'Test sent.' }
        : { status: 409, body: { code: 'BP_ERR_NOTIFICATION_CHANNEL_OFF', alert: 'Save a WhatsApp number first.' } },
    );
    renderPreferences();
    await plansLoaded();
    await userEvent.click(within(channel('E-mail')).getByRole('button', { name: 'Send a test e-mail' }));
    expect(await within(channel('E-mail')).findByRole('status')).toHaveTextContent('Test sent. Check that it arrived.');
    await userEvent.click(within(channel('WhatsApp')).getByRole('button', { name: 'Send a test WhatsApp message' }));
    expect(await within(channel('WhatsApp')).findByRole('alert')).toHaveTextContent('Save a WhatsApp number first.');
    expect(server.callsTo('POST /user/sendTestNotification').map((c) => c.body)).toEqual([{ channel: 'email' }, { channel: 'whatsapp' }]);
  });
});
