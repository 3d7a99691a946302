/**
 * Integrity in the browser (docs/RELEASES.md "Integrity in the browser"): a federation runtime
 * plugin that lets the page run a released remote's files only as the release registry recorded
 * them. A file that does not match is not run and its load fails, so the shell shows its fallback.
 * - The manifest is fetched with the sha384 the remote list gives for it (the browser refuses any
 *   other bytes). It lists the sha384 of each of the build's scripts (tooling's
 *   ChunkIntegrityPlugin), which this plugin keeps; a manifest that lists none is refused.
 * - The remote entry's script gets the list's `entryIntegrity` (the server records it when the
 *   release is published or registered; else the checked manifest's), and every other script or link
 *   (preload) the runtime makes for a file of the release gets the manifest's, with `crossorigin`;
 *   a file of the release the manifest does not list is refused.
 * - The remote entry checks its own chunks: its chunk loader carries their sha384.
 * A remote the list gives no release for (REMOTE_*_URL, a staging preview) loads as before.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { MANIFEST_INTEGRITY_FIELD } from '@blockpilot/shared/constants';
import type { RemoteManifestEntry } from '@blockpilot/shared/types';

/** What the remote list vouches for one release: its manifest's URL and sha384, and its remote entry's. */
export interface VouchedRelease {
  manifestUrl: string;
  integrity: string;
  /** Else the checked manifest's own. */
  entryIntegrity?: string | undefined;
}

/** The releases a remote list names, by their manifests' URLs as this page resolves them. */
export function vouchedReleases(remotes: readonly RemoteManifestEntry[]): VouchedRelease[] {
  return remotes.flatMap(({ entry, release }) =>
    release ? [{ manifestUrl: new URL(entry, document.baseURI).href, integrity: release.integrity, entryIntegrity: release.entryIntegrity }] : [],
  );
}

interface ManifestShape {
  metaData?: { remoteEntry?: { path?: string; name?: string }; [field: string]: unknown };
}

const refuse = (message: string) => Object.assign(new Error(message), { name: 'IntegrityError' });

/** `element` with the runtime's attributes, to be loaded only as `integrity`. */
function checked<T extends HTMLScriptElement | HTMLLinkElement>(element: T, attrs: Record<string, unknown> | undefined, integrity: string): T {
  for (const [name, value] of Object.entries(attrs ?? {})) element.setAttribute(name, String(value));
  element.setAttribute('integrity', integrity);
  // A cross-origin host's file is checked only when fetched with CORS; the same mode as the chunk
  // loader's scripts, so a preload is the file the script then uses.
  element.setAttribute('crossorigin', 'anonymous');
  return element;
}

export interface RemoteIntegrity {
  plugin: ModuleFederationRuntimePlugin;
  /** Takes the releases the page's remote list vouches for, in place of any taken before. */
  trust(releases: readonly VouchedRelease[]): void;
}

export function createRemoteIntegrity(fetchFile: typeof fetch = (input, init) => fetch(input, init)): RemoteIntegrity {
  let vouched = new Map<string, VouchedRelease>();
  /** Each release's folder (its manifest's), with the sha384 of its files by URL once its manifest has been checked. */
  let folders = new Map<string, Map<string, string>>();
  /**
   * The sha384 the manifests of remotes with no release list (a configured REMOTE_*_URL): nothing
   * vouches for them, so they check nothing; a preload carries them only so that it is the request
   * the remote's chunk loader then makes (it asks with CORS and the chunk's sha384), not a second one.
   */
  const unvouched = new Map<string, string>();

  /** The sha384 a file must have: undefined for a file of no release; refused for a file its release does not list. */
  function integrityOf(url: string): string | undefined {
    const href = new URL(url, document.baseURI).href;
    const folder = [...folders.keys()].filter((candidate) => href.startsWith(candidate)).sort((a, b) => b.length - a.length)[0];
    if (folder === undefined) return undefined;
    const integrity = folders.get(folder)!.get(href);
    if (!integrity) throw refuse(`${href} is not a file of the release its folder holds: not loaded`);
    return integrity;
  }

  /** Keeps the sha384 of each file a checked manifest lists, and the list's for the remote entry. */
  function keepFiles(release: VouchedRelease, manifest: ManifestShape): void {
    const listed = manifest.metaData?.[MANIFEST_INTEGRITY_FIELD];
    if (!listed || typeof listed !== 'object') throw refuse(`${release.manifestUrl} lists no sha384 of its files: not loaded`);
    const files = new Map(Object.entries(listed as Record<string, string>).map(([file, integrity]) => [new URL(file, release.manifestUrl).href, integrity]));
    const entry = manifest.metaData?.remoteEntry;
    const entryPath = [entry?.path, entry?.name].filter(Boolean).join('/');
    if (entryPath && release.entryIntegrity) files.set(new URL(entryPath, release.manifestUrl).href, release.entryIntegrity);
    folders.set(new URL('.', release.manifestUrl).href, files);
  }

  const plugin: ModuleFederationRuntimePlugin = {
    name: 'blockpilot-remote-integrity',
    fetch(url, init) {
      const release = vouched.get(new URL(url, document.baseURI).href);
      if (!release) {
        return fetchFile(url, init).then(async (response) => {
          const listed = ((await response.clone().json()) as ManifestShape).metaData?.[MANIFEST_INTEGRITY_FIELD];
          if (listed && typeof listed === 'object') {
            for (const [file, integrity] of Object.entries(listed as Record<string, string>)) unvouched.set(new URL(file, new URL(url, document.baseURI)).href, integrity);
          }
          return response;
        });
      }
      return fetchFile(url, { ...init, integrity: release.integrity }).then(async (response) => {
        keepFiles(release, (await response.clone().json()) as ManifestShape);
        return response;
      });
    },
    createScript({ url, attrs }) {
      const integrity = integrityOf(url);
      if (integrity === undefined) return undefined;
      const script = checked(document.createElement('script'), attrs, integrity);
      script.src = url;
      return script;
    },
    createLink({ url, attrs }) {
      const integrity = integrityOf(url) ?? unvouched.get(new URL(url, document.baseURI).href);
      if (integrity === undefined) return undefined;
      const link = checked(document.createElement('link'), attrs, integrity);
      link.href = url;
      return link;
    },
  };

  return {
    plugin,
    trust(releases) {
      vouched = new Map(releases.map((release) => [release.manifestUrl, release]));
      folders = new Map(releases.map((release) => [new URL('.', release.manifestUrl).href, new Map<string, string>()]));
    },
  };
}
