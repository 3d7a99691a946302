/**
 * The free trial: TRIAL_DAYS without fees, once per driver, from the moment they start it. It is
 * not offered while a membership runs (blocks are already free of fees then): the trial stays the
 * driver's for after it ends, instead of being spent on days that cost nothing anyway.
 */
import { TRIAL_DAYS } from '@blockpilot/shared/constants';
import type { AppContext } from '../../context.js';
import { conflict } from '../../http/errors.js';

export const TRIAL_USED = 'You have already used your free trial.';
export const TRIAL_DURING_MEMBERSHIP = 'Your membership already waives every fee. Your free trial stays yours for after it ends.';

/** Whether the trial can be started now: never started, and no membership running. */
export function trialEligible(user: { trial_ends_at: Date | null; membership_ends_at: Date | null }, now: Date): boolean {
  return user.trial_ends_at === null && !(user.membership_ends_at && user.membership_ends_at > now);
}

export async function startTrial(ctx: AppContext, userId: string): Promise<Date> {
  const now = ctx.clock.now();
  // The conditions make the rule hold even for two clicks racing each other, or a membership
  // paid at the same moment.
  const started = await ctx.db
    .updateTable('users')
    .set({ trial_ends_at: new Date(now.getTime() + TRIAL_DAYS * 86_400_000) })
    .where('id', '=', userId)
    .where('trial_ends_at', 'is', null)
    .where((eb) => eb.or([eb('membership_ends_at', 'is', null), eb('membership_ends_at', '<=', now)]))
    .returning('trial_ends_at')
    .executeTakeFirst();
  if (started?.trial_ends_at) return started.trial_ends_at;
  const user = await ctx.db.selectFrom('users').select('trial_ends_at').where('id', '=', userId).executeTakeFirstOrThrow();
  throw conflict(user.trial_ends_at === null ? TRIAL_DURING_MEMBERSHIP : TRIAL_USED);
}
