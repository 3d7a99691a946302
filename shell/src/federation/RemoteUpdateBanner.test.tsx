import type { RemotesManifest } from '@blockpilot/shared';
import { createMockSession, MockProviders, type MockSession } from '@blockpilot/shared/mock';
import { Dialog } from '@blockpilot/shared/ui';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { watchReleases } from './releaseList';
import { RemoteUpdateBanner } from './RemoteUpdateBanner';
import { watchRemoteReleases } from './remotes';

jest.mock('./remotes', () => ({ watchRemoteReleases: jest.fn() }));

const LOADED = new Map([['mf_dashboard', `${window.location.origin}/releases/mf_dashboard/1.0.0/mf-manifest.json`]]);
const list = (version: string): RemotesManifest => ({ previewOrigins: [], remotes: [{ name: 'mf_dashboard', entry: `/releases/mf_dashboard/${version}/mf-manifest.json` }] });

/** The banner in a page whose dashboard remote was loaded from release 1.0.0; `read` answers the remote list. */
function renderBanner(read: jest.Mock<Promise<RemotesManifest>, []>, children: React.ReactNode = null): MockSession {
  jest.mocked(watchRemoteReleases).mockImplementation((onChange) => watchReleases(read, () => LOADED, onChange));
  const session = createMockSession();
  render(
    <MockProviders session={session}>
      <RemoteUpdateBanner />
      {children}
    </MockProviders>,
  );
  return session;
}

describe('the reload offer (docs/RELEASES.md "Open tabs", docs/LIVE.md "New releases")', () => {
  // The spread before reading is random: no wait here (releaseList.test.ts covers it).
  beforeEach(() => jest.spyOn(Math, 'random').mockReturnValue(0));
  afterEach(() => jest.restoreAllMocks());

  it('comes when the live stream says a release went live and a loaded remote changed, with a button the keyboard reaches', async () => {
    const read = jest.fn(async () => list('1.1.0'));
    const session = renderBanner(read);
    session.emitLive({ type: 'logs' });
    expect(read).not.toHaveBeenCalled();

    session.emitLive({ type: 'releases' });
    const banner = await screen.findByRole('status');
    expect(read).toHaveBeenCalledTimes(1);
    expect(banner).toHaveTextContent('A new version of this app is available.');
    expect(banner).toHaveAttribute('data-release-update', 'mf_dashboard');
    await userEvent.tab();
    expect(screen.getByRole('button', { name: 'Reload when ready' })).toHaveFocus();
  });

  it('says nothing when the list still names the loaded release', async () => {
    const read = jest.fn(async () => list('1.0.0'));
    const session = renderBanner(read);
    session.emitLive({ type: 'releases' });
    await waitFor(() => expect(read).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('goes with "Not now", and comes back at the next release', async () => {
    const read = jest.fn(async () => list('1.1.0'));
    const session = renderBanner(read);
    session.emitLive({ type: 'releases' });
    await userEvent.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    read.mockResolvedValue(list('1.2.0'));
    session.emitLive({ type: 'releases' });
    expect(await screen.findByRole('status')).toHaveTextContent('A new version of this app is available.');
  });

  it('sits above a blocking dialog: above its backdrop, fixed in the window', async () => {
    const read = jest.fn(async () => list('1.1.0'));
    const session = renderBanner(
      read,
      <Dialog open blocking title="Finishing your purchase">
        <p>Waiting for the payment.</p>
      </Dialog>,
    );
    session.emitLive({ type: 'releases' });
    const banner = await screen.findByRole('status');
    const backdrop = screen.getByRole('dialog', { name: 'Finishing your purchase' }).parentElement!;
    expect(getComputedStyle(banner).position).toBe('fixed');
    expect(Number(getComputedStyle(banner).zIndex)).toBeGreaterThan(Number(getComputedStyle(backdrop).zIndex));
    expect(Number(getComputedStyle(backdrop).zIndex)).toBeGreaterThan(0);
  });
});
