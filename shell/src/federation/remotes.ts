/**
 * Loads remotes through the federation runtime. The shell's build declares no remotes: they are
 * registered here from the run-time manifest, once, and a failed remote is registered again with
 * `force` on retry, which drops the runtime's cached failure.
 */
import { loadRemote, preloadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
// Not the package's main entry: this module runs before React loads (docs/FRONTEND.md "Cold start").
import { getAccessToken, takeEarlyAnswer } from '@blockpilot/shared/boot';
import { REMOTE_APP_EXPOSE, REMOTE_LIST_PATH } from '@blockpilot/shared/constants';
import type { RemotesManifest } from '@blockpilot/shared/types';
import type { PreviewState } from '../types';
import { createRemoteIntegrity, vouchedReleases } from './integrity';
import { applyPreview, fetchManifest, readPreviewOverride } from './manifest';
import { refreshAssignments, rememberAssignments } from './loadVotes';
import { readReleasePreview, remoteListHeaders, watchReleases } from './releaseList';

/** The registered remotes and the preview decision, resolved once per page. */
interface Registration {
  entries: Map<string, string>;
  preview: PreviewState;
  releasePreview: RemotesManifest['releasePreview'];
}

let registration: Promise<Registration> | null = null;
/** A released remote's files run only as the registry recorded them (docs/RELEASES.md "Integrity in the browser"). */
const integrity = createRemoteIntegrity();
/** Remotes this page has loaded, and the entry each was loaded from: these are never swapped under the driver. */
const loaded = new Map<string, string>();

/** The remote list for this user and tab, as the release registry resolves it. */
function readRemoteList(init: RequestInit = {}): Promise<RemotesManifest> {
  const headers = remoteListHeaders(readReleasePreview(window.location.search));
  return fetchManifest(fetch, headers || init.cache ? { ...init, ...(headers ? { headers } : {}) } : undefined);
}

function register(): Promise<Registration> {
  // The first read takes the list the page's inline script asked for as the HTML arrived.
  registration ??= takeEarlyAnswer('remoteList', getAccessToken(), readRemoteList, (body) => body as RemotesManifest)
    .then((manifest) => {
      const { remotes, preview } = applyPreview(manifest, readPreviewOverride(window.location.search), window.location.origin);
      // The list's releases by their own manifests: a staging override's URL is none of them.
      integrity.trust(vouchedReleases(manifest.remotes));
      registerPlugins([integrity.plugin]); // the runtime keeps one plugin of a name: a second call adds nothing
      registerRemotes(remotes.map(({ name, entry }) => ({ name, entry })));
      const entries = new Map(remotes.map((r) => [r.name, r.entry]));
      // What the driver then sees of each release is its vote (docs/RELEASES.md "Canary"; RemoteApp reports it).
      rememberAssignments(manifest.remotes, entries);
      return { entries, preview, releasePreview: manifest.releasePreview };
    })
    .catch((error: unknown) => {
      registration = null; // let the next attempt fetch the manifest again
      throw error;
    });
  return registration;
}

/** Where `name`'s manifest lives, or the shell's list of remotes while that is not known. */
export async function manifestUrlOf(name: string): Promise<string> {
  try {
    return (await register()).entries.get(name) ?? REMOTE_LIST_PATH;
  } catch {
    return REMOTE_LIST_PATH;
  }
}

export function previewState(): Promise<PreviewState> {
  return register().then((r) => r.preview);
}

/** The signed release preview this tab holds, if any (for its banner). */
export function releasePreviewState(): Promise<RemotesManifest['releasePreview']> {
  return register().then((r) => r.releasePreview);
}

/** Calls `onChange` with loaded remotes whose release changed on the server; returns how to stop. */
export function watchRemoteReleases(onChange: (names: string[]) => void): () => void {
  return watchReleases(
    // Each read also renews the assignments of the releases still running (they expire).
    () => readRemoteList({ cache: 'no-cache' }).then((latest) => (refreshAssignments(latest), latest)),
    () => loaded,
    onChange,
  );
}

/** The component a remote exposes as `./App`; `retry` forces a fresh load after a failure. */
export async function loadRemoteApp(name: string, { retry = false } = {}): Promise<ComponentType> {
  const { entries } = await register();
  const entry = entries.get(name);
  if (!entry) throw new Error(`No remote named ${name} in the manifest`);
  if (retry) registerRemotes([{ name, entry }], { force: true });
  const module = await loadRemote<{ default: ComponentType }>(`${name}/${REMOTE_APP_EXPOSE.slice(2)}`);
  if (!module?.default) throw new Error(`${name} did not expose an App component`);
  loaded.set(name, entry);
  return module.default;
}

/**
 * Starts fetching a remote's manifest, entry and App chunks now. Best effort: a failure here is
 * reported by the real load, which shows the fallback.
 */
export async function preloadRemoteApp(name: string): Promise<void> {
  try {
    await register();
    await preloadRemote([{ nameOrAlias: name, exposes: ['./App'] }]);
  } catch {
    // the real load reports it
  }
}
