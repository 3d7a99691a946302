import { onNotify, type Toast } from '@blockpilot/shared';
import { mockApi, type MockApi } from '@blockpilot/shared/mock';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../testing';

let server: MockApi;
beforeEach(() => {
  server = mockApi({ 'GET /auth/resetLinkState': { data: { usable: true } } });
});
afterEach(() => server.restore());

describe('Reset request (/resetPassword)', () => {
  const email = () => screen.getByRole('textbox', { name: 'E-mail address' });

  it('sends the e-mail address and says a link is on its way, without saying whether the account exists', async () => {
    server.on('POST /auth/requestResetPasswordLink', { data: null });
    renderApp('/resetPassword');
    await userEvent.type(email(), 'someone@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    const message = await screen.findByRole('status');
    expect(message).toHaveTextContent('Check your inbox');
    expect(message).toHaveTextContent('If an account uses someone@example.com, a reset link is on its way.');
    expect(server.callsTo('POST /auth/requestResetPasswordLink')[0]?.body).toEqual({ emailAddress: 'someone@example.com' });
    expect(screen.getByRole('button', { name: 'Send the link again' })).toBeEnabled();
  });

  it("shows the server's emailAddress error under the field", async () => {
    server.on('POST /auth/requestResetPasswordLink', { status: 400, body: { errors: { emailAddress: 'Enter an e-mail address' } } });
    renderApp('/resetPassword');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    await waitFor(() => expect(email()).toHaveAccessibleDescription('Enter an e-mail address'));
    expect(screen.queryByText('Check your inbox')).not.toBeInTheDocument();
  });
});

describe('Reset change (/resetPassword/{accessToken})', () => {
  const password = () => screen.getByLabelText('New password', { selector: 'input' });
  const confirm = () => screen.getByLabelText('Confirm new password', { selector: 'input' });

  it('sends the new password with the token from the path, signs in with the returned token and goes home, where the shell picks the home of the role', async () => {
    server.on('POST /auth/changePassword', { data: { accessToken: 'tok-after-reset' } });
    const { session, location } = renderApp('/resetPassword/reset-token-123');
    await userEvent.type(password(), 'brand new pass');
    await userEvent.type(confirm(), 'brand new pass');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() => expect(location()).toBe('/'));
    const [call] = server.callsTo('POST /auth/changePassword');
    expect(call?.body).toEqual({ password: 'brand new pass', confirmPassword: 'brand new pass' });
    expect(call?.headers.Authorization).toBe('Bearer reset-token-123');
    expect(session.actions).toEqual(['signIn:tok-after-reset']);
  });

  it("shows the server's password and confirmPassword errors under their fields", async () => {
    server.on('POST /auth/changePassword', { status: 400, body: { errors: { password: 'Too short', confirmPassword: 'Does not match' } } });
    const { location } = renderApp('/resetPassword/reset-token-123');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() => expect(password()).toHaveAccessibleDescription('Too short'));
    expect(confirm()).toHaveAccessibleDescription('Does not match');
    expect(location()).toBe('/resetPassword/reset-token-123');
  });

  it('goes to "/" on a 401 (expired or used link) and says why', async () => {
    const toasts: Toast[] = [];
    const stop = onNotify((t) => toasts.push(t));
    server.on('POST /auth/changePassword', { status: 401, body: {} });
    const { session, location } = renderApp('/resetPassword/old-token');
    await userEvent.type(password(), 'brand new pass');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(session.actions).toEqual([]);
    expect(toasts.map((t) => t.severity)).toEqual(['error']);
    stop();
  });

  it('without a token (or with extra path) sends the driver to the request form', () => {
    const { location } = renderApp('/resetPassword/token/extra');
    expect(location()).toBe('/resetPassword');
    expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeInTheDocument();
  });

  it('recognises a used or expired link when the page opens, and leads to a new request', async () => {
    server.on('GET /auth/resetLinkState', { data: { usable: false } });
    const { location } = renderApp('/resetPassword/used-token');
    expect(await screen.findByText('This reset link was already used or has expired')).toBeInTheDocument();
    expect(screen.queryByLabelText('New password', { selector: 'input' })).not.toBeInTheDocument();
    expect(server.callsTo('GET /auth/resetLinkState')[0]?.headers.Authorization).toBe('Bearer used-token');
    await userEvent.click(screen.getByRole('link', { name: 'Ask for a new link' }));
    expect(location()).toBe('/resetPassword');
    expect(screen.getByRole('button', { name: 'Send reset link' })).toBeInTheDocument();
  });

  it('keeps the form for a usable link, and when the check itself fails', async () => {
    server.on('GET /auth/resetLinkState', { data: { usable: true } });
    const { unmount } = renderApp('/resetPassword/good-token');
    await waitFor(() => expect(server.callsTo('GET /auth/resetLinkState')).toHaveLength(1));
    expect(password()).toBeInTheDocument();
    unmount();
    const toasts: Toast[] = [];
    const stop = onNotify((t) => toasts.push(t));
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.on('GET /auth/resetLinkState', { status: 503, body: { alert: 'Down for maintenance.' } });
    renderApp('/resetPassword/good-token');
    await waitFor(() => expect(server.callsTo('GET /auth/resetLinkState')).toHaveLength(2));
    expect(password()).toBeInTheDocument();
    expect(toasts).toEqual([]);
    stop();
  });
});
