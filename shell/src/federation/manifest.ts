/**
 * Where the remotes live, decided at run time: the server's `/remotes.json`, plus at most one
 * staging-preview override for this tab (`?remotePreview=name@manifestUrl`, remembered in session
 * storage, `?remotePreview=` ends it). An override is used only when its origin is on the
 * server's allow-list; otherwise it is refused and the reason shown (PreviewBanner words it).
 */
import { PREVIEW_OVERRIDE_KEY, REMOTE_LIST_PATH } from '@blockpilot/shared/constants';
import type { RemoteManifestEntry, RemotesManifest } from '@blockpilot/shared/types';
import type { PreviewOverride, PreviewRefusal, PreviewState } from '../types';

/** Reads the override from the URL (and remembers it) or from the tab's session storage. */
export function readPreviewOverride(search: string, store: Storage = sessionStorage): PreviewOverride | null {
  const fromUrl = new URLSearchParams(search).get(PREVIEW_OVERRIDE_KEY);
  if (fromUrl !== null) {
    if (fromUrl === '') store.removeItem(PREVIEW_OVERRIDE_KEY);
    else store.setItem(PREVIEW_OVERRIDE_KEY, fromUrl);
  }
  const raw = store.getItem(PREVIEW_OVERRIDE_KEY);
  if (!raw) return null;
  const at = raw.indexOf('@');
  if (at <= 0) return { remote: raw, entry: '' };
  return { remote: raw.slice(0, at), entry: raw.slice(at + 1) };
}

function originOf(url: string, base: string): string | null {
  try {
    return new URL(url, base).origin;
  } catch {
    return null;
  }
}

/** Applies an override to the manifest's remotes when its origin is allowed. */
export function applyPreview(manifest: RemotesManifest, override: PreviewOverride | null, pageOrigin: string): { remotes: RemoteManifestEntry[]; preview: PreviewState } {
  const remotes = manifest.remotes.map((r) => ({ ...r, entry: new URL(r.entry, pageOrigin).href }));
  if (!override) return { remotes, preview: { kind: 'none' } };
  const origin = originOf(override.entry, pageOrigin) ?? override.entry;
  const refuse = (reason: PreviewRefusal) => ({ remotes, preview: { kind: 'refused', override, origin, reason } as PreviewState });
  if (!remotes.some((r) => r.name === override.remote)) return refuse('unknownRemote');
  if (!override.entry || !originOf(override.entry, pageOrigin)) return refuse('invalidUrl');
  if (!manifest.previewOrigins.includes(origin)) return refuse('notAllowed');
  const entry = new URL(override.entry, pageOrigin).href;
  return {
    remotes: remotes.map((r) => (r.name === override.remote ? { ...r, entry } : r)),
    preview: { kind: 'active', override: { ...override, entry }, origin },
  };
}

export async function fetchManifest(fetchImpl: typeof fetch = fetch, init?: RequestInit): Promise<RemotesManifest> {
  // Default cache mode, so a visitor's page uses its preload of the list (the page script makes it
  // for visitors only); the server marks it no-cache, so a later visit still revalidates it.
  const response = await (init ? fetchImpl(REMOTE_LIST_PATH, init) : fetchImpl(REMOTE_LIST_PATH));
  if (!response.ok) throw new Error(`The remotes manifest answered ${response.status}`);
  return (await response.json()) as RemotesManifest;
}
