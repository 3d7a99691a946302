/**
 * Why a remote could not load, in the driver's terms. The federation runtime only throws its own
 * codes ("RUNTIME-003 ... manifestUrl"), which say nothing to a driver, so after a failed load the
 * shell asks the servers itself: if the remote's manifest answers with an error status, or our API
 * answers while the remote's host does not, the fault is ours and the driver's connection is fine
 * (docs/FRONTEND.md, "A remote that cannot load").
 */
import { HEALTH_PATH } from '@blockpilot/shared';

export type RemoteFailure =
  /** The browser is offline, or neither the remote's host nor our API answered. */
  | { kind: 'offline' }
  /** A server of ours answered with an error status (the remote's manifest or the API). */
  | { kind: 'serverError'; status: number }
  /** The remote's host did not answer while our API did. */
  | { kind: 'remoteUnreachable' }
  /** Everything answered, yet the remote's code failed to start or crashed while rendering. */
  | { kind: 'broken' };

/** Fetches `url` bypassing caches; the status, or null when nothing answered. */
async function statusOf(url: string, fetchImpl: typeof fetch): Promise<number | null> {
  try {
    return (await fetchImpl(url, { cache: 'no-store' })).status;
  } catch {
    return null;
  }
}

/**
 * Classifies a failed load. `manifestUrl` is what the load needed first: the remote's manifest, or
 * the shell's list of remotes when that could not be read.
 */
export async function diagnoseLoadFailure(
  manifestUrl: string,
  { fetchImpl = fetch, online = () => navigator.onLine }: { fetchImpl?: typeof fetch; online?: () => boolean } = {},
): Promise<RemoteFailure> {
  if (!online()) return { kind: 'offline' };
  const remote = await statusOf(manifestUrl, fetchImpl);
  if (remote !== null && remote >= 400) return { kind: 'serverError', status: remote };
  const api = await statusOf(HEALTH_PATH, fetchImpl);
  if (api === null) return { kind: 'offline' };
  if (api >= 400) return { kind: 'serverError', status: api };
  return remote === null ? { kind: 'remoteUnreachable' } : { kind: 'broken' };
}
