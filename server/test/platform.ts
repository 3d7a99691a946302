/**
 * Tests of the engine and the platform routes: a simulator of their own on a free port, drivers
 * signed up through the real service, accounts connected through the real connect flow (the
 * driver's sign-in done over HTTP as a browser would), filters set directly, and waiting.
 */
import { randomBytes } from 'node:crypto';
import { createSimulator, type Simulator, type SimulatorOptions } from '@blockpilot/platform-sim';
import type { Filter } from '@blockpilot/shared/types';
import { signInAsDriver } from './platformFixture.js';
export { waitFor } from './waitFor.js';
import type { AppContext } from '../src/context.js';
import { confirmEmailAddress } from '../src/features/auth/emailVerification.js';
import { register } from '../src/features/auth/service.js';
import { resolveToken, type UserRow } from '../src/features/auth/tokens.js';
import { loadPlatformAccount } from '../src/domain/platformAccounts.js';
import { connectAccount } from '../src/features/platform/connect.js';
import { openPlatformSession } from '../src/domain/platformSession.js';
import { DEFAULT_FILTER, insertFilter } from '../src/domain/filters.js';
import { DomainError } from '../src/domain/errors.js';

/** A simulator for one test: no generated offers, no rivals, no rate limit, unless asked. */
export async function startSimulator(options: SimulatorOptions = {}): Promise<{ sim: Simulator; url: string }> {
  const sim = createSimulator({ seed: 11, autoOffers: false, rivalMeanDelayMs: null, rateLimitMax: 0, ...options });
  return { sim, url: await sim.listen({ port: 0, host: '127.0.0.1' }) };
}

/** A driver signed up like any other (default filter), address verified (sign-up bonus); their row and token. */
export async function signUpDriver(ctx: AppContext, country: 'US' | 'CA' | 'UK' | 'AU' = 'US'): Promise<{ user: UserRow; token: string; email: string }> {
  const email = `driver-${randomBytes(5).toString('hex')}@example.com`;
  const password = 'correct horse battery';
  const token = await register(ctx, { country_code: country, emailAddress: email, phoneNumber: '+1 555 555 0100', password, confirmPassword: password });
  const registered = await resolveToken(ctx.db, token, 'access', ctx.clock.now());
  if (!registered) throw new Error('the new driver has no session');
  await confirmEmailAddress(ctx, registered.id);
  const user = await resolveToken(ctx.db, token, 'access', ctx.clock.now());
  if (!user) throw new Error('the new driver has no session');
  return { user, token, email };
}

/** The driver's user row as it is now. */
export async function userRow(ctx: AppContext, userId: string): Promise<UserRow> {
  const { password_hash: _, ...row } = await ctx.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  return row;
}

/** The connect call's challenge for the driver (the first call's expected failure). */
export async function challengeFor(ctx: AppContext, user: UserRow): Promise<{ challenge_url: string; code_verifier: string }> {
  try {
    await connectAccount(ctx, user, {});
  } catch (error) {
    const session = error instanceof DomainError ? error.payload?.challenge_session : undefined;
    if (session) return session as { challenge_url: string; code_verifier: string };
    throw error;
  }
  throw new Error('the first connect call succeeded');
}

/** Connects the driver's platform account through the whole flow; `platformEmail` picks the platform account. */
export async function connectDriver(ctx: AppContext, user: UserRow, platformEmail = user.email): Promise<void> {
  const { challenge_url, code_verifier } = await challengeFor(ctx, user);
  const landing = await signInAsDriver(challenge_url, platformEmail);
  await connectAccount(ctx, user, { challenge_response: landing, code_verifier });
}

/** The service areas the driver's platform account may work in. */
export async function eligibleAreas(ctx: AppContext, userId: string): Promise<string[]> {
  const account = await loadPlatformAccount(ctx.db, ctx.tokenCipher, userId);
  if (!account) throw new Error('not connected');
  const areas = await openPlatformSession(ctx, account).eligibleServiceAreas();
  if (!areas.ok) throw new Error(`eligibleServiceAreas failed: ${areas.kind}`);
  return areas.value;
}

/**
 * Connects the driver's platform account and gives them one filter taking any block (with these
 * overrides) in the first area the account may work: the area, and the platform's account id.
 */
export async function connectWithAnyBlockFilter(ctx: AppContext, user: UserRow, overrides: Partial<Filter> = {}): Promise<{ area: string; accountId: string }> {
  await connectDriver(ctx, user);
  const area = (await eligibleAreas(ctx, user.id))[0]!;
  await setFilters(ctx, user.id, [anyBlockFilter([area], overrides)]);
  const account = await loadPlatformAccount(ctx.db, ctx.tokenCipher, user.id);
  if (!account) throw new Error('not connected');
  return { area, accountId: account.platformUserId };
}

/** A filter taking any block of 60.00 or more in these areas, any day and time, at any notice. */
export function anyBlockFilter(serviceAreas: string[], overrides: Partial<Filter> = {}): Omit<Filter, 'id'> {
  return { ...DEFAULT_FILTER, serviceAreas, time: [0, 1440], pay: [20, 100], duration: [0, 10], timeToArrive: 0, ...overrides };
}

/** Replaces the driver's filters with these. */
export async function setFilters(ctx: AppContext, userId: string, filters: Array<Omit<Filter, 'id'>>): Promise<void> {
  await ctx.db.deleteFrom('filters').where('user_id', '=', userId).execute();
  for (const filter of filters) await insertFilter(ctx.db, userId, filter);
}

/** Epoch seconds of tomorrow (UTC) at this hour: a block start every test filter accepts at UTC. */
export function tomorrowAt(hourUtc: number): number {
  return (Math.floor(Date.now() / 86_400_000) + 1) * 86_400 + hourUtc * 3600;
}
