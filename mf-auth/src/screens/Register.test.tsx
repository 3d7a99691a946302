import { writeStored } from '@blockpilot/shared';
import { mockApi, type MockApi } from '@blockpilot/shared/mock';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../testing';

describe('Register (/register)', () => {
  let server: MockApi;
  beforeEach(() => {
    localStorage.clear();
    server = mockApi();
  });
  afterEach(() => server.restore());

  const country = () => screen.getByRole('combobox', { name: 'Country' });
  const email = () => screen.getByRole('textbox', { name: 'E-mail address' });
  const phone = () => screen.getByRole('textbox', { name: 'Phone number' });
  const password = () => screen.getByLabelText('Password', { selector: 'input' });
  const confirm = () => screen.getByLabelText('Confirm password', { selector: 'input' });

  async function fillIn() {
    await userEvent.selectOptions(country(), 'Canada');
    await userEvent.type(email(), 'new@example.com');
    await userEvent.type(phone(), '+14165550100');
    await userEvent.type(password(), 'long enough pass');
    await userEvent.type(confirm(), 'long enough pass');
  }

  it('promises the 10 credit sign-up bonus as "$10 free credit", once the e-mail address is confirmed', () => {
    renderApp('/register');
    expect(screen.getByText('$10 free credit once you confirm your e-mail')).toBeInTheDocument();
  });

  it('offers the countries US, CA, UK and AU with their labels', () => {
    renderApp('/register');
    const options = screen.getAllByRole('option').filter((o) => (o as HTMLOptionElement).value);
    expect(options.map((o) => [(o as HTMLOptionElement).value, o.textContent])).toEqual([
      ['US', 'United States'],
      ['CA', 'Canada'],
      ['UK', 'United Kingdom'],
      ['AU', 'Australia'],
    ]);
  });

  it('requires a country on the client: nothing is sent without one', async () => {
    renderApp('/register');
    await userEvent.type(email(), 'new@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(country()).toHaveAccessibleDescription('Choose your country');
    expect(country()).toHaveAttribute('aria-invalid', 'true');
    expect(country()).toHaveFocus();
    expect(server.calls).toHaveLength(0);
    await userEvent.selectOptions(country(), 'Australia');
    expect(country()).not.toHaveAttribute('aria-invalid');
  });

  it('sends every field and the stored invite code, then signs in and goes home, where the shell picks the home of the role', async () => {
    writeStored('inviteCode', 'DANA1234');
    server.on('POST /auth/register', { data: { accessToken: 'tok-new' } });
    const { session, location } = renderApp('/register');
    expect(screen.getByText('DANA1234')).toBeInTheDocument();
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(server.callsTo('POST /auth/register')[0]?.body).toEqual({
      country_code: 'CA',
      emailAddress: 'new@example.com',
      phoneNumber: '+14165550100',
      password: 'long enough pass',
      confirmPassword: 'long enough pass',
      inviteCode: 'DANA1234',
      // The account keeps the language the visitor signed up in (docs/FRONTEND.md, "Languages").
      language: 'en',
    });
    expect(session.actions).toEqual(['signIn:tok-new']);
    expect(localStorage.getItem('inviteCode')).toBeNull();
  });

  it('sends no invite code when none was stored', async () => {
    server.on('POST /auth/register', { data: { accessToken: 'tok-new' } });
    const { location } = renderApp('/register');
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(location()).toBe('/'));
    expect(server.callsTo('POST /auth/register')[0]?.body).not.toHaveProperty('inviteCode');
  });

  it("shows the server's errors for emailAddress, phoneNumber, password and confirmPassword under each field", async () => {
    server.on('POST /auth/register', {
      status: 400,
      body: {
        errors: {
          emailAddress: 'This e-mail address is already registered',
          phoneNumber: 'Enter a phone number',
          password: 'Use at least 8 characters',
          confirmPassword: 'The passwords do not match',
        },
      },
    });
    const { session, location } = renderApp('/register');
    await fillIn();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(email()).toHaveAccessibleDescription('This e-mail address is already registered'));
    expect(phone()).toHaveAccessibleDescription('Enter a phone number');
    expect(password()).toHaveAccessibleDescription('Use at least 8 characters');
    expect(confirm()).toHaveAccessibleDescription('The passwords do not match');
    expect(email()).toHaveFocus();
    expect(location()).toBe('/register');
    expect(session.actions).toEqual([]);
  });

  it('links to the terms, the privacy policy and sign-in', () => {
    renderApp('/register');
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', '/privacy');
    expect(screen.getByRole('link', { name: /Sign in/ })).toHaveAttribute('href', '/login');
  });
});
