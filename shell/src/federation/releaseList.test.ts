import { changedRemotes, readReleasePreview, remoteListHeaders } from './releaseList';

describe('the remote list request', () => {
  beforeEach(() => sessionStorage.clear());

  it('keeps a release-preview link for the tab and ends it with an empty parameter', () => {
    expect(readReleasePreview('?releasePreview=v1%3Asealed')).toBe('v1:sealed');
    expect(readReleasePreview('')).toBe('v1:sealed');
    expect(readReleasePreview('?releasePreview=')).toBeNull();
  });

  it('sends the driver and the preview link, and nothing for a visitor (who uses the preload)', () => {
    expect(remoteListHeaders(null, null)).toBeNull();
    expect(remoteListHeaders('v1:sealed', 'tok')).toEqual({ authorization: 'Bearer tok', 'x-release-preview': 'v1:sealed' });
  });
});

describe('changedRemotes', () => {
  const loaded = new Map([['mf_auth', `${window.location.origin}/releases/mf_auth/1.0.0/mf-manifest.json`]]);

  it('names a loaded remote whose release moved, and ignores remotes not loaded', () => {
    const latest = {
      previewOrigins: [],
      remotes: [
        { name: 'mf_auth', entry: '/releases/mf_auth/2.0.0/mf-manifest.json' },
        { name: 'mf_account', entry: '/releases/mf_account/9.0.0/mf-manifest.json' },
      ],
    };
    expect(changedRemotes(loaded, latest)).toEqual(['mf_auth']);
  });

  it('says nothing while the loaded release is still live', () => {
    expect(changedRemotes(loaded, { previewOrigins: [], remotes: [{ name: 'mf_auth', entry: '/releases/mf_auth/1.0.0/mf-manifest.json' }] })).toEqual([]);
  });
});
