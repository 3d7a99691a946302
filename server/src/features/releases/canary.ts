/**
 * Who sees a canary (docs/RELEASES.md "Canary"): a named user always; otherwise a signed-in user
 * whose bucket, a hash of the canary release and the user, falls under the percentage. The same
 * user lands in the same bucket on every load (sticky) and the buckets of two canaries are
 * independent, so one group of users does not take every risk.
 */
import { createHash } from 'node:crypto';

export interface CanaryPlan {
  releaseId: string;
  percent: number;
  /** User ids or e-mail addresses that always get the canary. */
  users: readonly string[];
}

/** The signed-in user a remote list is for: their id and e-mail. */
export interface CanaryAudience {
  id: string;
  email: string;
}

/** 0..99, stable for one canary release and one user. */
export function canaryBucket(releaseId: string, userId: string): number {
  const digest = createHash('sha256').update(`${releaseId}:${userId}`).digest();
  return digest.readUInt32BE(0) % 100;
}

export function seesCanary(plan: CanaryPlan, user: CanaryAudience | null): boolean {
  if (!user) return false;
  if (plan.users.includes(user.id) || plan.users.includes(user.email)) return true;
  return canaryBucket(plan.releaseId, user.id) < plan.percent;
}

/** When a canary is rolled back on its own: enough distinct users, and too large a share of them failing. */
export interface CanaryPolicy {
  /** RELEASE_CANARY_MIN_REPORTS: distinct signed-in users who voted, not browsers or addresses. */
  minReports: number;
  /** RELEASE_CANARY_MAX_FAILURE_PERCENT as a fraction: more than this share failing rolls it back. */
  maxFailureRate: number;
}

/** What the guard counts for one release: one vote per user who was assigned it (docs/RELEASES.md "Canary"). */
export interface CanaryCounts {
  /** Users whose browsers rendered it and never saw it fail. */
  healthy: number;
  /** Users whose browsers failed to load it, or saw it throw while rendering or mounting. */
  failed: number;
  /** Distinct users who voted (healthy + failed): the number the guard waits for. */
  users: number;
}

/**
 * The guard's decision on a canary's counts: `waiting` until enough distinct users voted,
 * `failing` (roll it back) when more than the allowed share of them failed, `healthy` otherwise.
 * Also what a stepped canary asks before it widens.
 */
export type CanaryVerdict = 'waiting' | 'healthy' | 'failing';

export function canaryVerdict({ failed, users }: CanaryCounts, policy: CanaryPolicy): CanaryVerdict {
  if (users < policy.minReports) return 'waiting';
  return failed / users > policy.maxFailureRate ? 'failing' : 'healthy';
}
