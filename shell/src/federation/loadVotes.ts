/**
 * The shell's votes on the releases it runs (docs/RELEASES.md "Canary"): health is what the driver
 * sees. A release counts as healthy once its first screen committed, and as failed when its code
 * failed to load or threw while rendering or mounting. A vote goes out only for a release whose
 * remote list came with an assignment for this user (signed-in, not a preview), once per outcome
 * and page. A failure is named by the error's name and the SHA-256 of its stack with the message
 * taken out: a message may carry a driver's data, so it never leaves the browser.
 */
import { getAccessToken } from '@blockpilot/shared/boot';
import { LOAD_ERROR_NAME } from '@blockpilot/shared/constants';
import type { LoadOutcome, RemoteManifestEntry, RemotesManifest } from '@blockpilot/shared/types';

/** What a failure is sent as. */
export interface FailureDescription {
  errorName: string;
  stackHash?: string;
}

/** The release each registered remote runs and its assignment, for remotes that may vote. */
const assigned = new Map<string, { id: string; assignment: string }>();
/** Votes this page sent (`<release id>:<failed>`): one success and one failure per release at most. */
const sent = new Set<string>();

/**
 * Keeps the assignment of each release in the list whose remote loads from the entry the list
 * gives (an allow-listed `?remotePreview=` override loads something else: that load never votes).
 */
export function rememberAssignments(remotes: readonly RemoteManifestEntry[], registered: ReadonlyMap<string, string>, origin = window.location.origin): void {
  for (const { name, entry, release } of remotes) {
    if (release?.assignment && registered.get(name) === new URL(entry, origin).href) assigned.set(name, { id: release.id, assignment: release.assignment });
  }
}

/** Takes the fresh assignments of a list read again, for remotes that still run the same release (assignments expire). */
export function refreshAssignments(latest: RemotesManifest): void {
  for (const { name, release } of latest.remotes) {
    const held = assigned.get(name);
    if (held && release?.assignment && release.id === held.id) assigned.set(name, { id: held.id, assignment: release.assignment });
  }
}

/** SHA-256 in hex, or null where the browser has no Web Crypto (a page served over plain HTTP). */
async function sha256Hex(text: string): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The error's name (a class name, else `Error`) and the hash of its stack without the message. */
export async function describeFailure(error: unknown, hash: (text: string) => Promise<string | null> = sha256Hex): Promise<FailureDescription> {
  const { name, message, stack } = (typeof error === 'object' && error !== null ? error : {}) as { name?: unknown; message?: unknown; stack?: unknown };
  const errorName = typeof name === 'string' && LOAD_ERROR_NAME.test(name) ? name : 'Error';
  if (typeof stack !== 'string' || !stack) return { errorName };
  // The same failure in every browser gives the same frames; the message (the part with data) goes.
  const frames = typeof message === 'string' && message ? stack.split(message).join('') : stack;
  const stackHash = await hash(frames);
  return stackHash ? { errorName, stackHash } : { errorName };
}

async function send(release: { id: string; assignment: string }, outcome: LoadOutcome): Promise<void> {
  const failure = outcome.failed ? { stage: outcome.stage, ...(await describeFailure(outcome.error)) } : {};
  const token = getAccessToken();
  await fetch('/api/releases/loadReports', {
    method: 'POST',
    keepalive: true,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ releaseId: release.id, assignment: release.assignment, failed: outcome.failed, ...failure }),
  });
}

/** Votes on the release `name` runs, when this page may and has not already for this outcome. Never throws. */
export function reportOutcome(name: string, outcome: LoadOutcome): void {
  const release = assigned.get(name);
  if (!release) return;
  const key = `${release.id}:${outcome.failed}`;
  if (sent.has(key)) return;
  sent.add(key);
  void send(release, outcome).catch(() => undefined);
}
