import { createMockSession, mockAccount, type MockApi } from '@blockpilot/shared/mock';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Account } from '@blockpilot/shared/types';
import { mockAccountApi, plansLoaded, renderApp, sectionHeader } from '../../testing';

const EVERY_EVENT = ['accepted', 'lowCredit', 'captcha', 'stopped', 'offered'];
const EVERY_EVENT_EVERYWHERE = { email: EVERY_EVENT, whatsapp: EVERY_EVENT, telegram: EVERY_EVENT, push: EVERY_EVENT };

describe('Notification Preferences section', () => {
  let server: MockApi;
  beforeEach(() => {
    server = mockAccountApi();
  });
  afterEach(() => server.restore());

  const email = () => screen.getByRole('textbox', { name: 'E-mail address' });
  const whatsApp = () => screen.getByRole('textbox', { name: 'WhatsApp number' });
  const telegramCode = () => screen.getByRole('textbox', { name: 'Telegram auth code' });
  const save = () => screen.getByRole('button', { name: 'Save' });

  const renderPreferences = (
    preferences: Partial<Account['notificationPreferences']> = { emailAddress: 'dana@example.com', whatsAppNumber: '+1 555 555 0100', telegramAuthCode: '' },
  ) => {
    const notificationPreferences = { ...mockAccount().notificationPreferences, ...preferences };
    const session = createMockSession({ account: mockAccount({ notificationPreferences }) });
    return renderApp('/account/notificationPreferences', session);
  };

  it('shows the saved e-mail address, WhatsApp number and Telegram auth code in labelled fields', async () => {
    renderPreferences({ emailAddress: 'alerts@example.com', whatsAppNumber: '+44 7700 900123', telegramAuthCode: 'K7QP2M' });
    expect(email()).toHaveValue('alerts@example.com');
    expect(email()).toHaveAttribute('type', 'email');
    expect(whatsApp()).toHaveValue('+44 7700 900123');
    expect(whatsApp()).toHaveAttribute('type', 'tel');
    expect(telegramCode()).toHaveValue('K7QP2M');
    expect(screen.getByText('Telegram not connected')).toBeInTheDocument();
    await plansLoaded();
  });

  it('says when Telegram is connected', async () => {
    renderPreferences({ emailAddress: '', whatsAppNumber: '', telegramAuthCode: 'K7QP2M', telegramConnected: true });
    expect(screen.getByText('Telegram connected')).toBeInTheDocument();
    await plansLoaded();
  });

  it('saves the three preferences, then reloads the account and confirms', async () => {
    server.on('POST /user/saveNotificationPreferences', { data: null });
    const { session } = renderPreferences();
    await plansLoaded();
    await userEvent.clear(whatsApp());
    await userEvent.type(whatsApp(), '+1 555 555 0199');
    await userEvent.type(telegramCode(), 'AB12CD');
    await userEvent.click(save());
    expect(await screen.findByText('Notification preferences saved.')).toBeInTheDocument();
    expect(server.callsTo('POST /user/saveNotificationPreferences').map((c) => c.body)).toEqual([
      { notificationPreferences: { emailAddress: 'dana@example.com', whatsAppNumber: '+1 555 555 0199', telegramAuthCode: 'AB12CD', events: EVERY_EVENT_EVERYWHERE } },
    ]);
    expect(session.actions).toEqual(['refresh']);
  });

  it("shows the server's message under each field, the Telegram auth code's included, and does not reload", async () => {
    server.on('POST /user/saveNotificationPreferences', {
      status: 400,
      body: { errors: { emailAddress: 'Enter a valid e-mail address.', telegramAuthCode: 'This code is unknown or has expired.' } },
    });
    const { session } = renderPreferences();
    await plansLoaded();
    await userEvent.click(save());
    await waitFor(() => expect(email()).toHaveAccessibleDescription('Enter a valid e-mail address.'));
    expect(email()).toHaveAttribute('aria-invalid', 'true');
    expect(telegramCode()).toHaveAccessibleDescription('This code is unknown or has expired.');
    expect(telegramCode()).toHaveAttribute('aria-invalid', 'true');
    expect(whatsApp()).not.toHaveAttribute('aria-invalid');
    expect(email()).toHaveFocus();
    expect(screen.queryByText('Notification preferences saved.')).not.toBeInTheDocument();
    expect(session.actions).toEqual([]);
  });

  describe('Telegram help dialog', () => {
    it('explains the three steps: get the app, find the auth code via the bot, enter it here', async () => {
      renderPreferences();
      await plansLoaded();
      await userEvent.click(screen.getByRole('button', { name: 'How do I connect Telegram?' }));
      const dialog = screen.getByRole('dialog', { name: 'Connect Telegram' });
      const steps = within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('strong')?.textContent);
      expect(steps).toEqual(['Get the Telegram app', 'Find your auth code with our bot', 'Enter it in Notification Preferences']);
      expect(within(dialog).getByRole('link', { name: /Get Telegram/ })).toHaveAttribute('target', '_blank');
    });

    it('names the bot by its @handle with a link to open it, once the server has said which bot it is', async () => {
      server.on('GET /publicConfig', { data: { supportEmail: 'help@example.test', telegramBot: { handle: '@BlockPilotBot', url: 'https://t.me/BlockPilotBot' } } });
      renderPreferences();
      await plansLoaded();
      await userEvent.click(screen.getByRole('button', { name: 'How do I connect Telegram?' }));
      const dialog = screen.getByRole('dialog', { name: 'Connect Telegram' });
      const open = await within(dialog).findByRole('link', { name: 'Open @BlockPilotBot in Telegram' });
      expect(open).toHaveAttribute('href', 'https://t.me/BlockPilotBot');
      expect(open).toHaveAttribute('target', '_blank');
      expect(dialog).toHaveTextContent('open @BlockPilotBot and send /start');
    });

    it('Continue goes to /account/notificationPreferences, with that section open and scrolled into view', async () => {
      const scrolled: string[] = [];
      Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
        scrolled.push(this.id);
      };
      const { location } = renderApp('/account/credit');
      await plansLoaded();
      await userEvent.click(sectionHeader('Notification Preferences'));
      await userEvent.click(screen.getByRole('button', { name: 'How do I connect Telegram?' }));
      await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Continue' }));
      expect(location()).toBe('/account/notificationPreferences');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(sectionHeader('Notification Preferences')).toHaveAttribute('aria-expanded', 'true');
      expect(scrolled).toEqual(['account-credit', 'account-notificationPreferences']);
      expect(telegramCode()).toBeVisible();
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });

    it('Escape closes it where it was', async () => {
      const { location } = renderPreferences();
      await plansLoaded();
      await userEvent.click(screen.getByRole('button', { name: 'How do I connect Telegram?' }));
      await userEvent.keyboard('{Escape}');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      expect(location()).toBe('/account/notificationPreferences');
      expect(screen.getByRole('button', { name: 'How do I connect Telegram?' })).toHaveFocus();
    });
  });
});
