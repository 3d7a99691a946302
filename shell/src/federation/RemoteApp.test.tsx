import { createMockSession, mockAccount, mockApi, MockProviders, mockSearchStatus, type MockApi } from '@blockpilot/shared/mock';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemoteFailure } from './diagnose';
import { RemoteApp } from './RemoteApp';

const serverDown = (status = 503) => jest.fn(async (): Promise<RemoteFailure> => ({ kind: 'serverError', status }));

function Working() {
  return <p>remote content</p>;
}

function Crashing(): never {
  throw new Error('render exploded');
}

describe('loading a remote inside the shell', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));

  it('shows a spinner, then the remote', async () => {
    const loader = jest.fn().mockResolvedValue(Working);
    render(
      <MockProviders>
        <RemoteApp name="mf_auth" loader={loader} />
      </MockProviders>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading');
    expect(await screen.findByText('remote content')).toBeInTheDocument();
    expect(loader).toHaveBeenCalledWith('mf_auth', { retry: false });
  });

  it('shows a fallback with Retry when the remote fails to load, and loads it again on Retry', async () => {
    const loader = jest.fn().mockRejectedValueOnce(new Error('Failed to fetch remoteEntry.js')).mockResolvedValueOnce(Working);
    render(
      <MockProviders>
        <RemoteApp name="mf_account" loader={loader} diagnose={serverDown()} />
      </MockProviders>,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your account page could not be loaded');
    expect(await screen.findByText(/answered with an error \(503\)\. This is not your connection/)).toBeInTheDocument();
    expect(alert).not.toHaveTextContent('remoteEntry');

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('remote content')).toBeInTheDocument();
    expect(loader).toHaveBeenLastCalledWith('mf_account', { retry: true });
  });

  it('keeps offering Retry while the remote stays down', async () => {
    const loader = jest.fn().mockRejectedValue(new Error('RUNTIME-003: Failed to get manifest. manifestUrl: /remotes/mf_account/mf-manifest.json'));
    const diagnose = jest.fn(async (): Promise<RemoteFailure> => ({ kind: 'offline' }));
    render(
      <MockProviders>
        <RemoteApp name="mf_account" loader={loader} diagnose={diagnose} />
      </MockProviders>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your device seems to be offline. Check your connection, then retry.');
    expect(screen.getByRole('alert')).not.toHaveTextContent('RUNTIME-003');
    expect(loader).toHaveBeenCalledTimes(2);
    expect(diagnose).toHaveBeenCalledWith('mf_account');
  });

  it('contains a remote that crashes while rendering', async () => {
    const loader = jest.fn().mockResolvedValueOnce(Crashing).mockResolvedValueOnce(Working);
    render(
      <MockProviders>
        <p>shell keeps working</p>
        <RemoteApp name="mf_landing" loader={loader} />
      </MockProviders>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This page failed to start because of an error on our side, not your connection.');
    expect(screen.getByText('shell keeps working')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('remote content')).toBeInTheDocument();
  });

  it('offers no Retry while it is still finding out what failed', async () => {
    const loader = jest.fn().mockRejectedValue(new Error('down'));
    render(
      <MockProviders>
        <RemoteApp name="mf_auth" loader={loader} diagnose={() => new Promise(() => undefined)} />
      </MockProviders>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('The sign-in page could not be loaded');
    expect(screen.getByRole('alert')).toHaveTextContent('Checking what went wrong');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeDisabled();
  });
});

describe('the dashboard remote down while the search runs', () => {
  let server: MockApi;
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => server.restore());

  it('keeps the search state and a Stop in the shell; Stop sends the wanted state, never a toggle', async () => {
    server = mockApi({ 'POST /user/toggleSearchState': { data: { searching: false, status: mockSearchStatus({ searching: false }) } } });
    const session = createMockSession({ searching: true });
    render(
      <MockProviders session={session}>
        <RemoteApp name="mf_dashboard" loader={jest.fn().mockRejectedValue(new Error('down'))} diagnose={serverDown()} />
      </MockProviders>,
    );
    expect(await screen.findByText('Your dashboard could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('System Started')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Stop searching' }));
    expect(server.callsTo('POST /user/toggleSearchState')[0]?.body).toMatchObject({ searching: false });
    expect(session.actions).toEqual(['setSearchStatus:false', 'refresh']);
    // The chip follows the answer at once, before the refreshed search state is in.
    expect(await screen.findByText('System Stopped')).toBeInTheDocument();
  });

  it('shows a stopped search without a Stop, and nothing of the search before the account is connected', async () => {
    server = mockApi();
    const failing = () => jest.fn().mockRejectedValue(new Error('down'));
    const { unmount } = render(
      <MockProviders session={createMockSession({ searching: false })}>
        <RemoteApp name="mf_dashboard" loader={failing()} diagnose={serverDown()} />
      </MockProviders>,
    );
    expect(await screen.findByText('Your dashboard could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('System Stopped')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Stop searching' })).not.toBeInTheDocument();
    unmount();

    render(
      <MockProviders session={createMockSession({ account: mockAccount({ flexConnected: false }) })}>
        <RemoteApp name="mf_dashboard" loader={failing()} diagnose={serverDown()} />
      </MockProviders>,
    );
    expect(await screen.findByText('Your dashboard could not be loaded')).toBeInTheDocument();
    expect(screen.queryByText(/System/)).not.toBeInTheDocument();
  });
});

describe("a release's vote on its health (what the driver sees)", () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));

  it('votes healthy only once the first screen committed, not when the module arrived', async () => {
    let ready: () => void = () => undefined;
    const data = new Promise<void>((resolve) => (ready = resolve));
    let loaded = false;
    // The remote's first screen waits for its data (it suspends) before it shows.
    function Waiting() {
      if (!loaded) throw data.then(() => (loaded = true));
      return <p>remote content</p>;
    }
    const report = jest.fn();
    render(
      <MockProviders>
        <RemoteApp name="mf_dashboard" loader={jest.fn().mockResolvedValue(Waiting)} report={report} />
      </MockProviders>,
    );
    await waitFor(() => expect(screen.getByRole('status')).toBeInTheDocument());
    expect(report).not.toHaveBeenCalled();
    ready();
    expect(await screen.findByText('remote content')).toBeInTheDocument();
    await waitFor(() => expect(report).toHaveBeenCalledWith('mf_dashboard', { failed: false }));
    expect(report).toHaveBeenCalledTimes(1);
  });

  it('votes a render failure, with the error, for a remote that throws while rendering, and never healthy', async () => {
    const report = jest.fn();
    render(
      <MockProviders>
        <RemoteApp name="mf_landing" loader={jest.fn().mockResolvedValue(Crashing)} report={report} />
      </MockProviders>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('This page failed to start');
    expect(report).toHaveBeenCalledWith('mf_landing', { failed: true, stage: 'render', error: expect.objectContaining({ message: 'render exploded' }) });
    expect(report).not.toHaveBeenCalledWith('mf_landing', { failed: false });
  });

  it('votes a load failure for a remote whose code did not arrive', async () => {
    const report = jest.fn();
    const down = new Error('Failed to fetch remoteEntry.js');
    render(
      <MockProviders>
        <RemoteApp name="mf_account" loader={jest.fn().mockRejectedValue(down)} diagnose={serverDown()} report={report} />
      </MockProviders>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('could not be loaded');
    expect(report).toHaveBeenCalledWith('mf_account', { failed: true, stage: 'load', error: down });
  });
});
