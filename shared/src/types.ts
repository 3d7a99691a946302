/**
 * Types of every entity in docs/PRODUCT.md section 3 and of the API envelope (docs/ARCHITECTURE.md section 4).
 * Field names are the wire names: the server and every remote share these declarations. Each type
 * a schema of the API contract describes is derived from that schema and re-exported here
 * (docs/ARCHITECTURE.md section 4.1, "The contract"); this file writes only what no schema describes.
 */
import { DURATION_SLIDER, PAY_SLIDER } from './constants.js';
import type { Filter } from './api/schemas/user.js';
import type { SearchStatus } from './api/schemas/search.js';
import type { LoadReportBody } from './api/schemas/releases.js';
import type { ErrorCode } from './api/schemas/errorCodes.js';

/**
 * The request and response types of the API contract, derived from its schemas (docs/ARCHITECTURE.md
 * section 4.1, "The contract"), so each shape is written once.
 */
export type { Range } from './api/schemas/fields.js';
export type {
  Filter,
  NotificationEventChoices,
  NotificationPreferences,
  PushSubscriptionInput,
  LogQuery,
  DayRange,
  AcceptNotifiedAnswer,
  OfferedBlock,
} from './api/schemas/user.js';
export type { AutoTopUpSettings } from './api/schemas/store.js';
export type { SupportMessage } from './api/schemas/support.js';
export type { AccountHealth, AccountHealthVerdict } from './api/schemas/accountHealth.js';
export type { KnowledgeBaseArticleInput } from './api/schemas/admin.js';
export type { AwayRange, WorkLimits } from './api/schemas/workLimits.js';
export type { Session, ResetLinkState } from './api/schemas/auth.js';
export type { Account, PushDevice, PushDevices, UserLocale } from './api/schemas/account.js';
export type { SearchStatus, SearchToggle } from './api/schemas/search.js';
export type { CreditHistoryEntry, LedgerKind } from './api/schemas/ledger.js';
export type { LogAction, LogEntry, RaceAnswer, RaceTimeline } from './api/schemas/logs.js';
export type { AutoTopUp, MembershipPlan, OrderStatus, PaidOrder } from './api/schemas/store.js';
export type { ServiceArea, ScheduledBlock, ChallengeSession } from './api/schemas/platform.js';
export type { KnowledgeBaseItem, PublicConfig } from './api/schemas/support.js';
export type { CalendarFeed } from './api/schemas/calendar.js';
export type {
  AdminLedgerEntry,
  AdminOrder,
  AdminUserDetail,
  AdminUserSummary,
  AuditEntry,
  CreditAdjustmentRequest,
  CreditAdjustmentResult,
  CreditAdjustmentStatus,
  DeployToken,
  EngineHealth,
  EngineHealthMinute,
  EngineQueue,
  EngineSearchStates,
  EngineWorker,
  EngineWorkers,
  KnowledgeBaseArticle,
  MintedDeployToken,
  Promotion,
  PromotionAudience,
  PromotionStatus,
  Ticket,
  TicketReply,
  TicketStatus,
  TicketSummary,
} from './api/schemas/operatorConsole.js';
export type {
  CanarySchedule,
  ReleaseAuditEntry,
  ReleaseCanary,
  ReleaseChannel,
  ReleaseChannelEntry,
  ReleaseHealth,
  ReleaseMoveResult,
  ReleaseRef,
} from './api/schemas/releaseResponses.js';
export type { DriverStats, FunnelCounts, RaceStats, StatsPeriod } from './api/schemas/stats.js';

/** Pay is compared per block or per hour of the block. */
export type PayType = Filter['payType'];

/**
 * A new filter: a new driver's first one, and each one added to the list (docs/PRODUCT.md "Several
 * filters"). Every day from 06:00 to 22:00, any pay and length, no service area yet, so nothing
 * is accepted until the driver chooses one.
 */
export const DEFAULT_FILTER: Omit<Filter, 'id'> = {
  name: 'My filter',
  enabled: true,
  serviceAreas: [],
  days: [0, 1, 2, 3, 4, 5, 6],
  time: [360, 1320],
  pay: [PAY_SLIDER.min, PAY_SLIDER.max],
  payType: 'PER_BLOCK',
  duration: [DURATION_SLIDER.min, DURATION_SLIDER.max],
  timeToArrive: 30,
  action: 'accept',
};

export { IGNORE_REASONS, type IgnoreReason } from './ignoreReasons.js';

/**
 * What the server tells every open device of a driver, as it happens (GET /api/user/events,
 * docs/LIVE.md): the search's status, that the account changed (credit), that new log entries
 * were written, or that one left the log (forfeited, maybe on another device); and, to every
 * driver, that a release went live (`releases`: the shell reads its remote list again).
 */
export type LiveEvent = { type: 'status'; status: SearchStatus } | { type: 'account' } | { type: 'logs' } | { type: 'logRemoved'; id: string } | { type: 'releases' };

/** One link of the navigation bar. */
export interface NavigationRoute {
  path: string;
  name: string;
}

/** Per-field messages, keyed by the field names of docs/PRODUCT.md section 5. */
export type FieldErrors = Record<string, string>;

/** Every response body of the API (docs/ARCHITECTURE.md section 4). */
export interface Envelope<T = unknown> {
  data?: T;
  /** A message the client shows: success toast on 2xx, error toast otherwise. */
  alert?: string;
  /** A path the client navigates to. */
  redirect?: string;
  errors?: FieldErrors;
  /** On a failure: its stable code (`BP_ERR_*`, the server's one table in http/errorCodes.ts), to branch on instead of the message. */
  code?: ErrorCode;
  /** Extra payload of a failure, e.g. the connect call's challenge_session. */
  [extra: string]: unknown;
}

/** One remote of the federated front end, as the server's manifest lists it. */
export interface RemoteManifestEntry {
  /** Federation container name, e.g. `mf_auth`. */
  name: string;
  /** URL of the remote's `mf-manifest.json`. */
  entry: string;
  /**
   * The registered release served, when the entry comes from the release registry (docs/RELEASES.md).
   * `assignment`: for a signed-in user, what their load report brings back to count as a vote on
   * its health (docs/RELEASES.md "Canary"); never with a preview. `integrity` and `entryIntegrity`:
   * the sha384 (SRI form) of its mf-manifest.json and remote entry, recorded when it was published,
   * which the shell loads them with (docs/RELEASES.md "Integrity in the browser"; the server always
   * sends both).
   */
  release?: { id: string; version: string; integrity: string; entryIntegrity?: string; canary?: boolean; preview?: boolean; assignment?: string };
}

/** Where a release failed in a browser: loading its code, rendering, or mounting through its lifecycle. */
export type LoadStage = NonNullable<LoadReportBody['stage']>;
/**
 * What the driver saw of a remote, which is its release's vote on its health (docs/RELEASES.md
 * "Canary"): its first screen committed, or it failed at a stage with this error.
 */
export type LoadOutcome = { failed: false } | { failed: true; stage: LoadStage; error: unknown };

/** GET /remotes.json: where each remote lives now, and which origins may serve previews. */
export interface RemotesManifest {
  remotes: RemoteManifestEntry[];
  /** Origins allowed to serve a staging preview of one remote. */
  previewOrigins: string[];
  /** The release channel the list was resolved from, and a signed release preview's state when one was sent. */
  channel?: string;
  /** `channel` when the link follows a channel's release of the remote rather than naming one release. */
  releasePreview?: { remote: string; version: string; expiresAt: string; channel?: string } | { invalid: true };
}
