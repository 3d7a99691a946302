import { MANIFEST_INTEGRITY_FIELD } from '@blockpilot/shared/constants';
import { createRemoteIntegrity, vouchedReleases, type VouchedRelease } from './integrity';

const origin = window.location.origin;
const MANIFEST_URL = `${origin}/releases/mf_landing/1.0.0/mf-manifest.json`;
const FOLDER = `${origin}/releases/mf_landing/1.0.0/`;
const RELEASE: VouchedRelease = { manifestUrl: MANIFEST_URL, integrity: 'sha384-manifest', entryIntegrity: 'sha384-entry-from-the-list' };
/** The manifest the tooling writes: its remote entry, and the sha384 of each script of the build. */
const MANIFEST = {
  metaData: {
    remoteEntry: { name: 'remoteEntry.js', path: '' },
    [MANIFEST_INTEGRITY_FIELD]: { 'remoteEntry.js': 'sha384-entry-from-the-manifest', '__federation_expose_App.1a2b3c4d.js': 'sha384-app' },
  },
};

/** The runtime's fetch of a manifest, answered with `manifest`; records what it was asked with. */
function answering(manifest: object) {
  const calls: Array<[string, RequestInit | undefined]> = [];
  const fetchFile = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push([String(input), init]);
    return { clone: () => ({ json: async () => manifest }) } as unknown as Response;
  }) as typeof fetch;
  return { calls, fetchFile };
}

async function checkedManifest(manifest: object = MANIFEST) {
  const { calls, fetchFile } = answering(manifest);
  const integrity = createRemoteIntegrity(fetchFile);
  integrity.trust([RELEASE]);
  await integrity.plugin.fetch!(MANIFEST_URL, {});
  return { ...integrity, calls };
}

const script = (integrity: ReturnType<typeof createRemoteIntegrity>, url: string, attrs?: Record<string, string>) =>
  integrity.plugin.createScript!({ url, ...(attrs ? { attrs } : {}) }) as HTMLScriptElement | undefined;
const link = (integrity: ReturnType<typeof createRemoteIntegrity>, url: string, attrs: Record<string, string>) =>
  integrity.plugin.createLink!({ url, attrs }) as HTMLLinkElement | undefined;

describe('the remote list', () => {
  it('vouches for each release by its manifest as the page resolves it, and for no remote without one', () => {
    const remotes = [
      { name: 'mf_landing', entry: '/releases/mf_landing/1.0.0/mf-manifest.json', release: { id: 'r1', version: '1.0.0', integrity: 'sha384-m', entryIntegrity: 'sha384-e' } },
      { name: 'mf_auth', entry: 'http://127.0.0.1:4001/mf-manifest.json' },
    ];
    expect(vouchedReleases(remotes)).toEqual([{ manifestUrl: MANIFEST_URL, integrity: 'sha384-m', entryIntegrity: 'sha384-e' }]);
  });
});

describe('a released remote', () => {
  it('has its manifest fetched with the sha384 the remote list gives', async () => {
    const { calls } = await checkedManifest();
    expect(calls).toEqual([[MANIFEST_URL, { integrity: 'sha384-manifest' }]]);
  });

  it("loads its remote entry with the list's sha384 and its other files with the manifest's, each with crossorigin", async () => {
    const integrity = await checkedManifest();
    const entry = script(integrity, `${FOLDER}remoteEntry.js`, { fetchpriority: 'high' });
    expect(entry?.src).toBe(`${FOLDER}remoteEntry.js`);
    expect(entry?.getAttribute('integrity')).toBe('sha384-entry-from-the-list');
    expect(entry?.getAttribute('crossorigin')).toBe('anonymous');
    // The runtime's attributes are kept: the element returned is the one it loads.
    expect(entry?.getAttribute('fetchpriority')).toBe('high');

    const preload = link(integrity, `${FOLDER}__federation_expose_App.1a2b3c4d.js`, { rel: 'preload', as: 'script' });
    expect(preload?.href).toBe(`${FOLDER}__federation_expose_App.1a2b3c4d.js`);
    expect([preload?.rel, preload?.getAttribute('as'), preload?.getAttribute('integrity'), preload?.getAttribute('crossorigin')]).toEqual([
      'preload',
      'script',
      'sha384-app',
      'anonymous',
    ]);
  });

  it("loads its remote entry with the checked manifest's sha384 when the list gives none", async () => {
    const { fetchFile } = answering(MANIFEST);
    const integrity = createRemoteIntegrity(fetchFile);
    integrity.trust([{ manifestUrl: MANIFEST_URL, integrity: 'sha384-manifest' }]);
    await integrity.plugin.fetch!(MANIFEST_URL, {});
    expect(script(integrity, `${FOLDER}remoteEntry.js`)?.getAttribute('integrity')).toBe('sha384-entry-from-the-manifest');
  });

  it('refuses a file of the release its manifest does not list, and any file before its manifest was checked', async () => {
    const integrity = await checkedManifest();
    expect(() => script(integrity, `${FOLDER}injected.js`)).toThrow(/not a file of the release/);
    expect(() => link(integrity, `${FOLDER}injected.css`, { rel: 'stylesheet' })).toThrow(/not a file of the release/);

    const unchecked = createRemoteIntegrity(answering(MANIFEST).fetchFile);
    unchecked.trust([RELEASE]);
    expect(() => script(unchecked, `${FOLDER}remoteEntry.js`)).toThrow(/not a file of the release/);
  });

  it('is refused when its manifest lists no sha384 of its files', async () => {
    const integrity = createRemoteIntegrity(answering({ metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } } }).fetchFile);
    integrity.trust([RELEASE]);
    await expect(integrity.plugin.fetch!(MANIFEST_URL, {})).rejects.toThrow(/lists no sha384/);
    expect(() => script(integrity, `${FOLDER}remoteEntry.js`)).toThrow(/not a file of the release/);
  });

  it('is not loaded when the browser finds its manifest changed', async () => {
    const integrity = createRemoteIntegrity((async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch);
    integrity.trust([RELEASE]);
    await expect(integrity.plugin.fetch!(MANIFEST_URL, {})).rejects.toThrow('Failed to fetch');
  });
});

describe('a remote without a release', () => {
  it('loads as before: its manifest is fetched as asked, its entry and files are left to the runtime', async () => {
    const integrity = await checkedManifest();
    const other = 'http://127.0.0.1:4001/';
    await integrity.plugin.fetch!(`${other}mf-manifest.json`, {});
    // Asked as the runtime asked, with no sha384: nothing vouches for it.
    expect(integrity.calls).toEqual([
      [MANIFEST_URL, { integrity: 'sha384-manifest' }],
      [`${other}mf-manifest.json`, {}],
    ]);
    expect(script(integrity, `${other}remoteEntry.js`)).toBeUndefined();
    expect(link(integrity, `${other}chunk-not-listed.js`, { rel: 'preload', as: 'script' })).toBeUndefined();
  });

  it('gives its preloads the sha384 its manifest lists, with CORS: the request its chunk loader then makes, not a second one', async () => {
    const integrity = await checkedManifest();
    const other = 'http://127.0.0.1:4001/';
    await integrity.plugin.fetch!(`${other}mf-manifest.json`, {});
    const preload = link(integrity, `${other}__federation_expose_App.1a2b3c4d.js`, { rel: 'preload', as: 'script' })!;
    expect([preload.getAttribute('integrity'), preload.getAttribute('crossorigin'), preload.getAttribute('rel')]).toEqual(['sha384-app', 'anonymous', 'preload']);
  });
});
