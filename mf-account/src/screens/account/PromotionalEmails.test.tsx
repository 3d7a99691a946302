import { createMockSession, mockAccount, type MockApi } from '@blockpilot/shared/mock';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockAccountApi, plansLoaded, renderApp } from '../../testing';

describe('Promotional e-mails switch (notification preferences)', () => {
  let server: MockApi;
  beforeEach(() => {
    server = mockAccountApi();
  });
  afterEach(() => server.restore());

  const promotions = () => screen.getByRole('switch', { name: 'Send me promotional e-mails' });
  const renderWith = (promotionalEmails: boolean) => renderApp('/account/notificationPreferences', createMockSession({ account: mockAccount({ promotionalEmails }) }));

  it("shows the driver's choice as the account holds it, off after an opt-out link", async () => {
    renderWith(false);
    await plansLoaded();
    expect(promotions()).not.toBeChecked();
  });

  it('saves at once when switched off, says so and reloads the account', async () => {
    server.on('POST /user/savePromotionalEmails', { data: null });
    const { session } = renderWith(true);
    await plansLoaded();
    expect(promotions()).toBeChecked();
    await userEvent.click(promotions());
    expect(await screen.findByText('Saved: no more promotional e-mails.')).toBeInTheDocument();
    expect(promotions()).not.toBeChecked();
    expect(server.callsTo('POST /user/savePromotionalEmails').map((call) => call.body)).toEqual([{ promotionalEmails: false }]);
    await waitFor(() => expect(session.actions).toEqual(['refresh']));
  });

  it('puts the switch back and says why when the save fails', async () => {
    server.on('POST /user/savePromotionalEmails', { status: 503, body: { alert: 'The server is busy, try again in a minute.' } });
    const { session } = renderWith(false);
    await plansLoaded();
    await userEvent.click(promotions());
    expect(await screen.findByText('Your choice was not saved')).toBeInTheDocument();
    expect(screen.getByText('The server is busy, try again in a minute.')).toBeInTheDocument();
    expect(promotions()).not.toBeChecked();
    expect(promotions()).toBeEnabled();
    expect(session.actions).toEqual([]);
  });
});
