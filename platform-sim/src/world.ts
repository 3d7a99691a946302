/**
 * Everything a seed and a set of options produce: service areas, the offer board, accounts,
 * sessions, sign-in state, rate limiter, polling pace, faults and the record. A reset builds a new
 * World; the routes always read the current one through the {@link SimulatorRuntime}.
 */
import { AccountRegistry } from './accounts.js';
import { SessionStore } from './auth/sessions.js';
import { ExpiringMap } from './expiringMap.js';
import { FaultPlan } from './faults.js';
import { OfferBook } from './offers/offerBook.js';
import { resolveOptions, type ResolvedOptions } from './options.js';
import { hashSeed } from './random.js';
import { SlidingWindowLimiter } from './rateLimit.js';
import { SimulationRecord } from './record.js';
import { createServiceAreaCatalog, type ServiceAreaCatalog } from './serviceAreas.js';
import type { ResetOptions, SimulatorOptions } from './types.js';
import { PollPace } from './workApi/pace.js';

/** An authorization code from the sign-in page, bound to the sign-in's PKCE challenge and client. */
export interface IssuedCode {
  email: string;
  codeChallenge: string;
  /** client_id without the "device:" prefix. */
  clientId: string;
}

/** A sign-in waiting for its one-time code. */
export interface PendingOtp {
  email: string;
  /** The openid.* and pageId fields of the sign-in. */
  params: Record<string, string>;
}

/** How long a sign-in may wait for its one-time code. */
const OTP_STEP_TTL_MS = 10 * 60_000;

export interface World {
  readonly options: ResolvedOptions;
  /** The seed as a 32-bit number. */
  readonly seed: number;
  readonly catalog: ServiceAreaCatalog;
  readonly offers: OfferBook;
  readonly accounts: AccountRegistry;
  readonly sessions: SessionStore;
  readonly codes: ExpiringMap<IssuedCode>;
  readonly pendingOtp: ExpiringMap<PendingOtp>;
  /** Keyed by platform account id. */
  readonly limiter: SlidingWindowLimiter;
  /** The refreshInterval told to pollers, and each account's last one (judges too-fast polls). */
  readonly pace: PollPace;
  faults: FaultPlan;
  readonly record: SimulationRecord;
  /** The simulator's clock (injectable; Date.now by default): offers, tokens, rate limits. */
  now(): number;
  /**
   * The precise clock (monotonic real time, epoch ms with a fraction, unless a test injects one):
   * the record's stamps, the pace judgement, listing-relative rivals.
   */
  preciseNow(): number;
}

export function createWorld(options: ResolvedOptions, carriedSessions?: SessionStore): World {
  const seed = hashSeed(options.seed);
  const catalog = createServiceAreaCatalog(seed, options.regions, options.serviceAreaCount, options.currency);
  const sessions = carriedSessions ?? new SessionStore(options.accessTokenLifetimeSeconds);
  sessions.lifetimeSeconds = options.accessTokenLifetimeSeconds;
  return {
    options,
    seed,
    catalog,
    offers: new OfferBook(catalog, {
      seed,
      autoOffers: options.autoOffers,
      ratePerAreaPerMinute: options.offerRatePerAreaPerMinute,
      lifetimeMs: options.offerLifetimeMs,
      rivalMeanDelayMs: options.rivalMeanDelayMs,
    }),
    accounts: new AccountRegistry(seed, catalog, options.regions),
    sessions,
    codes: new ExpiringMap(options.authCodeTtlMs),
    pendingOtp: new ExpiringMap(OTP_STEP_TTL_MS),
    limiter: new SlidingWindowLimiter(options.rateLimitWindowMs, options.rateLimitMax),
    pace: new PollPace(options.refreshIntervalMs),
    faults: new FaultPlan(options.faults, seed),
    record: new SimulationRecord(options.recordSize, options.clock, options.preciseClock),
    now: () => options.clock.now(),
    preciseNow: () => options.preciseClock.now(),
  };
}

/** Holds the current world and rebuilds it on reset. */
export class SimulatorRuntime {
  world: World;

  constructor(private readonly creationOptions: SimulatorOptions) {
    this.world = createWorld(resolveOptions(creationOptions));
  }

  /** Options given to reset apply over the creation options (not over the previous reset's). */
  reset(options: ResetOptions = {}): World {
    // Options that only make sense at creation (and cannot come as JSON) are not reset.
    const { keepSessions, clock: _clock, preciseClock: _preciseClock, logger: _logger, controlApi: _controlApi, ...overrides } = options as ResetOptions & SimulatorOptions;
    const resolved = resolveOptions({ ...this.creationOptions, ...overrides });
    const previous = this.world;
    this.world = createWorld(resolved, keepSessions ? previous.sessions : undefined);
    return this.world;
  }
}
