/**
 * Injected offers (control API): the caller's fields over a generated offer, validated here so the
 * HTTP and in-process control paths accept exactly the same input.
 */
import type { InjectOfferInput } from '../types.js';
import { InputError, asObject, optionalBoolean, optionalNullableNumber, optionalNumber, optionalOneOf, optionalString } from '../validate.js';
import type { OfferSpec } from './generate.js';

/** Validates an inject body (unknown JSON) into an InjectOfferInput. */
export function parseInjectOfferInput(input: unknown): InjectOfferInput {
  const o = asObject(input, 'offer');
  const currency = optionalString(o, 'currency');
  if (currency !== undefined && !/^[A-Z]{3}$/.test(currency)) throw new InputError('currency must be an ISO 4217 code');
  const parsed: InjectOfferInput = {
    serviceAreaId: optionalString(o, 'serviceAreaId'),
    offerId: optionalString(o, 'offerId'),
    startTime: optionalNumber(o, 'startTime', { min: 0 }),
    durationHours: optionalNumber(o, 'durationHours', { min: 0.25, max: 24 }),
    endTime: optionalNumber(o, 'endTime', { min: 0 }),
    priceAmount: optionalNumber(o, 'priceAmount', { min: 0 }),
    currency,
    isSurge: optionalBoolean(o, 'isSurge'),
    surgeMultiplier: optionalNullableNumber(o, 'surgeMultiplier', { min: 1 }),
    projectedTips: optionalNumber(o, 'projectedTips', { min: 0 }),
    offerType: optionalOneOf(o, 'offerType', ['NON_EXCLUSIVE', 'EXCLUSIVE'] as const),
    hidden: optionalBoolean(o, 'hidden'),
    expirationDate: optionalNumber(o, 'expirationDate', { min: 0 }),
    rivalDelayMs: optionalNullableNumber(o, 'rivalDelayMs', { min: 0 }),
    rivalAfterListedMs: optionalNumber(o, 'rivalAfterListedMs', { min: 0 }),
  };
  // One rival per offer: timed from the injection or from the first listing, not both.
  if (o.rivalDelayMs !== undefined && o.rivalAfterListedMs !== undefined) {
    throw new InputError('give rivalDelayMs or rivalAfterListedMs, not both');
  }
  if (parsed.startTime !== undefined && parsed.endTime !== undefined && parsed.endTime <= parsed.startTime) {
    throw new InputError('endTime must be after startTime');
  }
  return parsed;
}

/**
 * Lays the caller's fields over a generated spec. An injected offer has no rival unless asked
 * (tests inject an offer to accept it): `rivalDelayMs` times one from now (the simulator's clock),
 * `rivalAfterListedMs` from its first listing (the precise clock; see listings.ts). It is not
 * surged unless asked.
 */
export function applyInjectedFields(base: OfferSpec, input: InjectOfferInput, now: number): OfferSpec {
  const startMs = input.startTime !== undefined ? input.startTime * 1000 : base.startMs;
  const durationMs = input.durationHours !== undefined ? input.durationHours * 3_600_000 : base.endMs - base.startMs;
  const endMs = input.endTime !== undefined ? input.endTime * 1000 : startMs + durationMs;
  if (endMs <= startMs) throw new InputError('endTime must be after startTime');
  const isSurge = input.isSurge ?? false;
  return {
    ...base,
    offerId: input.offerId ?? base.offerId,
    arrivesAt: now,
    startMs,
    endMs,
    expiresAt: input.expirationDate !== undefined ? input.expirationDate * 1000 : base.expiresAt,
    rivalTakesAt: input.rivalDelayMs === undefined || input.rivalDelayMs === null ? null : now + input.rivalDelayMs,
    rivalAfterListedMs: input.rivalAfterListedMs ?? null,
    priceAmount: input.priceAmount ?? base.priceAmount,
    currency: input.currency ?? base.currency,
    isSurge,
    surgeMultiplier: input.surgeMultiplier !== undefined ? input.surgeMultiplier : isSurge ? (base.surgeMultiplier ?? 1.2) : null,
    projectedTips: input.projectedTips ?? 0,
    offerType: input.offerType ?? 'NON_EXCLUSIVE',
    hidden: input.hidden ?? false,
  };
}
