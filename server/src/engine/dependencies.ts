/** What the search engine is built from, and its timings. */
import type { FastifyBaseLogger } from 'fastify';
import type { LiveEvents } from '../adapters/live/types.js';
import type { Clock } from '../clock.js';
import type { PlatformGateway } from '../adapters/platform/gateway.js';
import type { BackgroundTasks } from '../background.js';
import type { BackoffPolicy } from './backoff.js';
import type { AccountHealthRecorder } from './accountHealth.js';
import type { EngineHealthRecorder } from './health.js';
import type { CreditWatch } from './creditWatch.js';
import type { RequestBudgets } from './requestBudget.js';
import type { EngineStores } from './stores.js';
import type { SearchNotifications } from './types.js';

/** The engine's cadences, ms. */
export interface EngineTimings {
  /** Extra wait after failures in a row (throttled, 5xx, timeouts), on top of the poll interval. */
  backoff: BackoffPolicy;
  /** How often the driver's schedule is read again while searching (also at once after a booking). */
  scheduleRefreshMs: number;
  /** How often the service areas the account may work are read again while searching. */
  eligibleAreasRefreshMs: number;
  /** A block the engine booked counts as booked this long even when a schedule read does not list it yet. */
  bookedUntilListedMs: number;
  /** How soon the schedule is read again while an accept's outcome is unknown. */
  openAttemptRecheckMs: number;
  /** An unanswered accept whose block is still not booked after this long was not booked. */
  attemptGiveUpMs: number;
  /** How long an offer no longer listed is remembered as already judged (one to two of these). */
  seenGenerationMs: number;
  /** Searches resumed at start-up begin spread over this, so they do not all poll at once. */
  resumeSpreadMs: number;
}

export const DEFAULT_ENGINE_TIMINGS: Readonly<EngineTimings> = Object.freeze({
  backoff: { baseMs: 2_000, maxMs: 120_000 },
  scheduleRefreshMs: 30_000,
  eligibleAreasRefreshMs: 300_000,
  bookedUntilListedMs: 120_000,
  openAttemptRecheckMs: 15_000,
  attemptGiveUpMs: 600_000,
  seenGenerationMs: 300_000,
  resumeSpreadMs: 5_000,
});

/**
 * Everything one driver's search uses: its ports (the stores it reads and writes the database
 * through, docs/ENGINE.md "Stores"; the platform's clients; notifications) and its settings.
 */
export interface SearchDependencies extends EngineStores {
  platform: PlatformGateway;
  /** Work no step waits for (storing a schedule read, a refreshed token). */
  background: BackgroundTasks;
  /** Business time: discoveredAt, matching's "now", fee-free periods, attempt ages. */
  clock: Clock;
  log: FastifyBaseLogger;
  notifications: SearchNotifications;
  /** Tells the driver's open devices what the search just did (docs/LIVE.md). */
  live: LiveEvents;
  /** Told after each fee charged, for the automatic top-up (docs/LIVE.md "Automatic top-up"). */
  creditWatch: CreditWatch;
  timings: EngineTimings;
  /** Each platform account's request budget, shared by every search of this process. */
  budgets: RequestBudgets;
  /** The operator's pace setting: the least ms between two polls (0 = the platform's pace). */
  pace: { minPollIntervalMs: number };
  /** Jitter source. Default Math.random. */
  random?: () => number;
  /** Told how late each scheduled poll started, ms (benchmarks, metrics). */
  observePollLag?: (lagMs: number) => void;
  /** Counts what the engine does, minute by minute, for the console's charts (docs/OPERATIONS.md "Engine health"). */
  health?: EngineHealthRecorder & { forAccount(userId: string): AccountHealthRecorder };
}
