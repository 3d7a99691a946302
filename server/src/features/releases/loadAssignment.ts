/**
 * A load assignment (docs/RELEASES.md "How the shell finds its remotes"): what `/remotes.json`
 * gives a signed-in user with each release it serves them, and what a load report must bring back
 * to count as a vote on that release's health (docs/RELEASES.md "Canary"). It is
 * `<expiry in seconds>.<HMAC-SHA256>` under the server's link-signing key of the user, the release,
 * the channel the deployment serves and the expiry, so it can be neither forged, moved to another
 * user, release or channel, nor kept past its expiry. Nothing is stored. Visitors, preview links
 * (of a release or of a channel such as staging) and REMOTE_*_URL entries get none.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long an assignment lasts at least: an open tab re-reads the list every minute and takes fresh ones. */
export const LOAD_ASSIGNMENT_TTL_MS = 30 * 60_000;
/**
 * Expiries are rounded up to this step, so one user's list (and its ETag) stays the same between
 * two steps instead of changing at every read.
 */
const EXPIRY_STEP_MS = 5 * 60_000;

/** Who was given which release, where: the user, the release and the channel that served it. */
export interface LoadAssignee {
  userId: string;
  releaseId: string;
  channel: string;
}

function signature(key: Buffer, { userId, releaseId, channel }: LoadAssignee, expiresAtSeconds: number): Buffer {
  // The label keeps these apart from every other HMAC made with the same key (e-mail links).
  return createHmac('sha256', key).update(`release-load-assignment\n${userId}\n${releaseId}\n${channel}\n${expiresAtSeconds}`).digest();
}

/** The assignment of a release to a user on a channel, valid from `now` for {@link LOAD_ASSIGNMENT_TTL_MS} or a little more. */
export function loadAssignment(key: Buffer, assignee: LoadAssignee, now: Date): string {
  const expiresAt = Math.ceil((now.getTime() + LOAD_ASSIGNMENT_TTL_MS) / EXPIRY_STEP_MS) * EXPIRY_STEP_MS;
  const expiresAtSeconds = expiresAt / 1000;
  return `${expiresAtSeconds}.${signature(key, assignee, expiresAtSeconds).toString('base64url')}`;
}

/** True when `assignment` was made with this key for this user, release and channel, and has not expired. */
export function assignmentHolds(key: Buffer, assignment: string, assignee: LoadAssignee, now: Date): boolean {
  const [expiry, signed, ...rest] = assignment.split('.');
  if (!expiry || !/^\d{1,12}$/.test(expiry) || !signed || rest.length > 0) return false;
  const expiresAtSeconds = Number(expiry);
  if (expiresAtSeconds * 1000 <= now.getTime()) return false;
  const expected = signature(key, assignee, expiresAtSeconds);
  const presented = Buffer.from(signed, 'base64url');
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}
