/** What the search engine is built from, and its timings. */
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.js';
import type { SessionDependencies } from '../features/platform/session.js';
import type { Notifications } from '../notifications/service.js';
import type { BackoffPolicy } from './backoff.js';

/** The engine's cadences, ms. */
export interface EngineTimings {
  /** Extra wait after failures in a row (throttled, 5xx, timeouts), on top of the poll interval. */
  backoff: BackoffPolicy;
  /** How often the driver's schedule (and eligible areas) is read again while searching. */
  scheduleRefreshMs: number;
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
  scheduleRefreshMs: 300_000,
  openAttemptRecheckMs: 15_000,
  attemptGiveUpMs: 600_000,
  seenGenerationMs: 300_000,
  resumeSpreadMs: 5_000,
});

/** Everything one driver's search uses. */
export interface SearchDependencies extends SessionDependencies {
  /** Business time: discoveredAt, matching's "now", fee-free periods, attempt ages. */
  clock: Clock;
  log: FastifyBaseLogger;
  notifications: Notifications;
  timings: EngineTimings;
  /** Jitter source. Default Math.random. */
  random?: () => number;
  /** Told how late each scheduled poll started, ms (benchmarks, metrics). */
  observePollLag?: (lagMs: number) => void;
}
