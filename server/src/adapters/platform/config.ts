/**
 * Where the platform lives, per region, read from the environment. The real hosts are the
 * documented defaults (docs/PLATFORM.md "Hosts"); every one can be overridden, and the embedded
 * default (`PLATFORM_SIM=embedded`) points all three regions at the simulator started with the
 * product. No other file names a platform host.
 */
import type { PlatformRegion } from '@blockpilot/shared/constants';
import type { PlatformEndpoints } from './types.js';

/** The platform settings of the server configuration. */
export interface PlatformConfig {
  /** Hosts of each region. */
  regions: Record<PlatformRegion, PlatformEndpoints>;
  /** Deadline of every platform call, ms. */
  timeoutMs: number;
  /**
   * Keep-alive connections per platform host. HTTP/1.1 carries one call at a time per connection,
   * so this caps the calls in flight: drivers x 1 poll/s x the platform's latency must fit.
   */
  connectionsPerOrigin: number;
  /** Base64 of the 32-byte key sealing platform tokens at rest; '' = the generated key file in DATA_DIR. */
  tokenKey: string;
  /** The embedded simulator's URL once main.ts started it; null against a real platform. */
  embeddedSimulatorUrl: string | null;
  /** The platform's rate limit per account: the engine's request budget is a share of it (docs/ENGINE.md "Request budget"). */
  rateLimit: { max: number; windowMs: number };
  /**
   * The operator's least time between two offers polls of one driver, ms. It can only slow polling
   * down: the platform's refreshInterval wins whenever it is longer (0 = the platform's pace).
   */
  minPollIntervalMs: number;
}

/** The real hosts of each region, the defaults of the PLATFORM_<REGION>_* variables. */
export const DEFAULT_REGION_ENDPOINTS: Readonly<Record<PlatformRegion, Required<PlatformEndpoints>>> = {
  NA: { signIn: 'https://www.amazon.com', tokens: 'https://api.amazon.com', work: 'https://flex-capacity-na.amazon.com', assocHandle: 'amzn_device_na' },
  EU: { signIn: 'https://www.amazon.co.uk', tokens: 'https://api.amazon.co.uk', work: 'https://flex-capacity-eu.amazon.com', assocHandle: 'amzn_device_uk' },
  FE: { signIn: 'https://www.amazon.com.au', tokens: 'https://api.amazon.co.jp', work: 'https://flex-capacity-jp.amazon.com', assocHandle: 'amzn_device_au' },
};

/** PLATFORM_TIMEOUT_MS when unset. */
export const DEFAULT_PLATFORM_TIMEOUT_MS = 10_000;
/** Enough for about 2,500 drivers per process at 100 ms of platform latency. */
export const DEFAULT_PLATFORM_CONNECTIONS = 256;
/** The work API's limit per account as clients of the platform have met it: 20 requests in any 10 s. */
export const DEFAULT_PLATFORM_RATE_LIMIT = Object.freeze({ max: 20, windowMs: 10_000 });

function url(name: string, value: string | undefined, fallback: string): string {
  const chosen = value?.trim() || fallback;
  let parsed: URL;
  try {
    parsed = new URL(chosen);
  } catch {
    throw new Error(`${name} must be a URL, got "${chosen}"`);
  }
  if (!/^https?:$/.test(parsed.protocol)) throw new Error(`${name} must be an http(s) URL, got "${chosen}"`);
  return chosen.replace(/\/+$/, '');
}

function regionEndpoints(env: NodeJS.ProcessEnv, region: PlatformRegion): PlatformEndpoints {
  const defaults = DEFAULT_REGION_ENDPOINTS[region];
  const prefix = `PLATFORM_${region}_`;
  return {
    signIn: url(`${prefix}SIGN_IN_URL`, env[`${prefix}SIGN_IN_URL`], defaults.signIn),
    tokens: url(`${prefix}TOKEN_URL`, env[`${prefix}TOKEN_URL`], defaults.tokens),
    work: url(`${prefix}WORK_URL`, env[`${prefix}WORK_URL`], defaults.work),
    assocHandle: env[`${prefix}ASSOC_HANDLE`]?.trim() || defaults.assocHandle,
  };
}

function wholeNumber(name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min) throw new Error(`${name} must be a whole number of at least ${min}, got "${value}"`);
  return parsed;
}

const positiveInt = (name: string, value: string | undefined, fallback: number) => wholeNumber(name, value, fallback, 1);

/** The platform settings from the environment (see server/ENVIRONMENT.md). */
export function platformConfig(env: NodeJS.ProcessEnv): PlatformConfig {
  return {
    regions: { NA: regionEndpoints(env, 'NA'), EU: regionEndpoints(env, 'EU'), FE: regionEndpoints(env, 'FE') },
    timeoutMs: positiveInt('PLATFORM_TIMEOUT_MS', env.PLATFORM_TIMEOUT_MS, DEFAULT_PLATFORM_TIMEOUT_MS),
    connectionsPerOrigin: positiveInt('PLATFORM_CONNECTIONS', env.PLATFORM_CONNECTIONS, DEFAULT_PLATFORM_CONNECTIONS),
    tokenKey: env.PLATFORM_TOKEN_KEY ?? '',
    embeddedSimulatorUrl: null,
    rateLimit: {
      max: positiveInt('PLATFORM_RATE_LIMIT_MAX', env.PLATFORM_RATE_LIMIT_MAX, DEFAULT_PLATFORM_RATE_LIMIT.max),
      windowMs: positiveInt('PLATFORM_RATE_LIMIT_WINDOW_MS', env.PLATFORM_RATE_LIMIT_WINDOW_MS, DEFAULT_PLATFORM_RATE_LIMIT.windowMs),
    },
    minPollIntervalMs: wholeNumber('SEARCH_MIN_POLL_INTERVAL_MS', env.SEARCH_MIN_POLL_INTERVAL_MS, 0, 0),
  };
}

/**
 * The configuration with every region pointed at one simulator (the embedded default): the
 * simulator serves the sign-in page, the token service and the work API from one origin.
 */
export function withEmbeddedSimulator(config: PlatformConfig, simulatorUrl: string): PlatformConfig {
  const endpoints = (region: PlatformRegion): PlatformEndpoints => ({
    signIn: simulatorUrl,
    tokens: simulatorUrl,
    work: simulatorUrl,
    assocHandle: config.regions[region].assocHandle ?? DEFAULT_REGION_ENDPOINTS[region].assocHandle,
  });
  return { ...config, regions: { NA: endpoints('NA'), EU: endpoints('EU'), FE: endpoints('FE') }, embeddedSimulatorUrl: simulatorUrl };
}
