/** The free trial: TRIAL_DAYS without fees, once per driver, from the moment they start it. */
import { TRIAL_DAYS } from '@blockpilot/shared/constants';
import type { AppContext } from '../../context.js';
import { conflict } from '../../http/errors.js';

export async function startTrial(ctx: AppContext, userId: string): Promise<Date> {
  const now = ctx.clock.now();
  // The condition makes "once" hold even for two clicks racing each other.
  const started = await ctx.db
    .updateTable('users')
    .set({ trial_ends_at: new Date(now.getTime() + TRIAL_DAYS * 86_400_000) })
    .where('id', '=', userId)
    .where('trial_ends_at', 'is', null)
    .returning('trial_ends_at')
    .executeTakeFirst();
  if (!started?.trial_ends_at) throw conflict('You have already used your free trial.');
  return started.trial_ends_at;
}
