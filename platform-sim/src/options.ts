/**
 * Defaults and validation of {@link SimulatorOptions}. The same function checks the options of
 * createSimulator, of the CLI and of a control-API reset, so all three accept the same things.
 */
import { REGION_CODES } from './regions.js';
import type { FaultConfig, RegionCode, ResetOptions, SimulatorClock, SimulatorOptions } from './types.js';
import { InputError, asObject, checkNumber, isObject } from './validate.js';
import { parseFaultConfig } from './faults.js';
import { normalizeEmail } from './email.js';
import { systemPreciseClock } from './preciseClock.js';
import { DEFAULT_REFRESH_INTERVAL_MS, REFRESH_INTERVAL_RANGE } from './workApi/pace.js';

/** Options with every default filled in. */
export interface ResolvedOptions {
  seed: number | string;
  regions: RegionCode[];
  currency: string | null;
  serviceAreaCount: number;
  offerRatePerAreaPerMinute: number;
  offerLifetimeMs: number;
  rivalMeanDelayMs: number | null;
  autoOffers: boolean;
  accessTokenLifetimeSeconds: number;
  authCodeTtlMs: number;
  rateLimitWindowMs: number;
  rateLimitMax: number;
  refreshIntervalMs: number;
  /** Normalized (lower-case) e-mail -> code. */
  otpAccounts: ReadonlyMap<string, string>;
  faults: FaultConfig;
  recordSize: number;
  clock: SimulatorClock;
  preciseClock: SimulatorClock;
  controlApi: boolean;
  logger: boolean;
}

export const systemClock: SimulatorClock = { now: () => Date.now() };

function numberOr(value: unknown, key: string, fallback: number, range: Parameters<typeof checkNumber>[2]): number {
  return value === undefined ? fallback : checkNumber(value, key, range);
}

function booleanOr(value: unknown, key: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw new InputError(`${key} must be a boolean`);
  return value;
}

function resolveRegions(value: unknown): RegionCode[] {
  if (value === undefined) return ['US'];
  if (!Array.isArray(value) || value.length === 0) throw new InputError('regions must be a non-empty array');
  const regions = value.map((r) => (typeof r === 'string' ? r.toUpperCase() : r));
  for (const r of regions) {
    if (!REGION_CODES.includes(r as RegionCode)) throw new InputError(`unknown region ${String(r)} (known: ${REGION_CODES.join(', ')})`);
  }
  return [...new Set(regions as RegionCode[])];
}

function resolveOtpAccounts(value: unknown): Map<string, string> {
  const map = new Map<string, string>();
  for (const [email, code] of Object.entries(asObject(value, 'otpAccounts'))) {
    if (typeof code !== 'string' || code === '') throw new InputError(`otpAccounts[${email}] must be a non-empty string`);
    map.set(normalizeEmail(email), code);
  }
  return map;
}

/** Fills defaults and validates; throws InputError on a bad value. */
export function resolveOptions(input: SimulatorOptions | ResetOptions): ResolvedOptions {
  const o = input as SimulatorOptions;
  if (o.seed !== undefined && typeof o.seed !== 'number' && typeof o.seed !== 'string') {
    throw new InputError('seed must be a number or a string');
  }
  if (o.currency !== undefined && (typeof o.currency !== 'string' || !/^[A-Z]{3}$/.test(o.currency))) {
    throw new InputError('currency must be an ISO 4217 code such as USD');
  }
  if (o.clock !== undefined && (!isObject(o.clock) || typeof o.clock.now !== 'function')) {
    throw new InputError('clock must have a now() function');
  }
  if (o.preciseClock !== undefined && (!isObject(o.preciseClock) || typeof o.preciseClock.now !== 'function')) {
    throw new InputError('preciseClock must have a now() function');
  }
  const regions = resolveRegions(o.regions);
  return {
    seed: o.seed ?? 1,
    regions,
    currency: o.currency ?? null,
    serviceAreaCount: Math.max(regions.length, numberOr(o.serviceAreaCount, 'serviceAreaCount', 12, { min: 1, max: 1000, integer: true })),
    offerRatePerAreaPerMinute: numberOr(o.offerRatePerAreaPerMinute, 'offerRatePerAreaPerMinute', 2, { min: 0, max: 6000 }),
    offerLifetimeMs: numberOr(o.offerLifetimeMs, 'offerLifetimeMs', 120_000, { min: 1000, max: 86_400_000 }),
    rivalMeanDelayMs: o.rivalMeanDelayMs === null ? null : numberOr(o.rivalMeanDelayMs, 'rivalMeanDelayMs', 15_000, { min: 0 }),
    autoOffers: booleanOr(o.autoOffers, 'autoOffers', true),
    accessTokenLifetimeSeconds: numberOr(o.accessTokenLifetimeSeconds, 'accessTokenLifetimeSeconds', 3600, { min: 1, integer: true }),
    authCodeTtlMs: numberOr(o.authCodeTtlMs, 'authCodeTtlMs', 300_000, { min: 1000 }),
    rateLimitWindowMs: numberOr(o.rateLimitWindowMs, 'rateLimitWindowMs', 10_000, { min: 1 }),
    rateLimitMax: numberOr(o.rateLimitMax, 'rateLimitMax', 20, { min: 0, max: 100_000, integer: true }),
    refreshIntervalMs: numberOr(o.refreshIntervalMs, 'refreshIntervalMs', DEFAULT_REFRESH_INTERVAL_MS, REFRESH_INTERVAL_RANGE),
    otpAccounts: resolveOtpAccounts(o.otpAccounts),
    faults: o.faults === undefined ? { rules: [] } : parseFaultConfig(o.faults),
    recordSize: numberOr(o.recordSize, 'recordSize', 10_000, { min: 1, max: 10_000_000, integer: true }),
    clock: o.clock ?? systemClock,
    preciseClock: o.preciseClock ?? systemPreciseClock,
    controlApi: booleanOr(o.controlApi, 'controlApi', true),
    logger: booleanOr(o.logger, 'logger', false),
  };
}
