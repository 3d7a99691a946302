/**
 * Loads remotes through the federation runtime. The shell's build declares no remotes: they are
 * registered here from the run-time manifest, once, and a failed remote is registered again with
 * `force` on retry, which drops the runtime's cached failure.
 */
import { loadRemote, preloadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { PreviewState } from '../types';
import { REMOTES_MANIFEST_PATH } from '@blockpilot/shared';
import { applyPreview, fetchManifest, readPreviewOverride } from './manifest';

/** The registered remotes and the preview decision, resolved once per page. */
interface Registration {
  entries: Map<string, string>;
  preview: PreviewState;
}

let registration: Promise<Registration> | null = null;

function register(): Promise<Registration> {
  registration ??= fetchManifest()
    .then((manifest) => {
      const { remotes, preview } = applyPreview(manifest, readPreviewOverride(window.location.search), window.location.origin);
      registerRemotes(remotes.map(({ name, entry }) => ({ name, entry })));
      return { entries: new Map(remotes.map((r) => [r.name, r.entry])), preview };
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
    return (await register()).entries.get(name) ?? REMOTES_MANIFEST_PATH;
  } catch {
    return REMOTES_MANIFEST_PATH;
  }
}

export function previewState(): Promise<PreviewState> {
  return register().then((r) => r.preview);
}

/** The component a remote exposes as `./App`; `retry` forces a fresh load after a failure. */
export async function loadRemoteApp(name: string, { retry = false } = {}): Promise<ComponentType> {
  const { entries } = await register();
  const entry = entries.get(name);
  if (!entry) throw new Error(`No remote named ${name} in the manifest`);
  if (retry) registerRemotes([{ name, entry }], { force: true });
  const module = await loadRemote<{ default: ComponentType }>(`${name}/App`);
  if (!module?.default) throw new Error(`${name} did not expose an App component`);
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
