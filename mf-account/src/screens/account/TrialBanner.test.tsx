import { createMockSession, mockAccount, type MockApi } from '@blockpilot/shared/mock';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockAccountApi, plansLoaded, renderApp } from '../../testing';

describe('Trial banner', () => {
  let server: MockApi;
  beforeEach(() => {
    server = mockAccountApi();
  });
  afterEach(() => server.restore());

  const eligible = (trialEligible: boolean) => createMockSession({ account: mockAccount({ trialEligible }) });

  it('shows the 2 day free trial, open, only while the account is trialEligible', async () => {
    const { unmount } = renderApp('/account', eligible(true));
    expect(screen.getByRole('button', { name: '2 day free trial' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Start Trial' })).toBeVisible();
    await plansLoaded();
    unmount();

    renderApp('/account', eligible(false));
    expect(screen.queryByRole('button', { name: '2 day free trial' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Start Trial' })).not.toBeInTheDocument();
    await plansLoaded();
  });

  it('Start Trial posts startTrial, then reloads the account; the button waits meanwhile', async () => {
    let answer!: () => void;
    server.on('POST /user/startTrial', () => new Promise((resolve) => (answer = () => resolve({ data: null }))));
    const session = eligible(true);
    renderApp('/account', session);
    await plansLoaded();
    await userEvent.click(screen.getByRole('button', { name: 'Start Trial' }));
    expect(screen.getByRole('button', { name: 'Just a moment' })).toBeDisabled();
    await waitFor(() => expect(server.callsTo('POST /user/startTrial').map((c) => c.body)).toEqual([{}]));
    expect(session.actions).toEqual([]);
    await act(async () => answer());
    expect(session.actions).toEqual(['refresh']);
  });

  it('a failure is only logged: no reload, no message, and the button is back', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.on('POST /user/startTrial', { status: 409, body: {} });
    const session = eligible(true);
    renderApp('/account', session);
    await plansLoaded();
    await userEvent.click(screen.getByRole('button', { name: 'Start Trial' }));
    expect(await screen.findByRole('button', { name: 'Start Trial' })).toBeEnabled();
    expect(warn).toHaveBeenCalledWith('[account] starting the trial failed:', 'Request failed with status 409');
    expect(session.actions).toEqual([]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
