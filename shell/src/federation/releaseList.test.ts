import { changedRemotes, readReleasePreview, RELEASE_FALLBACK_CHECK_MS, RELEASE_SIGNAL_SPREAD_MS, releasesChanged, remoteListHeaders, watchReleases } from './releaseList';

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

describe('watchReleases (docs/LIVE.md "New releases")', () => {
  const loaded = new Map([['mf_auth', `${window.location.origin}/releases/mf_auth/1.0.0/mf-manifest.json`]]);
  const moved = { previewOrigins: [], remotes: [{ name: 'mf_auth', entry: '/releases/mf_auth/2.0.0/mf-manifest.json' }] };
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('reads the list once, within the spread, after however many signals came during it', async () => {
    jest.spyOn(Math, 'random').mockReturnValue(0.5);
    const read = jest.fn(async () => moved);
    const onChange = jest.fn();
    const stop = watchReleases(read, () => loaded, onChange);
    releasesChanged();
    releasesChanged();
    await jest.advanceTimersByTimeAsync(RELEASE_SIGNAL_SPREAD_MS / 2 - 1);
    expect(read).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(read).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(['mf_auth']);

    stop();
    releasesChanged();
    await jest.advanceTimersByTimeAsync(RELEASE_SIGNAL_SPREAD_MS);
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('without a signal, reads it when the tab is shown again and every few minutes', async () => {
    const read = jest.fn(async () => moved);
    const stop = watchReleases(read, () => loaded, jest.fn());
    document.dispatchEvent(new Event('visibilitychange'));
    expect(read).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(RELEASE_FALLBACK_CHECK_MS);
    expect(read).toHaveBeenCalledTimes(2);
    stop();
  });
});
