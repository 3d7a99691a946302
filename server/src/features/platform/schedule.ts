/**
 * getSchedule: the driver's booked blocks. Answered from the stored read while it is fresh (the
 * engine's reads while searching; another device's read otherwise), else from the platform within
 * the driver's share of the request limit, else from the stored read however old, so a schedule
 * view never pushes the account over the platform's limit (docs/ENGINE.md "Request budget").
 */
import type { ScheduledBlock } from '@blockpilot/shared/types';
import type { AppContext } from '../../context.js';
import { tooManyRequests } from '../../domain/errors.js';
import type { UserRow } from '../auth/tokens.js';
import { accountSession, failureAnswer, spendDriverAction } from './access.js';
import { IDLE_FRESH_MS, SEARCHING_FRESH_MS, cachedSchedule, saveSchedule } from '../../domain/scheduleCache.js';

export async function scheduleOf(ctx: AppContext, user: UserRow): Promise<ScheduledBlock[]> {
  const { account, session } = await accountSession(ctx, user);
  const cached = await cachedSchedule(ctx.db, user.id);
  const now = ctx.clock.now();
  const freshMs = user.searching ? SEARCHING_FRESH_MS : IDLE_FRESH_MS;
  if (cached && now.getTime() - cached.readAt.getTime() < freshMs) return cached.blocks;
  const spend = await spendDriverAction(ctx, account, 'view');
  if (!spend.allowed) {
    if (cached) return cached.blocks;
    throw tooManyRequests(spend.retryAfterSeconds);
  }
  const schedule = await session.scheduledAssignments();
  if (!schedule.ok) throw await failureAnswer(ctx, user.id, schedule);
  await saveSchedule(ctx.db, user.id, schedule.value, now);
  return schedule.value;
}
