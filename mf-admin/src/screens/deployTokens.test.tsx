import type { DeployToken } from '@blockpilot/shared';
import { mockApi, type MockApi } from '@blockpilot/shared/mock';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderConsole } from '../testing';

const ACTIVE: DeployToken = {
  id: '22222222-2222-4222-8222-222222222222',
  label: 'Dashboard team CI',
  remote: 'mf_dashboard',
  createdBy: 'admin:ops@blockpilot.test',
  createdAt: Date.UTC(2025, 5, 1),
  revokedAt: null,
};
const REVOKED: DeployToken = { ...ACTIVE, id: '33333333-3333-4333-8333-333333333333', label: 'Old landing CI', remote: 'mf_landing', revokedAt: Date.UTC(2025, 5, 2) };
const SECRET = 'bprt_0123456789abcdefghijklmnopqrstuvwxyzABCDEF';

describe('Deploy tokens (/admin/deployTokens)', () => {
  let server: MockApi;
  afterEach(() => server.restore());

  it('is for admins only: support gets "No access" and the server is not asked', () => {
    server = mockApi({});
    renderConsole('/admin/deployTokens', 'support');
    expect(screen.getByText('Only an admin may manage deploy tokens.')).toBeInTheDocument();
    expect(server.callsTo('GET /admin/deployTokens')).toEqual([]);
  });

  it('shows a loading state, then says when there are none', async () => {
    let answer: () => void = () => undefined;
    server = mockApi({ 'GET /admin/deployTokens': () => new Promise((resolve) => (answer = () => resolve({ data: [] }))) });
    renderConsole('/admin/deployTokens');
    expect(await screen.findByText('Loading deploy tokens…')).toBeInTheDocument();
    answer();
    expect(await screen.findByText('No deploy tokens yet.')).toBeInTheDocument();
  });

  it('says when the tokens could not be loaded, and tries again', async () => {
    let fail = true;
    server = mockApi({ 'GET /admin/deployTokens': () => (fail ? { status: 500, body: { alert: 'Something went wrong on our side.' } } : { data: [ACTIVE] }) });
    renderConsole('/admin/deployTokens');
    expect(await screen.findByRole('alert')).toHaveTextContent('The deploy tokens could not be loaded.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Dashboard team CI' })).toBeInTheDocument();
  });

  it('lists each token with its remote, who minted it and whether it is revoked; only an active one can be revoked', async () => {
    server = mockApi({ 'GET /admin/deployTokens': { data: [ACTIVE, REVOKED] } });
    renderConsole('/admin/deployTokens');
    const list = await screen.findByRole('list', { name: 'Deploy tokens' });
    const [active, revoked] = within(list).getAllByRole('listitem');
    expect(active).toHaveTextContent('Active');
    expect(active).toHaveTextContent('mf_dashboard · minted by admin:ops@blockpilot.test');
    expect(within(active!).getByRole('button', { name: 'Revoke Dashboard team CI' })).toBeInTheDocument();
    expect(revoked).toHaveTextContent('Revoked');
    expect(within(revoked!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('mints a token for a remote, shows it once with a copy button, and forgets it when done', async () => {
    let tokens: DeployToken[] = [];
    let refuse = true;
    server = mockApi({
      'GET /admin/deployTokens': () => ({ data: tokens }),
      'POST /admin/deployTokens': ({ body }) => {
        if (refuse) return { status: 400, body: { alert: 'Check the highlighted fields.', errors: { label: 'Name the token (which team or CI uses it).' } } };
        tokens = [{ ...ACTIVE, ...(body as object) }];
        return { data: { ...tokens[0], token: SECRET }, alert: 'Copy the token now: it is not shown again.' };
      },
    });
    const user = userEvent.setup();
    renderConsole('/admin/deployTokens');
    const form = screen.getByRole('form', { name: 'Mint a deploy token' });
    await user.click(within(form).getByRole('button', { name: 'Mint token' }));
    expect(await within(form).findByText('Name the token (which team or CI uses it).')).toBeInTheDocument();

    refuse = false;
    await user.type(within(form).getByRole('textbox', { name: 'Label' }), 'Dashboard team CI');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Remote' }), 'mf_dashboard');
    await user.click(within(form).getByRole('button', { name: 'Mint token' }));
    const shown = await screen.findByRole('region', { name: 'New token for mf_dashboard' });
    expect(within(shown).getByRole('textbox', { name: 'Deploy token “Dashboard team CI”' })).toHaveValue(SECRET);
    expect(server.callsTo('POST /admin/deployTokens').at(-1)!.body).toEqual({ label: 'Dashboard team CI', remote: 'mf_dashboard' });
    // The form is ready for the next one, and the list has the new token, without its secret.
    expect(within(form).getByRole('textbox', { name: 'Label' })).toHaveValue('');
    const list = await screen.findByRole('list', { name: 'Deploy tokens' });
    expect(list).not.toHaveTextContent(SECRET);

    await user.click(within(shown).getByRole('button', { name: 'Copy token' }));
    await expect(navigator.clipboard.readText()).resolves.toBe(SECRET);
    expect(within(shown).getByRole('status')).toHaveTextContent('Copied.');

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('region', { name: 'New token for mf_dashboard' })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(SECRET);
  });

  it('says how to copy by hand when the browser refuses the clipboard', async () => {
    server = mockApi({ 'GET /admin/deployTokens': { data: [] }, 'POST /admin/deployTokens': { data: { ...ACTIVE, token: SECRET } } });
    const user = userEvent.setup();
    renderConsole('/admin/deployTokens');
    const form = screen.getByRole('form', { name: 'Mint a deploy token' });
    await user.type(within(form).getByRole('textbox', { name: 'Label' }), 'Dashboard team CI');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Remote' }), 'mf_dashboard');
    await user.click(within(form).getByRole('button', { name: 'Mint token' }));
    const shown = await screen.findByRole('region', { name: 'New token for mf_dashboard' });
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValueOnce(new DOMException('Denied', 'NotAllowedError'));
    await user.click(within(shown).getByRole('button', { name: 'Copy token' }));
    expect(within(shown).getByRole('status')).toHaveTextContent('The browser did not allow copying: select the token and copy it.');
  });

  it('revokes a token with a reason after confirming; the server’s message for a missing reason shows under it', async () => {
    let tokens = [ACTIVE];
    server = mockApi({
      'GET /admin/deployTokens': () => ({ data: tokens }),
      [`POST /admin/deployTokens/${ACTIVE.id}/revoke`]: ({ body }) => {
        if (!(body as { reason: string }).reason) return { status: 400, body: { alert: 'Check the highlighted fields.', errors: { reason: 'Must not be empty.' } } };
        tokens = [{ ...ACTIVE, revokedAt: Date.UTC(2025, 5, 3) }];
        return { data: tokens[0] };
      },
    });
    renderConsole('/admin/deployTokens');
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke Dashboard team CI' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke this token?' });
    expect(dialog).toHaveTextContent('“Dashboard team CI” stops working at once');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke token' }));
    expect(await within(dialog).findByText('Must not be empty.')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Reason (revoke token)' }), 'The team moved CI');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke token' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Revoked')).toBeInTheDocument();
    expect(server.callsTo(`POST /admin/deployTokens/${ACTIVE.id}/revoke`).at(-1)!.body).toEqual({ reason: 'The team moved CI' });
  });
});
