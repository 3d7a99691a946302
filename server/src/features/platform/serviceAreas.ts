/**
 * The service areas a driver picks from (getOfferFiltersOptions), cached on the account for a
 * day: the list changes rarely, and the client asks once per session.
 */
import type { ServiceArea } from '@blockpilot/shared/types';
import type { PlatformServiceArea } from '../../adapters/platform/types.js';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../auth/tokens.js';
import { saveServiceAreas } from '../../domain/platformAccounts.js';
import { accountSession, failureAnswer } from './access.js';

/** How long the cached list is used. */
export const SERVICE_AREAS_TTL_MS = 86_400_000;

/**
 * The client's shape of an area: "Seattle (DWA6) - Amazon.com" reads "DWA6" abbreviated (the
 * station code, what drivers call it) and in full otherwise; a name without a code is both.
 */
export function toServiceArea({ id, name }: PlatformServiceArea): ServiceArea {
  const code = /\(([^()]+)\)/.exec(name)?.[1]?.trim();
  return { id, shortName: code || name, fullName: name };
}

/** The driver's service areas: the cached list while fresh, else the platform's (then cached). */
export async function serviceAreasOf(ctx: AppContext, user: UserRow): Promise<ServiceArea[]> {
  const { account, session } = await accountSession(ctx, user);
  const now = ctx.clock.now();
  const fresh = account.serviceAreasFetchedAt && now.getTime() - account.serviceAreasFetchedAt.getTime() < SERVICE_AREAS_TTL_MS;
  if (account.serviceAreas && fresh) return account.serviceAreas.map(toServiceArea);
  const fetched = await session.getOfferFiltersOptions();
  if (!fetched.ok) {
    // An old list is better than none while the platform is away.
    if (account.serviceAreas && fetched.kind !== 'unauthorized' && fetched.kind !== 'deviceDeregistered') return account.serviceAreas.map(toServiceArea);
    throw await failureAnswer(ctx, user.id, fetched);
  }
  await saveServiceAreas(ctx.db, user.id, fetched.value, now);
  return fetched.value.map(toServiceArea);
}
