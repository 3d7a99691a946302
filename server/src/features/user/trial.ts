/**
 * The free trial: TRIAL_DAYS without fees from the moment the driver starts it, once per driver
 * and once per platform account, ever (docs/SECURITY.md "Free credit"): a new BlockPilot account
 * on the same platform account gets no second trial. So the trial needs a connected account. It
 * is not offered while a membership runs (blocks are already free of fees then): the trial stays
 * the driver's for after it ends, instead of being spent on days that cost nothing anyway.
 */
import { TRIAL_DAYS } from '@blockpilot/shared/constants';
import type { ExpressionBuilder } from 'kysely';
import type { AppContext } from '../../context.js';
import type { DatabaseSchema } from '../../db/schema.js';
import { conflict } from '../../domain/errors.js';
import { notConnected } from '../platform/errors.js';

export const TRIAL_USED = 'api.error.trialUsed';
export const PLATFORM_TRIAL_USED = 'api.error.platformTrialUsed';
export const TRIAL_DURING_MEMBERSHIP = 'api.error.trialDuringMembership';

const membershipRunning = (user: { membership_ends_at: Date | null }, now: Date) => user.membership_ends_at !== null && user.membership_ends_at > now;

export async function startTrial(ctx: AppContext, userId: string): Promise<Date> {
  const now = ctx.clock.now();
  const endsAt = new Date(now.getTime() + TRIAL_DAYS * 86_400_000);
  return ctx.db.transaction().execute(async (trx) => {
    const account = await trx.selectFrom('platform_accounts').select('platform_user_id').where('user_id', '=', userId).executeTakeFirst();
    // The row lock makes the rules hold for two clicks racing, or a membership paid at the same moment.
    const user = await trx.selectFrom('users').select(['trial_ends_at', 'membership_ends_at', 'flex_connected']).where('id', '=', userId).forUpdate().executeTakeFirstOrThrow();
    if (user.trial_ends_at) throw conflict(TRIAL_USED);
    if (membershipRunning(user, now)) throw conflict(TRIAL_DURING_MEMBERSHIP);
    if (!account || !user.flex_connected) throw notConnected();
    // The primary key makes "once per platform account" hold even for two accounts racing.
    const granted = await trx
      .insertInto('platform_trials')
      .values({ platform_user_id: account.platform_user_id, user_id: userId, started_at: now })
      .onConflict((oc) => oc.column('platform_user_id').doNothing())
      .returning('platform_user_id')
      .executeTakeFirst();
    if (!granted) throw conflict(PLATFORM_TRIAL_USED);
    await trx.updateTable('users').set({ trial_ends_at: endsAt }).where('id', '=', userId).execute();
    return endsAt;
  });
}

/** Whether the trial can be started now: never started by the driver or on their platform account ({@link platformTrialUsed}), and no membership running. */
export function trialEligible(user: { trial_ends_at: Date | null; membership_ends_at: Date | null }, platformTrialUsed: boolean, now: Date): boolean {
  return !user.trial_ends_at && !membershipRunning(user, now) && !platformTrialUsed;
}

/** Whether the platform account connected to the user (the `users` row of the outer query) has had a trial, as a subquery. */
export function platformTrialUsed(eb: ExpressionBuilder<DatabaseSchema, 'users'>) {
  return eb
    .exists(
      eb
        .selectFrom('platform_accounts')
        .innerJoin('platform_trials', 'platform_trials.platform_user_id', 'platform_accounts.platform_user_id')
        .select('platform_trials.platform_user_id')
        .whereRef('platform_accounts.user_id', '=', 'users.id'),
    )
    .$castTo<boolean>();
}
