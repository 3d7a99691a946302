import type { RemotesManifest } from '@blockpilot/shared';
import { applyPreview, fetchManifest, readPreviewOverride } from './manifest';

const manifest: RemotesManifest = {
  remotes: [
    { name: 'mf_auth', entry: '/remotes/mf-auth/mf-manifest.json' },
    { name: 'mf_landing', entry: '/remotes/mf-landing/mf-manifest.json' },
  ],
  previewOrigins: ['https://staging.blockpilot.app'],
};
const PAGE = 'https://blockpilot.app';

describe('the staging preview override', () => {
  beforeEach(() => sessionStorage.clear());

  it('is read from the query string and remembered for the tab', () => {
    expect(readPreviewOverride('?remotePreview=mf_auth@https://staging.blockpilot.app/mf-auth/mf-manifest.json')).toEqual({
      remote: 'mf_auth',
      entry: 'https://staging.blockpilot.app/mf-auth/mf-manifest.json',
    });
    expect(readPreviewOverride('')).toEqual({ remote: 'mf_auth', entry: 'https://staging.blockpilot.app/mf-auth/mf-manifest.json' });
  });

  it('ends with an empty remotePreview parameter', () => {
    readPreviewOverride('?remotePreview=mf_auth@https://staging.blockpilot.app/x.json');
    expect(readPreviewOverride('?remotePreview=')).toBeNull();
    expect(readPreviewOverride('')).toBeNull();
  });

  it('resolves manifest entries against the page and changes nothing without an override', () => {
    const { remotes, preview } = applyPreview(manifest, null, PAGE);
    expect(remotes[0]).toEqual({ name: 'mf_auth', entry: 'https://blockpilot.app/remotes/mf-auth/mf-manifest.json' });
    expect(preview).toEqual({ kind: 'none' });
  });

  it('loads one remote from an allowed origin', () => {
    const entry = 'https://staging.blockpilot.app/pr-42/mf-manifest.json';
    const { remotes, preview } = applyPreview(manifest, { remote: 'mf_auth', entry }, PAGE);
    expect(remotes.find((r) => r.name === 'mf_auth')?.entry).toBe(entry);
    expect(remotes.find((r) => r.name === 'mf_landing')?.entry).toBe('https://blockpilot.app/remotes/mf-landing/mf-manifest.json');
    expect(preview).toMatchObject({ kind: 'active', origin: 'https://staging.blockpilot.app' });
  });

  it.each([
    ['a foreign origin', { remote: 'mf_auth', entry: 'https://evil.example/mf-manifest.json' }, 'notAllowed', 'https://evil.example'],
    ['a look-alike host', { remote: 'mf_auth', entry: 'https://staging.blockpilot.app.evil.example/m.json' }, 'notAllowed', 'https://staging.blockpilot.app.evil.example'],
    ['another port', { remote: 'mf_auth', entry: 'https://staging.blockpilot.app:8443/m.json' }, 'notAllowed', 'https://staging.blockpilot.app:8443'],
    ['an unknown remote', { remote: 'mf_nope', entry: 'https://staging.blockpilot.app/m.json' }, 'unknownRemote', 'https://staging.blockpilot.app'],
    ['a missing URL', { remote: 'mf_auth', entry: '' }, 'invalidUrl', 'https://blockpilot.app'],
  ] as const)('refuses %s and keeps the normal remote', (_case, override, reason, origin) => {
    const { remotes, preview } = applyPreview(manifest, override, PAGE);
    expect(preview).toMatchObject({ kind: 'refused', reason, origin });
    expect(remotes.find((r) => r.name === 'mf_auth')?.entry).toBe('https://blockpilot.app/remotes/mf-auth/mf-manifest.json');
  });

  it('fails loudly when the manifest cannot be fetched', async () => {
    const failing = jest.fn().mockResolvedValue({ ok: false, status: 503 });
    await expect(fetchManifest(failing as unknown as typeof fetch)).rejects.toThrow('answered 503');
  });
});
