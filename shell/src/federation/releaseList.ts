/**
 * How the shell asks for its remote list and learns that it changed (docs/RELEASES.md "How the
 * shell finds its remotes"). The list depends on who is signed in (a canary is sticky per user)
 * and on a signed release-preview link held by this tab, so both go with the request. A running
 * page never swaps a remote it has loaded: it re-reads the list when told a release went live,
 * when shown again and now and then and, when a loaded remote's release changed, says so and lets
 * the driver reload when it suits them.
 */
import { getAccessToken } from '@blockpilot/shared/boot';
import { RELEASE_PREVIEW_HEADER, RELEASE_PREVIEW_KEY } from '@blockpilot/shared/constants';
import type { RemotesManifest } from '@blockpilot/shared/types';

/** The tab's release-preview link: taken from `?releasePreview=` (empty ends it) and kept for the tab. */
export function readReleasePreview(search: string, store: Storage = sessionStorage): string | null {
  const fromUrl = new URLSearchParams(search).get(RELEASE_PREVIEW_KEY);
  if (fromUrl !== null) {
    if (fromUrl === '') store.removeItem(RELEASE_PREVIEW_KEY);
    else store.setItem(RELEASE_PREVIEW_KEY, fromUrl);
  }
  return store.getItem(RELEASE_PREVIEW_KEY);
}

/** Headers of the remote-list request; none for a visitor without a preview, who uses the page's preload. */
export function remoteListHeaders(preview: string | null, token: string | null = getAccessToken()): Record<string, string> | null {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (preview) headers[RELEASE_PREVIEW_HEADER] = preview;
  return Object.keys(headers).length ? headers : null;
}

/** Names of loaded remotes whose entry in `latest` is not the one they were loaded from. */
export function changedRemotes(loaded: ReadonlyMap<string, string>, latest: RemotesManifest): string[] {
  return [...loaded]
    .filter(([name, entry]) => {
      const now = latest.remotes.find((remote) => remote.name === name);
      return now !== undefined && new URL(now.entry, window.location.origin).href !== entry;
    })
    .map(([name]) => name);
}

/**
 * How often an open tab re-reads the remote list on its own: the backstop. A tab with a live
 * stream hears of each new release at once (docs/LIVE.md "New releases"); one without (a visitor,
 * a driver not yet connected) or one whose signal was lost learns of it by this, or when shown again.
 */
export const RELEASE_FALLBACK_CHECK_MS = 5 * 60_000;

/**
 * A tab that hears of a new release waits a random time up to this before it reads the list, so
 * one move does not make every open tab ask in the same instant.
 */
export const RELEASE_SIGNAL_SPREAD_MS = 2_000;

/** The watchers of this page, told when the live stream says a release went live. */
const releaseSignals = new Set<() => void>();

/** The live stream said a release went live (docs/LIVE.md "New releases"): every watcher of this page reads the list soon. */
export function releasesChanged(): void {
  for (const heard of [...releaseSignals]) heard();
}

/**
 * Calls `onChange` with the loaded remotes whose release changed, checking when
 * {@link releasesChanged} is called, when the tab is shown again and every
 * {@link RELEASE_FALLBACK_CHECK_MS}. Returns how to stop.
 */
export function watchReleases(read: () => Promise<RemotesManifest>, loaded: () => ReadonlyMap<string, string>, onChange: (names: string[]) => void): () => void {
  const check = () => {
    if (document.visibilityState !== 'visible' || loaded().size === 0) return;
    read().then(
      (latest) => {
        const names = changedRemotes(loaded(), latest);
        if (names.length) onChange(names);
      },
      () => undefined,
    );
  };
  let spreading: number | undefined;
  const heard = () => {
    if (spreading !== undefined) return;
    spreading = window.setTimeout(() => {
      spreading = undefined;
      check();
    }, Math.random() * RELEASE_SIGNAL_SPREAD_MS);
  };
  const timer = window.setInterval(check, RELEASE_FALLBACK_CHECK_MS);
  document.addEventListener('visibilitychange', check);
  releaseSignals.add(heard);
  return () => {
    window.clearInterval(timer);
    window.clearTimeout(spreading);
    document.removeEventListener('visibilitychange', check);
    releaseSignals.delete(heard);
  };
}
