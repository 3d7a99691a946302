/**
 * The engine's persistence ports (docs/ENGINE.md "Stores"): everything a search reads from or
 * writes to the database goes through these interfaces, implemented over the database outside the engine
 * (`server/src/stores/`, wired by `engineParts.ts`). The engine itself imports neither kysely nor
 * db/ (docs/ARCHITECTURE.md section 5.1).
 *
 * A method that must be atomic runs its whole transaction itself: `recordAccept` (the BLOCK_ACCEPT
 * entry and its fee charge, docs/ENGINE.md "Fees") and `settleAttemptAsIgnored` are one store call
 * each, never two.
 */
import type { WorkLimits } from '@blockpilot/shared/api/schemas';
import type { Filter, ScheduledBlock } from '@blockpilot/shared/types';
import type { PlatformTokens } from '../adapters/platform/types.js';
import type { PlatformAccount } from '../domain/platformAccounts.js';
import type { FeeState } from './fees.js';
import type { AcceptAttempt, IgnoredOffer, LoggedOffer, OfferFacts, RecordedAccept } from './offerLog.js';
import type { RaceRecord } from './raceLog.js';
import type { StopReason } from './types.js';
import type { Position } from './workLimits.js';

/** The offer log, accept intents, fee charges and race timelines of searching drivers. */
export interface OfferLogStore {
  /**
   * Logs ignored offers of one poll in one statement; offers already logged are left as they are.
   * Resolves with the `notify` entries it wrote: each is offered to the driver once (docs/PRODUCT.md "Notify-only filters").
   */
  logIgnored(userId: string, discoveredAt: Date, ignored: readonly IgnoredOffer[]): Promise<LoggedOffer[]>;
  /**
   * Writes the intent of an accept; a second write of the same offer changes nothing and resolves
   * false. A one-tap accept claims its offer with it, so two taps at once ask the platform once.
   */
  writeIntent(attempt: AcceptAttempt): Promise<boolean>;
  /**
   * The platform accepted the block: its BLOCK_ACCEPT entry, its fee charge (ledger key
   * fee:<log id>) and the intent's delete, in ONE transaction. Credit short despite the check is
   * told to `onFeeShort` and the block kept at cost 0.
   */
  recordAccept(attempt: AcceptAttempt, onFeeShort?: (balance: number) => void): Promise<RecordedAccept>;
  /** The platform did not take the accept (refused before acting, or settled as not booked). */
  deleteAttempt(userId: string, offerId: string): Promise<void>;
  /** An attempt settled as not booked: it goes, and the offer is logged as ignored for `reason`, in one transaction. */
  settleAttemptAsIgnored(attempt: AcceptAttempt, reason: IgnoredOffer['reason']): Promise<void>;
  /** The driver's attempts whose outcome is not yet written, oldest first. */
  openAttempts(userId: string): Promise<AcceptAttempt[]>;
  /** Writes one poll's race timelines in one statement (docs/ENGINE.md "Race timelines"). */
  writeRaces(userId: string, races: readonly RaceRecord[]): Promise<void>;
}

/** The time zone a driver's filters and limits are read in: the fixed offset, and the IANA zone sent with Start (if any). */
export interface DriverZone {
  timezoneOffset: number;
  timeZone: string | null;
}

/** The driver's own row: what a search is given to judge with, and the few states it sets itself. */
export interface DriverStore {
  /** The driver's enabled filters and their time zone. */
  filterInputs(userId: string): Promise<DriverZone & { filters: Filter[] }>;
  /** The driver's work limits, their time zone, and the positions of the stations the platform gave. */
  limitInputs(userId: string): Promise<DriverZone & { limits: WorkLimits; positions: Map<string, Position> }>;
  /** Credit and fee-free period (docs/ENGINE.md "Fees"). */
  feeState(userId: string): Promise<FeeState>;
  /** The driver's latest `count` fees, cents, newest first. */
  recentFeesCents(userId: string, count: number): Promise<number[]>;
  /** Pauses a searching driver's search for credit (if not yet) and adds the offers it skipped (docs/LIVE.md "Credit guard"). */
  pauseForCredit(userId: string, skipped: readonly OfferFacts[]): Promise<void>;
  /** Whether the driver's search is paused for credit. */
  creditPaused(userId: string): Promise<boolean>;
  /** Ends a credit pause and forgets what it skipped; true when there was one. */
  endCreditPause(userId: string): Promise<boolean>;
  /** Claims the low-credit notice of this crossing: true for exactly one caller until {@link rearmLowCreditNotice}. */
  claimLowCreditNotice(userId: string, at: Date): Promise<boolean>;
  /** The credit is no longer low: the next crossing notifies again. */
  rearmLowCreditNotice(userId: string): Promise<void>;
  /** The engine stopped searching for the driver, and why (docs/PLATFORM.md section 3). */
  recordStop(userId: string, reason: StopReason): Promise<void>;
  /** Users whose search should be running (resumed when a process starts). */
  searchingUserIds(): Promise<string[]>;
}

/** The driver's stored platform account and what a search keeps of the platform's reads. */
export interface AccountStore {
  /** The stored account with its tokens unsealed, or null when not connected. */
  load(userId: string): Promise<PlatformAccount | null>;
  /** Stores a refreshed access token. */
  saveAccessToken(userId: string, tokens: PlatformTokens): Promise<void>;
  /** Stores a schedule read, so the dashboard's views are answered without the platform. */
  saveSchedule(userId: string, blocks: readonly ScheduledBlock[], readAt: Date): Promise<void>;
  /** Stores the service areas the account may work. */
  saveEligibleAreas(userId: string, areaIds: readonly string[], readAt: Date): Promise<void>;
}

/** Every store a search uses. */
export interface EngineStores {
  offerLog: OfferLogStore;
  drivers: DriverStore;
  accounts: AccountStore;
}
