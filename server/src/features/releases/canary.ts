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

/** When a canary is rolled back on its own: enough reports and too large a share of failures. */
export interface CanaryPolicy {
  minReports: number;
  maxFailureRate: number;
}

export function canaryFailing({ loads, failures }: { loads: number; failures: number }, policy: CanaryPolicy): boolean {
  const reports = loads + failures;
  return reports >= policy.minReports && failures / reports > policy.maxFailureRate;
}
