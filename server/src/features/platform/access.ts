/**
 * How the platform routes reach a driver's account: the stored account (or 409 "connect first"),
 * a session on it, and one answer per platform failure (a refused account disconnects the driver;
 * anything else is "try again", nothing changed).
 */
import type { PlatformSession } from '../../adapters/platform/session.js';
import type { PlatformFailure } from '../../adapters/platform/types.js';
import type { AppContext } from '../../context.js';
import { DomainError, refusal, tooManyRequests } from '../../domain/errors.js';
import type { UserRow } from '../auth/tokens.js';
import { loadPlatformAccount, markDisconnected, type PlatformAccount } from '../../domain/platformAccounts.js';
import { notConnected, platformUnavailable } from './errors.js';
import { openPlatformSession } from '../../domain/platformSession.js';

/** The driver's connected account and a session on it; throws the 409 to answer when there is none. */
export async function accountSession(ctx: AppContext, user: UserRow): Promise<{ account: PlatformAccount; session: PlatformSession }> {
  if (!user.flex_connected) throw notConnected();
  const account = await loadPlatformAccount(ctx.db, ctx.tokenCipher, user.id);
  if (!account) {
    await markDisconnected(ctx.db, user.id);
    throw notConnected();
  }
  return { account, session: openPlatformSession(ctx, account) };
}

/** The answer for a failed platform call made for a route. */
export async function failureAnswer(ctx: AppContext, userId: string, failure: PlatformFailure): Promise<DomainError> {
  if (failure.kind === 'unauthorized' || failure.kind === 'deviceDeregistered') {
    await markDisconnected(ctx.db, userId);
    await ctx.search.stop(userId);
    return refusal('BP_ERR_PLATFORM_RECONNECT');
  }
  ctx.log.warn({ userId, failure }, 'platform call failed');
  return platformUnavailable();
}

/**
 * The shares of the platform's request limit left to the driver's own actions (the engine keeps
 * to 80%): forfeits, the driver's deliberate acts, get 10%; schedule views, which open devices make
 * by themselves, 5% of their own, so they can never use up what a forfeit needs. 5% stays free.
 */
export const DRIVER_ACTION_SHARES = { forfeit: 0.1, view: 0.05 } as const;

/** What a driver's share pays for (at least one call per window each). */
export type DriverAction = keyof typeof DRIVER_ACTION_SHARES;

/**
 * Counts one platform call made for the driver through the API against the account's share for
 * such calls; false when that kind's part of this window is spent. Counted in the shared rate
 * limiter, so every API process sees the same count.
 */
export async function spendDriverAction(ctx: AppContext, account: PlatformAccount, kind: DriverAction): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const { max, windowMs } = ctx.config.platform.rateLimit;
  return ctx.rateLimiter.consume(`platform-${kind}:${account.platformUserId}`, { max: Math.max(1, Math.floor(max * DRIVER_ACTION_SHARES[kind])), windowMs });
}

/** Like {@link spendDriverAction}, but a spent share is the 429 to answer. */
export async function requireDriverAction(ctx: AppContext, account: PlatformAccount, kind: DriverAction): Promise<void> {
  const decision = await spendDriverAction(ctx, account, kind);
  if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);
}
