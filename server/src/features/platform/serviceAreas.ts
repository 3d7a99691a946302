/**
 * The service areas a driver picks from (getOfferFiltersOptions), cached on the account for a
 * day: the list changes rarely, and the client asks once per session.
 */
import type { ServiceArea } from '@blockpilot/shared/types';
import type { PlatformResult, PlatformServiceArea } from '../../adapters/platform/types.js';
import type { AppContext } from '../../context.js';
import type { UserRow } from '../auth/tokens.js';
import { saveServiceAreas } from '../../domain/platformAccounts.js';
import { accountSession, failureAnswer } from './access.js';
import { eligibleAreasOf, saveEligibleAreas } from '../../domain/eligibleAreas.js';

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

/**
 * The driver's service areas: the cached list while fresh, else the platform's (then cached), each
 * marked eligible or not (docs/LIVE.md "Eligible stations").
 */
export async function serviceAreasOf(ctx: AppContext, user: UserRow): Promise<ServiceArea[]> {
  const { account, session } = await accountSession(ctx, user);
  const now = ctx.clock.now();
  const fresh = account.serviceAreasFetchedAt && now.getTime() - account.serviceAreasFetchedAt.getTime() < SERVICE_AREAS_TTL_MS;
  let areas = account.serviceAreas;
  if (!areas || !fresh) {
    const fetched = await session.getOfferFiltersOptions();
    if (fetched.ok) {
      await saveServiceAreas(ctx.db, user.id, fetched.value, now);
      areas = fetched.value;
    } else if (!areas || fetched.kind === 'unauthorized' || fetched.kind === 'deviceDeregistered') {
      throw await failureAnswer(ctx, user.id, fetched);
    }
    // else: an old list is better than none while the platform is away.
  }
  const eligible = await eligibleAreasFor(ctx, user.id, () => session.eligibleServiceAreas());
  return areas.map((area) => ({ ...toServiceArea(area), ...(eligible ? { eligible: eligible.has(area.id) } : {}) }));
}

/** The eligible areas the engine stored, else read once from the platform (and stored); null when unknown. */
async function eligibleAreasFor(ctx: AppContext, userId: string, read: () => Promise<PlatformResult<string[]>>): Promise<Set<string> | null> {
  const stored = await eligibleAreasOf(ctx.db, userId);
  if (stored) return stored;
  const fetched = await read();
  if (!fetched.ok) return null;
  await saveEligibleAreas(ctx.db, userId, fetched.value, ctx.clock.now());
  return new Set(fetched.value);
}
