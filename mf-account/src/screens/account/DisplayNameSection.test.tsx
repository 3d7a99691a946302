import { type MockApi } from '@blockpilot/shared/mock';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockAccountApi, plansLoaded, renderApp, sectionHeader } from '../../testing';

describe('Your name section', () => {
  let server: MockApi;
  beforeEach(() => {
    server = mockAccountApi();
  });
  afterEach(() => server.restore());

  const name = () => screen.getByRole('textbox', { name: 'Name' });

  async function openSection() {
    const view = renderApp('/account');
    await plansLoaded();
    await userEvent.click(sectionHeader(/^Your name/));
    return view;
  }

  it('shows the current name, saves the new one, then reloads the account so the greeting follows', async () => {
    server.on('POST /user/saveDisplayName', { data: null, alert: 'Your name has been saved.' });
    const { session } = await openSection();
    expect(name()).toHaveValue('Dana Driver');
    await userEvent.clear(name());
    await userEvent.type(name(), 'Sam');
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(session.actions).toEqual(['refresh']));
    expect(server.callsTo('POST /user/saveDisplayName').map((c) => c.body)).toEqual([{ displayName: 'Sam' }]);
  });

  it("shows the server's message under the field and does not reload", async () => {
    server.on('POST /user/saveDisplayName', {
      status: 400,
      body: { alert: 'Please correct the highlighted fields.', errors: { displayName: 'Enter the name you want to be greeted with.' } },
    });
    const { session } = await openSection();
    await userEvent.clear(name());
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(name()).toHaveAccessibleDescription('Enter the name you want to be greeted with.'));
    expect(session.actions).toEqual([]);
  });
});
