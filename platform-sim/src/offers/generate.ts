/**
 * What a realistic offer looks like: start 15 min to 4 days ahead (on a quarter hour), 1.5 to 6
 * hours in halves, about 18-35 per hour with an occasional surge, times in epoch seconds. Used
 * both for generated offers (all fields from the area's seeded stream) and injected ones
 * (caller's fields over generated defaults), so there is one definition of an offer.
 */
import { regionProfile } from '../regions.js';
import { randomBytes, type Random } from '../random.js';
import type { ServiceArea } from '../serviceAreas.js';
import type { Offer } from '../types.js';
import type { LiveOffer } from './liveOffer.js';

const MINUTE_MS = 60_000;
const QUARTER_HOUR_MS = 15 * MINUTE_MS;
const MIN_LEAD_MS = 15 * MINUTE_MS;
const MAX_LEAD_MS = 4 * 24 * 60 * MINUTE_MS;
/** 1.5, 2, ... 6 hours. */
export const BLOCK_HOURS: readonly number[] = Array.from({ length: 10 }, (_, i) => 1.5 + i / 2);
const SURGE_MULTIPLIERS = [1.1, 1.15, 1.2, 1.25, 1.3, 1.4, 1.5];

/** Every field that defines an offer; times in epoch ms. */
export interface OfferSpec {
  offerId: string;
  serviceAreaId: string;
  arrivesAt: number;
  startMs: number;
  endMs: number;
  expiresAt: number;
  rivalTakesAt: number | null;
  /** Injected offers only: a rival timed from the first listing (see LiveOffer); null = none. */
  rivalAfterListedMs: number | null;
  priceAmount: number;
  currency: string;
  isSurge: boolean;
  surgeMultiplier: number | null;
  projectedTips: number;
  offerType: Offer['offerType'];
  hidden: boolean;
}

/** How long offers live and how fast rivals are (from the options). */
export interface OfferTiming {
  lifetimeMs: number;
  rivalMeanDelayMs: number | null;
}

function roundTo(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}

/**
 * Draws every field but the id. The number of draws never depends on options, so changing e.g.
 * the rival delay does not change starts or prices of the same seed.
 */
export function randomOfferSpec(rng: Random, area: ServiceArea, arrivesAt: number, timing: OfferTiming): Omit<OfferSpec, 'offerId'> {
  const profile = regionProfile(area.region);
  // Squaring skews leads toward the near term, as on the real board.
  const lead = MIN_LEAD_MS + (MAX_LEAD_MS - MIN_LEAD_MS) * rng.next() ** 2;
  let startMs = Math.ceil((arrivesAt + lead) / QUARTER_HOUR_MS) * QUARTER_HOUR_MS;
  // "Times are epoch seconds (sometimes with a fraction)": a few starts carry milliseconds.
  if (rng.chance(0.05)) startMs += rng.int(1, 999);
  const hours = rng.pick(BLOCK_HOURS);
  const hourly = rng.float(18, 35) * profile.priceScale;
  const isSurge = rng.chance(0.1);
  const multiplier = rng.pick(SURGE_MULTIPLIERS);
  let expiresAt = arrivesAt + timing.lifetimeMs;
  if (rng.chance(0.5)) expiresAt = Math.floor(expiresAt / 1000) * 1000;
  const rivalDelay = rng.exponential(1);
  const exclusive = rng.chance(0.05);
  const hidden = rng.chance(0.02);
  return {
    serviceAreaId: area.serviceAreaId,
    arrivesAt,
    startMs,
    endMs: startMs + hours * 3_600_000,
    expiresAt,
    rivalTakesAt: timing.rivalMeanDelayMs === null ? null : arrivesAt + rivalDelay * timing.rivalMeanDelayMs,
    rivalAfterListedMs: null,
    priceAmount: roundTo(hourly * hours * (isSurge ? multiplier : 1), profile.priceDecimals),
    currency: area.currency,
    isSurge,
    surgeMultiplier: isSurge ? multiplier : null,
    projectedTips: 0,
    offerType: exclusive ? 'EXCLUSIVE' : 'NON_EXCLUSIVE',
    hidden,
  };
}

/**
 * An opaque id that is unique by construction within a world: source (generated/injected), area,
 * a serial (time bucket or injection counter), index in it, then random padding so ids look like
 * the platform's long opaque strings.
 */
export function makeOfferId(source: 'generated' | 'injected', areaIndex: number, serial: number, index: number, rng: Random): string {
  const head = Buffer.alloc(11);
  head.writeUInt8(source === 'generated' ? 0 : 1, 0);
  head.writeUInt16BE(areaIndex, 1);
  head.writeUInt32BE(serial >>> 0, 3);
  head.writeUInt32BE(index >>> 0, 7);
  return Buffer.concat([head, randomBytes(rng, 16)]).toString('base64url');
}

export function buildLiveOffer(spec: OfferSpec): LiveOffer {
  const wire: Offer = {
    offerId: spec.offerId,
    startTime: spec.startMs / 1000,
    endTime: spec.endMs / 1000,
    expirationDate: spec.expiresAt / 1000,
    serviceAreaId: spec.serviceAreaId,
    offerType: spec.offerType,
    hidden: spec.hidden,
    status: 'OFFERED',
    schedulingType: 'BLOCK',
    rateInfo: {
      priceAmount: spec.priceAmount,
      currency: spec.currency,
      isSurge: spec.isSurge,
      surgeMultiplier: spec.surgeMultiplier,
      projectedTips: spec.projectedTips,
    },
  };
  return {
    wire: Object.freeze(wire),
    serviceAreaId: spec.serviceAreaId,
    arrivesAt: spec.arrivesAt,
    expiresAt: spec.expiresAt,
    rivalTakesAt: spec.rivalTakesAt,
    rivalAfterListedMs: spec.rivalAfterListedMs,
    rivalTakesAtMs: null,
    acceptedBy: null,
    firstListing: null,
  };
}
