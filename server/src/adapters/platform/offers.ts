/**
 * Reading the work API's answers into the adapter's types, once, when they arrive: offers
 * (`GetOffersForProviderPost`), booked blocks and service areas. Malformed entries are dropped and
 * counted rather than failing the whole answer, so one odd offer never hides the others.
 */
import type { ScheduledBlock } from '@blockpilot/shared/types';
import type { NormalisedOffer, OffersPage, PlatformServiceArea } from './types.js';

/** The cadence to assume when an answer gives none (the platform's usual value). */
export const DEFAULT_REFRESH_INTERVAL_MS = 1000;

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Cents of a decimal currency amount: round(amount x 100), as docs/PLATFORM.md defines it. */
export function toCents(amount: number): number {
  return Math.round(amount * 100);
}

/** Epoch ms of epoch seconds that may carry a fraction. */
export function secondsToMs(seconds: number): number {
  return Math.round(seconds * 1000);
}

/** One wire offer, or null when a field the product relies on is missing or inconsistent. */
export function normaliseOffer(raw: unknown): NormalisedOffer | null {
  if (!isObject(raw)) return null;
  const { offerId, serviceAreaId, startTime, endTime, rateInfo } = raw;
  if (typeof offerId !== 'string' || offerId === '' || typeof serviceAreaId !== 'string') return null;
  if (!isFiniteNumber(startTime) || !isFiniteNumber(endTime) || endTime < startTime) return null;
  if (!isObject(rateInfo) || !isFiniteNumber(rateInfo.priceAmount)) return null;
  const { expirationDate } = raw;
  return {
    offerId,
    serviceAreaId,
    startTime,
    endTime,
    startMs: secondsToMs(startTime),
    endMs: secondsToMs(endTime),
    priceAmount: rateInfo.priceAmount,
    priceCents: toCents(rateInfo.priceAmount),
    currency: typeof rateInfo.currency === 'string' ? rateInfo.currency : '',
    isSurge: rateInfo.isSurge === true,
    surgeMultiplier: isFiniteNumber(rateInfo.surgeMultiplier) ? rateInfo.surgeMultiplier : null,
    expirationDate: isFiniteNumber(expirationDate) ? expirationDate : 0,
    offerType: raw.offerType === 'EXCLUSIVE' ? 'EXCLUSIVE' : 'NON_EXCLUSIVE',
    hidden: raw.hidden === true,
  };
}

/** A `GetOffersForProviderPost` body (parsed JSON), or null when it is not that shape at all. */
export function normaliseOffersPage(body: unknown): OffersPage | null {
  if (!isObject(body) || !Array.isArray(body.offerList)) return null;
  const list: unknown[] = body.offerList;
  const offers: NormalisedOffer[] = [];
  for (const raw of list) {
    const offer = normaliseOffer(raw);
    if (offer) offers.push(offer);
  }
  const { refreshInterval, refreshTimeout } = body;
  return {
    offers,
    malformedOffers: list.length - offers.length,
    refreshIntervalMs: isFiniteNumber(refreshInterval) && refreshInterval > 0 ? refreshInterval : DEFAULT_REFRESH_INTERVAL_MS,
    refreshTimeoutMs: isFiniteNumber(refreshTimeout) ? refreshTimeout : null,
  };
}

/** A `scheduledAssignments` body as the shared {@link ScheduledBlock} (price in currency units). */
export function normaliseSchedule(body: unknown): ScheduledBlock[] | null {
  if (!isObject(body) || !Array.isArray(body.scheduledAssignments)) return null;
  const blocks: ScheduledBlock[] = [];
  for (const raw of body.scheduledAssignments as unknown[]) {
    if (!isObject(raw) || !isFiniteNumber(raw.startTime) || !isFiniteNumber(raw.endTime)) continue;
    const amount = isObject(raw.bookedPrice) ? raw.bookedPrice.amount : undefined;
    blocks.push({
      startTime: raw.startTime,
      endTime: raw.endTime,
      serviceAreaId: typeof raw.serviceAreaId === 'string' ? raw.serviceAreaId : '',
      price: isFiniteNumber(amount) ? amount : 0,
    });
  }
  return blocks;
}

/** An `eligibleServiceAreas` body: the area ids. */
export function normaliseEligibleAreas(body: unknown): string[] | null {
  if (!isObject(body) || !Array.isArray(body.serviceAreaIds)) return null;
  return (body.serviceAreaIds as unknown[]).filter((id): id is string => typeof id === 'string');
}

/**
 * An area's station position when the platform gives one (`latitude`, `longitude` in degrees; the
 * simulator always does): the travel check needs both (docs/ENGINE.md "Schedule").
 */
function locationOf(raw: Record<string, unknown>): { latitude: number; longitude: number } | null {
  const { latitude, longitude } = raw;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  if (!(Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180)) return null;
  return { latitude, longitude };
}

/** A `getOfferFiltersOptions` body: the areas with their names (and positions, when given). */
export function normaliseServiceAreaPool(body: unknown): PlatformServiceArea[] | null {
  if (!isObject(body) || !Array.isArray(body.serviceAreaPoolList)) return null;
  const areas: PlatformServiceArea[] = [];
  for (const raw of body.serviceAreaPoolList as unknown[]) {
    if (isObject(raw) && typeof raw.serviceAreaId === 'string') {
      const area: PlatformServiceArea = { id: raw.serviceAreaId, name: typeof raw.serviceAreaName === 'string' ? raw.serviceAreaName : raw.serviceAreaId };
      const location = locationOf(raw);
      if (location) area.location = location;
      areas.push(area);
    }
  }
  return areas;
}
