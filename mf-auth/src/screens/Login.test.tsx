import { mockApi, type MockApi } from '@blockpilot/shared/mock';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../testing';

describe('Login (/login)', () => {
  let server: MockApi;
  beforeEach(() => {
    server = mockApi();
  });
  afterEach(() => server.restore());

  const email = () => screen.getByRole('textbox', { name: 'E-mail address' });
  const password = () => screen.getByLabelText('Password', { selector: 'input' });

  it('is a sign-in form with labelled e-mail and password fields', () => {
    renderApp('/login');
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(email()).toHaveAttribute('type', 'email');
    expect(email()).toHaveAttribute('autocomplete', 'email');
    expect(password()).toHaveAttribute('type', 'password');
    expect(password()).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute('href', '/resetPassword');
    expect(screen.getByRole('link', { name: /Create an account/ })).toHaveAttribute('href', '/register');
  });

  it('posts emailAddress and password, then signs in with the returned token and goes home, where the shell picks the home of the role', async () => {
    server.on('POST /auth/login', { data: { accessToken: 'tok-login' } });
    const { session, location } = renderApp('/login');
    await userEvent.type(email(), 'dana@example.com');
    await userEvent.type(password(), 'correct horse{Enter}');
    await waitFor(() => expect(location()).toBe('/'));
    expect(server.callsTo('POST /auth/login').map((c) => c.body)).toEqual([{ emailAddress: 'dana@example.com', password: 'correct horse' }]);
    expect(session.actions).toEqual(['signIn:tok-login']);
  });

  it("shows the server's emailAddress and password errors under their fields and stays", async () => {
    server.on('POST /auth/login', { status: 400, body: { errors: { emailAddress: 'Enter a valid e-mail address', password: 'Enter your password' } } });
    const { session, location } = renderApp('/login');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(email()).toHaveAccessibleDescription('Enter a valid e-mail address'));
    expect(password()).toHaveAccessibleDescription('Enter your password');
    expect(location()).toBe('/login');
    expect(session.actions).toEqual([]);
  });

  it('disables the button while signing in', async () => {
    let answer!: () => void;
    server.on('POST /auth/login', () => new Promise((resolve) => (answer = () => resolve({ data: { accessToken: 't' } }))));
    const { location } = renderApp('/login');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByRole('button', { name: 'Signing in…' })).toBeDisabled();
    answer();
    await waitFor(() => expect(location()).toBe('/'));
  });
});
