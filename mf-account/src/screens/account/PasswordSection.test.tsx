import { type MockApi } from '@blockpilot/shared/mock';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockAccountApi, plansLoaded, renderApp, sectionHeader } from '../../testing';
import { PASSWORD_CHANGED_TEXT } from './PasswordSection';

describe('Password section', () => {
  let server: MockApi;
  beforeEach(() => {
    server = mockAccountApi();
  });
  afterEach(() => server.restore());

  const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });
  const submit = () => screen.getByRole('button', { name: 'Change password' });

  async function openPasswordSection() {
    const view = renderApp('/account');
    await plansLoaded();
    await userEvent.click(sectionHeader('Password'));
    return view;
  }

  it('has labelled current, new and confirmation password fields', async () => {
    await openPasswordSection();
    expect(field('Current password')).toHaveAttribute('type', 'password');
    expect(field('Current password')).toHaveAttribute('autocomplete', 'current-password');
    expect(field('New password')).toHaveAttribute('autocomplete', 'new-password');
    expect(field('Confirm new password')).toHaveAttribute('autocomplete', 'new-password');
  });

  it("shows the server's message under each of the three fields and keeps the session", async () => {
    server.on('POST /user/changePassword', {
      status: 400,
      body: { errors: { currentPassword: 'This is not your current password.', newPassword: 'Use at least 8 characters.', confirmNewPassword: 'The passwords do not match.' } },
    });
    const { session } = await openPasswordSection();
    await userEvent.type(field('Current password'), 'wrong');
    await userEvent.click(submit());
    await waitFor(() => expect(field('Current password')).toHaveAccessibleDescription('This is not your current password.'));
    expect(field('New password')).toHaveAccessibleDescription('Use at least 8 characters.');
    expect(field('Confirm new password')).toHaveAccessibleDescription('The passwords do not match.');
    expect(field('Current password')).toHaveValue('wrong');
    expect(session.actions).toEqual([]);
    expect(screen.queryByText(PASSWORD_CHANGED_TEXT)).not.toBeInTheDocument();
  });

  it('on success signs in with the returned token, clears the fields and says so', async () => {
    server.on('POST /user/changePassword', { data: { accessToken: 'tok-after-change' } });
    const { session } = await openPasswordSection();
    await userEvent.type(field('Current password'), 'old secret 1');
    await userEvent.type(field('New password'), 'new secret 22');
    await userEvent.type(field('Confirm new password'), 'new secret 22{Enter}');
    expect(await screen.findByText(PASSWORD_CHANGED_TEXT)).toBeInTheDocument();
    expect(server.callsTo('POST /user/changePassword').map((c) => c.body)).toEqual([
      { currentPassword: 'old secret 1', newPassword: 'new secret 22', confirmNewPassword: 'new secret 22' },
    ]);
    expect(session.actions).toEqual(['signIn:tok-after-change']);
    for (const label of ['Current password', 'New password', 'Confirm new password']) expect(field(label)).toHaveValue('');
  });

  it('cannot be sent twice while changing', async () => {
    let answer!: () => void;
    server.on('POST /user/changePassword', () => new Promise((resolve) => (answer = () => resolve({ data: { accessToken: 't' } }))));
    const { session } = await openPasswordSection();
    await userEvent.click(submit());
    expect(screen.getByRole('button', { name: 'Changing…' })).toBeDisabled();
    await waitFor(() => expect(answer).toBeDefined());
    answer();
    await screen.findByText(PASSWORD_CHANGED_TEXT);
    expect(server.callsTo('POST /user/changePassword')).toHaveLength(1);
    expect(session.actions).toEqual(['signIn:t']);
  });
});
