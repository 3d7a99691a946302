/**
 * How the server scales out, from the environment: which role this process plays, where Redis
 * is, and the timings that bound a failover. Without REDIS_URL nothing here is used and the
 * server is the embedded single process it always was.
 */
import { hostname } from 'node:os';

/** What one server process does. */
export type ServerRole = 'api' | 'worker' | 'all';

const ROLES: readonly ServerRole[] = ['api', 'worker', 'all'];

/**
 * The timings of search ownership. A dead worker's drivers search again elsewhere within about
 * `lockDurationMs + stalledIntervalMs` (its job lock lapses, the next stalled check re-queues the
 * job) plus the driver's first poll: about 5 s with the defaults.
 */
export interface OwnershipTimings {
  /** BullMQ job lock: a job whose lock is not renewed for this long is taken from its worker. */
  lockDurationMs: number;
  /** How often the workers look for jobs whose lock lapsed. */
  stalledIntervalMs: number;
  /** The per-driver lease a worker must hold to call the platform for the driver. */
  leaseMs: number;
  /** How often a worker renews its drivers' leases (one script call for all of them). */
  leaseRenewMs: number;
}

/** The scale-out settings (README "Configuration", server/ENVIRONMENT.md "Scaling out"). */
export interface ScalingConfig {
  role: ServerRole;
  /** Redis (`redis://[:password@]host:port[/db]`); null = the embedded single process. */
  redisUrl: string | null;
  /** Prefix of every Redis key the server writes (queues, leases, rate-limit counters). */
  redisPrefix: string;
  /** This process's name in leases, logs and the platform simulator's record. */
  workerId: string;
  /** Drivers one worker process searches at most. */
  workerCapacity: number;
  /** Sent as `x-sim-client` on work calls (the simulator's record tells workers apart); '' = not sent. */
  simClientHeader: string;
  /** Days ignored offers stay in the log (accepted ones stay for ever); 0 = for ever. */
  offerLogRetentionDays: number;
  timings: OwnershipTimings;
}

/**
 * Lock 4 s renewed every 1 s (BullMQ renews each job at about half its lockRenewTime, 2 s, so a
 * worker may stall up to 2 s before anything lapses); stalled check every 1 s. Shorter locks cut
 * the failover time but turn a busy event loop (a 2-core machine under load shows 100+ ms pauses)
 * into needless handovers, and every renewal costs Redis operations per driver.
 */
export const DEFAULT_OWNERSHIP_TIMINGS: Readonly<OwnershipTimings> = Object.freeze({
  lockDurationMs: 4_000,
  stalledIntervalMs: 1_000,
  leaseMs: 4_000,
  leaseRenewMs: 1_000,
});

function whole(name: string, value: string | undefined, fallback: number, min: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min) throw new Error(`${name} must be a whole number of at least ${min}, got "${value}"`);
  return parsed;
}

function redisUrl(value: string | undefined): string | null {
  const url = value?.trim();
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`REDIS_URL must be a URL, got "${url}"`);
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') throw new Error(`REDIS_URL must be a redis:// or rediss:// URL, got "${url}"`);
  return url;
}

/** The scale-out settings from the environment; throws on a value that cannot work. */
export function scalingConfig(env: NodeJS.ProcessEnv): ScalingConfig {
  const role = (env.SERVER_ROLE?.trim() || 'all') as ServerRole;
  if (!ROLES.includes(role)) throw new Error(`SERVER_ROLE must be one of ${ROLES.join(', ')}, got "${env.SERVER_ROLE}"`);
  const url = redisUrl(env.REDIS_URL);
  // Without Redis an API process could not reach any worker, and a worker would have no queue.
  if (!url && role !== 'all') throw new Error(`SERVER_ROLE=${role} needs REDIS_URL (only "all" runs without Redis)`);
  const lockDurationMs = whole('SEARCH_LOCK_MS', env.SEARCH_LOCK_MS, DEFAULT_OWNERSHIP_TIMINGS.lockDurationMs, 1_000);
  const timings: OwnershipTimings = {
    lockDurationMs,
    stalledIntervalMs: whole('SEARCH_STALLED_CHECK_MS', env.SEARCH_STALLED_CHECK_MS, DEFAULT_OWNERSHIP_TIMINGS.stalledIntervalMs, 100),
    leaseMs: lockDurationMs,
    leaseRenewMs: Math.max(100, Math.floor(lockDurationMs / 4)),
  };
  if (timings.stalledIntervalMs >= lockDurationMs) throw new Error('SEARCH_STALLED_CHECK_MS must be shorter than SEARCH_LOCK_MS');
  return {
    role,
    redisUrl: url,
    redisPrefix: env.REDIS_PREFIX?.trim() || 'blockpilot',
    workerId: env.WORKER_ID?.trim() || `${hostname()}-${process.pid}`,
    workerCapacity: whole('SEARCH_WORKER_CAPACITY', env.SEARCH_WORKER_CAPACITY, 3_000, 1),
    simClientHeader: env.PLATFORM_SIM_CLIENT?.trim() ?? '',
    offerLogRetentionDays: whole('OFFER_LOG_RETENTION_DAYS', env.OFFER_LOG_RETENTION_DAYS, 30, 0),
    timings,
  };
}
