import type { RemotesManifest } from '@blockpilot/shared';
import { formatLocalDateTime } from '@blockpilot/shared/format';
import { MockProviders } from '@blockpilot/shared/mock';
import { render, screen } from '@testing-library/react';
import { ReleasePreviewBanner } from './ReleasePreviewBanner';
import { releasePreviewState } from './remotes';

jest.mock('./remotes', () => ({ releasePreviewState: jest.fn() }));
const previewState = jest.mocked(releasePreviewState);

const EXPIRES = '2026-01-05T12:00:00.000Z';
const renderWith = (state: RemotesManifest['releasePreview']) => {
  previewState.mockResolvedValue(state);
  render(
    <MockProviders>
      <ReleasePreviewBanner />
    </MockProviders>,
  );
};

describe('the release preview banner (docs/RELEASES.md "Preview links")', () => {
  it('names the release a link swapped in, with a way out', async () => {
    renderWith({ remote: 'mf_dashboard', version: '2.0.0', expiresAt: EXPIRES });
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent(`Previewing mf_dashboard 2.0.0 in this tab, until ${formatLocalDateTime(Date.parse(EXPIRES), 'en')}. End preview`);
    expect(screen.getByRole('link', { name: 'End preview' })).toHaveAttribute('href', '?releasePreview=');
  });

  it("names the channel of a link that follows a channel's release", async () => {
    renderWith({ remote: 'mf_dashboard', version: '2.1.0', expiresAt: EXPIRES, channel: 'staging' });
    expect(await screen.findByRole('status')).toHaveTextContent('Previewing mf_dashboard 2.1.0 (as on staging) in this tab, until');
  });

  it('says a link is invalid or expired', async () => {
    renderWith({ invalid: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('This preview link is invalid or has expired; you see the live app. End preview');
  });
});
