import { formatLocalDateTime, onNotify, type ReleaseAuditEntry, type ReleaseChannel } from '@blockpilot/shared';
import { switchLanguage } from '@blockpilot/shared/i18n';
import { mockApi, type MockApi } from '@blockpilot/shared/mock';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderConsole } from '../testing';

const CANARY_ID = '44444444-4444-4444-8444-444444444444';

const move = (id: number, overrides: Partial<ReleaseAuditEntry>): ReleaseAuditEntry => ({
  id,
  at: new Date(Date.UTC(2026, 0, 5, 10, id)).toISOString(),
  actor: 'RELEASE_TOKEN',
  action: 'promote',
  channel: 'production',
  remote: 'mf_account',
  fromVersion: null,
  toVersion: '1.0.0',
  revision: id,
  reason: null,
  forced: false,
  detail: {},
  ...overrides,
});

/** A release no browser has voted on yet. */
const NO_VOTES = { users: 0, healthy: 0, failed: 0, lastFailure: null };

const PRODUCTION: ReleaseChannel = {
  name: 'production',
  revision: 3,
  updatedAt: new Date(Date.UTC(2026, 0, 5, 10, 3)).toISOString(),
  entries: [
    {
      remote: 'mf_account',
      revision: 3,
      release: { id: 'r-110', version: '1.1.0', health: NO_VOTES },
      canary: { id: CANARY_ID, version: '1.2.0', percent: 10, users: ['pilot@example.com'], health: NO_VOTES, verdict: 'waiting', schedule: null },
    },
    {
      remote: 'mf_dashboard',
      revision: 1,
      release: { id: 'r-300', version: '3.0.0', health: { users: 40, healthy: 40, failed: 0, lastFailure: null } },
      canary: null,
    },
  ],
  history: [
    move(3, { action: 'canary', fromVersion: '1.1.0', toVersion: '1.2.0' }),
    move(2, { action: 'rollback', fromVersion: '1.1.1', toVersion: '1.1.0', actor: 'admin:ops@blockpilot.test', reason: 'Checkout blank', forced: true }),
    move(1, { action: 'publish', remote: 'mf_dashboard', toVersion: '3.0.0' }),
  ],
};
/** A stepped canary with its votes, as the registry tells them (docs/RELEASES.md "Canary"). */
const STEPPED: ReleaseChannel = {
  ...PRODUCTION,
  name: 'staging',
  entries: [
    {
      remote: 'mf_auth',
      revision: 7,
      release: { id: 'r-200', version: '2.0.0', health: NO_VOTES },
      canary: {
        id: CANARY_ID,
        version: '2.1.0',
        percent: 25,
        users: [],
        verdict: 'failing',
        health: {
          users: 12,
          healthy: 9,
          failed: 3,
          lastFailure: { stage: 'render', errorName: 'TypeError', stackHash: null, at: new Date(Date.UTC(2026, 0, 5, 11)).toISOString() },
        },
        schedule: {
          steps: [5, 25, 50, 100],
          stepIndex: 1,
          stepStartedAt: new Date(Date.UTC(2026, 0, 5, 10)).toISOString(),
          nextStepAt: new Date(Date.UTC(2026, 0, 5, 12)).toISOString(),
          holdSeconds: 7200,
          minHealthyLoads: 20,
          healthyLoads: 9,
        },
      },
    },
  ],
  history: [],
};
const STAGING: ReleaseChannel = { name: 'staging', revision: 0, updatedAt: PRODUCTION.updatedAt, entries: [], history: [] };

describe('Releases (/admin/releases)', () => {
  let server: MockApi;
  let stopListening = () => undefined as unknown;
  afterEach(() => {
    server.restore();
    stopListening();
  });

  it('is for admins only: support gets "No access", no tab, and the server is not asked', () => {
    server = mockApi({});
    renderConsole('/admin/releases', 'support');
    expect(screen.getByText('Only an admin may manage releases.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Releases' })).not.toBeInTheDocument();
    expect(server.callsTo('GET /admin/releases')).toEqual([]);
  });

  it('shows a loading state, then says when nothing has gone live yet; the deploy tokens are one link away', async () => {
    let answer: () => void = () => undefined;
    server = mockApi({ 'GET /admin/releases': () => new Promise((resolve) => (answer = () => resolve({ data: [] }))) });
    renderConsole('/admin/releases');
    expect(await screen.findByText('Loading releases…')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Releases' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Manage deploy tokens' })).toHaveAttribute('href', '/admin/deployTokens');
    answer();
    expect(await screen.findByText('No release has gone live on any channel yet.')).toBeInTheDocument();
  });

  it('says when the releases could not be loaded, and tries again', async () => {
    let fail = true;
    server = mockApi({ 'GET /admin/releases': () => (fail ? { status: 500, body: { alert: 'Something went wrong on our side.' } } : { data: [PRODUCTION] }) });
    renderConsole('/admin/releases');
    expect(await screen.findByRole('alert')).toHaveTextContent('The releases could not be loaded.');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'production' })).toBeInTheDocument();
  });

  it("shows each channel's remotes with their stable release and canary, and the channel's latest moves", async () => {
    server = mockApi({ 'GET /admin/releases': { data: [PRODUCTION, STAGING] } });
    renderConsole('/admin/releases');
    const remotes = await screen.findByRole('list', { name: 'Remotes on production' });
    const account = within(remotes).getByRole('listitem', { name: 'mf_account on production' });
    expect(account).toHaveTextContent('Canary running');
    expect(account).toHaveTextContent('Stable release1.1.0');
    expect(account).toHaveTextContent('1.2.0For 10% of signed-in usersAlways for: pilot@example.com');
    // A canary runs: the move offered is its end, not a rollback of the stable release.
    expect(within(account).getByRole('button', { name: 'End canary of mf_account on production' })).toBeInTheDocument();
    expect(within(account).queryByRole('button', { name: /^Roll back/ })).not.toBeInTheDocument();
    const dashboard = within(remotes).getByRole('listitem', { name: 'mf_dashboard on production' });
    expect(dashboard).toHaveTextContent('Stable release3.0.040 users voted: 40 healthy, 0 failed');
    expect(dashboard).toHaveTextContent('CanaryNone');
    expect(within(dashboard).getByRole('button', { name: 'Roll back mf_dashboard on production' })).toBeInTheDocument();

    const moves = within(screen.getByRole('list', { name: 'Latest moves on production' })).getAllByRole('listitem');
    expect(moves.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Canary started · mf_account1.1.0 → 1.2.0by RELEASE_TOKEN—'),
      expect.stringContaining('Rolled back · mf_account1.1.1 → 1.1.0by admin:ops@blockpilot.test · past the compatibility gateCheckout blank'),
      expect.stringContaining('publish · mf_dashboard— → 3.0.0'),
    ]);
    expect(screen.getByRole('region', { name: 'staging' })).toHaveTextContent('Nothing is live on this channel.');
    expect(screen.getByRole('region', { name: 'staging' })).toHaveTextContent('No moves yet.');
  });

  it("shows a stepped canary's step, what the next one waits for, its votes, its last failure and the guard's verdict", async () => {
    server = mockApi({ 'GET /admin/releases': { data: [STEPPED] } });
    renderConsole('/admin/releases');
    const auth = await screen.findByRole('listitem', { name: 'mf_auth on staging' });
    expect(auth).toHaveTextContent('Step 2 of 4: 5% → 25% → 50% → 100%');
    expect(auth).toHaveTextContent(`Next step not before ${formatLocalDateTime(Date.UTC(2026, 0, 5, 12))}, once 20 users loaded it healthily (9 so far)`);
    expect(auth).toHaveTextContent('12 users voted: 9 healthy, 3 failed');
    expect(auth).toHaveTextContent(`Last failure: TypeError while rendering, ${formatLocalDateTime(Date.UTC(2026, 0, 5, 11))}`);
    expect(auth).toHaveTextContent('Failing');
  });

  it('rolls a remote back after confirming with a reason; the channel revision shown goes with it, and the list is read again', async () => {
    let channels = [PRODUCTION];
    server = mockApi({
      'GET /admin/releases': () => ({ data: channels }),
      'POST /admin/releases/channels/production/rollback': ({ body }) => {
        if (!(body as { reason: string }).reason.trim())
          return { status: 400, body: { alert: 'Check the highlighted fields.', errors: { reason: 'Say why, in words: the reason is kept in the audit log.' } } };
        channels = [{ ...PRODUCTION, revision: 4, entries: [PRODUCTION.entries[0]!, { ...PRODUCTION.entries[1]!, release: { id: 'r-290', version: '2.9.0', health: NO_VOTES } }] }];
        return { data: { channel: 'production', revision: 4, remote: 'mf_dashboard', action: 'rollback', version: '2.9.0', fromVersion: '3.0.0', forced: false } };
      },
    });
    const user = userEvent.setup();
    renderConsole('/admin/releases');
    await user.click(await screen.findByRole('button', { name: 'Roll back mf_dashboard on production' }));
    const dialog = screen.getByRole('dialog', { name: 'Roll back mf_dashboard on production?' });
    expect(dialog).toHaveTextContent('Everyone on production goes back to the release of mf_dashboard that was live before 3.0.0.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (roll back)' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Roll back' }));
    expect(await within(dialog).findByText('Say why, in words: the reason is kept in the audit log.')).toBeInTheDocument();

    await user.clear(within(dialog).getByRole('textbox', { name: 'Reason (roll back)' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (roll back)' }), 'Stats page blank on Safari');
    await user.click(within(dialog).getByRole('button', { name: 'Roll back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The remote's own revision (its last move), which the registry compares with.
    expect(server.callsTo('POST /admin/releases/channels/production/rollback').at(-1)!.body).toEqual({
      remote: 'mf_dashboard',
      expectedRevision: 1,
      reason: 'Stats page blank on Safari',
    });
    const dashboard = await screen.findByRole('listitem', { name: 'mf_dashboard on production' });
    await waitFor(() => expect(dashboard).toHaveTextContent('Stable release2.9.0'));
  });

  it('ends a canary after confirming, naming that canary; a channel that moved meanwhile is refused and shown as it is now', async () => {
    let moved = true;
    server = mockApi({
      'GET /admin/releases': { data: [PRODUCTION] },
      'POST /admin/releases/channels/production/abortCanary': () =>
        moved
          ? { status: 409, body: { code: 'BP_ERR_RELEASE_REVISION_CONFLICT', alert: 'production moved (now at revision 4); read it again and retry.', data: { revision: 4 } } }
          : { data: { channel: 'production', revision: 4, remote: 'mf_account', action: 'canary-rollback', version: '1.1.0', fromVersion: '1.2.0', forced: false } },
    });
    const toasts: string[] = [];
    stopListening = onNotify((toast) => toasts.push(toast.message));
    const user = userEvent.setup();
    renderConsole('/admin/releases');
    await user.click(await screen.findByRole('button', { name: 'End canary of mf_account on production' }));
    let dialog = screen.getByRole('dialog', { name: 'End the canary of mf_account on production?' });
    expect(dialog).toHaveTextContent('1.2.0 is no longer served on production: everyone gets 1.1.0 again.');
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (end canary)' }), 'Errors in the canary');
    await user.click(within(dialog).getByRole('button', { name: 'End canary' }));
    // The server's alert is a toast, above the dialog.
    await waitFor(() => expect(toasts).toContain('production moved (now at revision 4); read it again and retry.'));
    const reads = server.callsTo('GET /admin/releases').length;
    await user.keyboard('{Escape}');
    await waitFor(() => expect(server.callsTo('GET /admin/releases').length).toBe(reads + 1));

    moved = false;
    await user.click(await screen.findByRole('button', { name: 'End canary of mf_account on production' }));
    dialog = screen.getByRole('dialog', { name: 'End the canary of mf_account on production?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (end canary)' }), 'Errors in the canary');
    await user.click(within(dialog).getByRole('button', { name: 'End canary' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.callsTo('POST /admin/releases/channels/production/abortCanary').at(-1)!.body).toEqual({
      remote: 'mf_account',
      canaryId: CANARY_ID,
      // No revision of the remote's own: the channel's.
      expectedRevision: 3,
      reason: 'Errors in the canary',
    });
  });

  it('speaks Spanish', async () => {
    server = mockApi({ 'GET /admin/releases': { data: [PRODUCTION] } });
    await act(async () => {
      await switchLanguage('es');
    });
    try {
      await act(async () => {
        renderConsole('/admin/releases');
      });
      expect(await screen.findByRole('heading', { level: 1, name: 'Versiones' })).toBeInTheDocument();
      const account = await screen.findByRole('listitem', { name: 'mf_account en production' });
      expect(account).toHaveTextContent('Para el 10 % de los usuarios con sesión');
      expect(within(account).getByRole('button', { name: 'Terminar canario de mf_account en production' })).toBeInTheDocument();
      expect(screen.getByRole('list', { name: 'Últimos movimientos en production' })).toHaveTextContent('Canario iniciado');
    } finally {
      await act(async () => {
        await switchLanguage('en');
      });
    }
  });
});
