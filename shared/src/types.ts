/**
 * Types of every entity in docs/PRODUCT.md section 3 and of the API envelope (docs/ARCHITECTURE.md section 4).
 * Field names are the wire names: the server and every remote share these declarations.
 */
import { DURATION_SLIDER, PAY_SLIDER, type Language, type Role } from './constants.js';
import type { IgnoreReason } from './ignoreReasons.js';
import type { DayRange, Filter } from './api/schemas/user.js';
import type { OrderStatus } from './api/schemas/store.js';
import type { SearchStatus } from './api/schemas/search.js';
import type { LogEntry } from './api/schemas/logs.js';
import type { LoadReportBody } from './api/schemas/releases.js';
import type { ErrorCode } from './api/schemas/errorCodes.js';

/**
 * The request types of the API contract, derived from its schemas (docs/ARCHITECTURE.md section 4.1,
 * "The contract"); the entities they are also part of (an account's filters and notification
 * preferences) use them, so each shape is written once.
 */
export type { Range } from './api/schemas/fields.js';
export type { Filter, NotificationEventChoices, NotificationPreferences, PushSubscriptionInput, LogQuery, DayRange } from './api/schemas/user.js';
export type { AutoTopUpSettings } from './api/schemas/store.js';
export type { SupportMessage } from './api/schemas/support.js';
export type { AccountHealth, AccountHealthVerdict } from './api/schemas/accountHealth.js';
export type { KnowledgeBaseArticleInput } from './api/schemas/admin.js';
export type { AwayRange, WorkLimits } from './api/schemas/workLimits.js';
export type { Account, PushDevice, PushDevices } from './api/schemas/account.js';
export type { SearchStatus, SearchToggle } from './api/schemas/search.js';
export type { CreditHistoryEntry, LedgerKind } from './api/schemas/ledger.js';
export type { LogAction, LogEntry, RaceAnswer, RaceTimeline } from './api/schemas/logs.js';
export type { AutoTopUp, MembershipPlan, OrderStatus, PaidOrder } from './api/schemas/store.js';
export type { ServiceArea, ScheduledBlock, ChallengeSession } from './api/schemas/platform.js';
export type { KnowledgeBaseItem, PublicConfig } from './api/schemas/support.js';
export type { CalendarFeed } from './api/schemas/calendar.js';

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

/** The session the login, register and password-change calls return. */
export interface Session {
  accessToken: string;
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

/* The operator console (mf-admin and /api/admin; docs/OPERATIONS.md). Times are epoch ms. */

/** A driver in the console's search results. */
export interface AdminUserSummary {
  id: string;
  emailAddress: string;
  displayName: string;
  role: Role;
  credit: number;
  /** The driver's currency (their region's), for the credit and every amount of theirs. */
  currencySymbol: string;
  searching: boolean;
  suspended: boolean;
  /** The connected platform account's id, when connected. */
  platformUserId: string | null;
  createdAt: number;
}

/** One change of credit, as the ledger holds it. */
export interface AdminLedgerEntry {
  key: string;
  kind: string;
  amountCents: number;
  /** An adjustment's reason as the operator gave it; null for other entries (absent from older servers). */
  reason?: string | null;
  createdAt: number;
}

export interface AdminOrder {
  id: string;
  kind: 'topup' | 'membership';
  amountCents: number;
  currency: string;
  membershipPlanId: string | null;
  status: OrderStatus;
  createdAt: number;
  settledAt: number | null;
  refundedAt: number | null;
}

export type TicketStatus = 'open' | 'answered' | 'closed';

/** A contact or help message in the support inbox. */
export interface TicketSummary {
  id: number;
  status: TicketStatus;
  fullName: string;
  emailAddress: string;
  /** The driver's account, when the message was sent signed in (never the account of a typed address). */
  userId: string | null;
  /**
   * Sent signed in, from the account whose verified address it carries. False: anyone may have
   * typed this address; the reply goes to it saying the sender was not verified.
   */
  senderVerified: boolean;
  question: string;
  createdAt: number;
}

export interface TicketReply {
  id: number;
  authorEmail: string;
  text: string;
  createdAt: number;
}

export interface Ticket extends TicketSummary {
  phoneNumber: string;
  replies: TicketReply[];
}

/** Everything the console shows about one driver. */
export interface AdminUserDetail extends AdminUserSummary {
  phoneNumber: string;
  countryCode: string;
  suspendedAt: number | null;
  shareableCode: string;
  ledger: AdminLedgerEntry[];
  orders: AdminOrder[];
  trialEndsAt: number | null;
  membershipEndsAt: number | null;
  invitedBy: { id: string; emailAddress: string } | null;
  invited: Array<{ id: string; emailAddress: string; createdAt: number }>;
  search: {
    flexConnected: boolean;
    puzzleRequired: boolean;
    platformAccount: { region: string; platformUserId: string; connectedAt: number } | null;
    /** The newest log entries, newest first. */
    recentLog: Array<LogEntry & { reason?: string }>;
  };
  notifications: {
    emailAddress: string;
    whatsAppNumber: string;
    telegramConnected: boolean;
    promotionsOptedOutAt: number | null;
  };
  tickets: TicketSummary[];
}

export type CreditAdjustmentStatus = 'applied' | 'pending' | 'approved';

/**
 * An admin's credit adjustment past their daily bound: it waits for another admin's approval
 * (docs/OPERATIONS.md "Credit adjustments").
 */
export interface CreditAdjustmentRequest {
  id: string;
  userId: string;
  /** Signed cents. */
  amountCents: number;
  reason: string;
  status: CreditAdjustmentStatus;
  /** The e-mail of the admin who asked. */
  requestedBy: string;
  createdAt: number;
  approvedBy: string | null;
  approvedAt: number | null;
}

/** One operator action in the audit log. */
export interface AuditEntry {
  id: number;
  actorId: string | null;
  actorEmail: string;
  action: string;
  targetUserId: string | null;
  subject: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
  /** The driver's currency symbol, for the amounts in cents in before and after; null without a driver (absent from older servers). */
  currencySymbol?: string | null;
  createdAt: number;
}

/**
 * A deploy token of the release registry as the console lists it (docs/RELEASES.md "Tokens"): it
 * publishes and moves releases of `remote` only. Its secret is never listed.
 */
export interface DeployToken {
  id: string;
  /** Which team or CI uses it. */
  label: string;
  /** The remote it acts on (a name of shared's REMOTES). */
  remote: string;
  /** Who minted it: `admin:<e-mail>`, or `RELEASE_TOKEN`. */
  createdBy: string;
  createdAt: number;
  revokedAt: number | null;
}

/** A release's votes (docs/RELEASES.md "Canary"): one per signed-in user it was given to, and the last failure's kind (never its message). */
export interface ReleaseHealth {
  healthy: number;
  failed: number;
  /** Distinct users who voted. */
  users: number;
  lastFailure: { stage: LoadStage; errorName: string; stackHash: string | null; at: string } | null;
}

/** Where a stepped canary is (docs/RELEASES.md "Canary"): its percentages, the step it holds, and what the next one waits for. */
export interface CanarySchedule {
  steps: number[];
  /** Index in `steps` of the step it is at. */
  stepIndex: number;
  stepStartedAt: string;
  /** The earliest time of the next step (it also waits for the healthy loads and the guard). */
  nextStepAt: string;
  holdSeconds: number;
  minHealthyLoads: number;
  /** Users who loaded it healthily since this step began. */
  healthyLoads: number;
}

/** A release as a channel names it; `health` where the registry tells it. */
export interface ReleaseRef {
  id: string;
  version: string;
  health?: ReleaseHealth;
}

/**
 * A canary beside a channel's stable release (docs/RELEASES.md "Canary"): the share of signed-in
 * users and the named users who get it, and, where the registry tells them, the guard's verdict
 * on its votes and its schedule of steps.
 */
export interface ReleaseCanary extends ReleaseRef {
  percent: number;
  users: string[];
  verdict?: 'waiting' | 'healthy' | 'failing';
  schedule?: CanarySchedule | null;
}

/** What a channel serves of one remote: its stable release and, at most, one canary. */
export interface ReleaseChannelEntry {
  remote: string;
  /** The channel's revision at this remote's last move, where the registry keeps one: what a move of it names. */
  revision?: number;
  release: ReleaseRef;
  canary: ReleaseCanary | null;
}

/** One entry of the release registry's audit log (docs/RELEASES.md "Model"); `at` is an ISO time. */
export interface ReleaseAuditEntry {
  id: number;
  at: string;
  /** A deploy token's name, `RELEASE_TOKEN`, `canary-guard`, or `admin:<e-mail>`. */
  actor: string;
  /** A move (`promote`, `canary`, `rollback`, `canary-rollback`), a publish, a token change... */
  action: string;
  channel: string | null;
  remote: string | null;
  fromVersion: string | null;
  toVersion: string | null;
  revision: number | null;
  reason: string | null;
  forced: boolean;
  detail: Record<string, unknown>;
}

/** A channel as the operator console shows it (GET /api/admin/releases): what it serves and its latest moves, newest first. */
export interface ReleaseChannel {
  name: string;
  /** Bumped by every move; a console move names the one it saw. */
  revision: number;
  updatedAt: string;
  entries: ReleaseChannelEntry[];
  history: ReleaseAuditEntry[];
}

/** What a move of a channel did. */
export interface ReleaseMoveResult {
  channel: string;
  revision: number;
  remote: string;
  action: 'promote' | 'canary' | 'rollback' | 'canary-rollback' | 'unchanged';
  /** The release live after the move. */
  version: string;
  fromVersion: string | null;
  forced: boolean;
}

/** A token just minted: its secret, shown this once. */
export interface MintedDeployToken extends DeployToken {
  token: string;
}

/** A knowledge-base article as the console edits it (docs/OPERATIONS.md "Knowledge base"). */
export interface KnowledgeBaseArticle {
  id: number;
  question: string;
  /** The answer's text; each line a line of the answer ('' a blank line, '- ' a list item). */
  answer: string;
  /** Drivers see published articles only. */
  published: boolean;
  /** Drivers read the published articles of their page's language. */
  language: Language;
  updatedAt: number;
}

export type PromotionStatus = 'draft' | 'sending' | 'sent';

/** A promotional e-mail and how far its sending has got (docs/OPERATIONS.md "Promotions"). */
export interface Promotion {
  id: number;
  subject: string;
  text: string;
  status: PromotionStatus;
  createdByEmail: string;
  createdAt: number;
  sendStartedAt: number | null;
  sentAt: number | null;
  /**
   * Recipients by state: all drivers not opted out when sending started. `sent` is the delivered
   * count; `unconfirmed` rows were being sent when their process stopped (never sent again).
   */
  delivery: { recipients: number; pending: number; sent: number; skipped: number; failed: number; unconfirmed: number };
  /** Batches (jobs on the queue) and how many are done. */
  batches: { total: number; done: number };
}

/** The drivers' search states at one moment (docs/OPERATIONS.md "Engine health"). */
export interface EngineSearchStates {
  /** Drivers whose search is on (not paused). */
  searching: number;
  /** Drivers stopped until they solve the platform's puzzle in its app. */
  waitingOnPuzzle: number;
  /** Drivers whose search is paused because the credit does not cover a matching offer. */
  pausedForCredit: number;
}

/** One minute of the search engine's work, as the console charts it. States are absent for a minute never sampled. */
export interface EngineHealthMinute extends Partial<EngineSearchStates> {
  /** The minute's start, epoch ms. */
  at: number;
  /** Offers in the listings the engine polled (every offer of every answer, seen before or not). */
  offersSeen: number;
  /** Accepts the platform answered booked. */
  accepted: number;
  /** Platform answers that were a 429 (polls and accepts). */
  throttled: number;
  /** Searches the platform stopped with a puzzle (307). */
  puzzles: number;
  /** Drivers whose search backed off in the minute because the platform slowed it down (each counted once). */
  backingOff: number;
  /** Other failed platform calls, failed search steps and other stops, by kind. */
  errors: Record<string, number>;
  /** From the offers answer to each AcceptOffer leaving, ms (nearest-rank percentiles); null when no accept left. */
  raceP50Ms: number | null;
  raceP95Ms: number | null;
  raceP99Ms: number | null;
}

/** GET /api/admin/engineHealth: the last minutes of the engine, every process's, and the drivers' states now. */
export interface EngineHealth {
  /** The processes whose counts are in the period (WORKER_ID; a search worker's ends in `-worker`). */
  countedBy: string[];
  now: EngineSearchStates;
  /** Oldest first, ending with the current minute; none before the first minute stored (24 hours are kept). */
  minutes: EngineHealthMinute[];
}

/** A search worker as its heartbeat and the leases in Redis tell it (docs/OPERATIONS.md "Engine health"). */
export interface EngineWorker {
  /** WORKER_ID. */
  id: string;
  host: string;
  pid: number;
  startedAt: number;
  /** Its latest heartbeat, epoch ms. */
  lastSeenAt: number;
  /** Heard from within the last few heartbeats; false: it stopped answering (killed, or cut off from Redis). */
  alive: boolean;
  /** Drivers it searches at most (SEARCH_WORKER_CAPACITY). */
  capacity: number;
  /** Drivers it holds, searching or about to, as it last said. */
  drivers: number;
  /** Leases in Redis that name it now. */
  leases: number;
  /** Since it started: searches begun, leases found taken, jobs taken from it, drivers handed over on stopping. */
  searchesStarted: number;
  leasesLost: number;
  jobsLost: number;
  handedOver: number;
}

/** A job queue's depth, across every process that shares it. */
export interface EngineQueue {
  /** `search` (one job per searching driver) or `promotion` (one job per batch). */
  name: string;
  /** Waiting for a worker: for `search`, drivers no worker has taken yet. */
  waiting: number;
  active: number;
  /** Waiting for a retry's time. */
  delayed: number;
}

/** GET /api/admin/engineHealth/workers: who runs the searches and the background jobs, now. */
export interface EngineWorkers {
  /** False for the embedded single process (no REDIS_URL): it runs every search and job itself. */
  scaledOut: boolean;
  readAt: number;
  /** Workers heard from in the last 10 minutes, alive first; empty without REDIS_URL. */
  workers: EngineWorker[];
  /**
   * The per-driver leases in Redis: held (by a live or silent worker), held by a worker with no
   * heartbeat (`unknownHolder`), released with the driver's pace for the next holder. Null without REDIS_URL.
   */
  leases: { held: number; unknownHolder: number; released: number } | null;
  queues: EngineQueue[];
}

/** What the driver booked in one day or week (blocks counted by their start, in the driver's zone). */
export interface StatsPeriod {
  /** The day, or the Monday starting the week, `YYYY-MM-DD`. */
  start: string;
  /** Blocks the engine accepted, forfeited ones included. */
  accepted: number;
  /** Of those, the ones given back. */
  forfeited: number;
  /** Of the blocks kept (accepted, not forfeited): their length, pay and fees. */
  minutesBooked: number;
  payCents: number;
  /** Pay per hour booked, cents; null without a booked minute. */
  payPerHourCents: number | null;
  /** Fees charged less fees refunded, cents (the ledger's fee and refund entries of these blocks). */
  feesCents: number;
}

/** Offers of one group on their way from the platform's list to the driver's schedule. */
export interface FunnelCounts {
  /** Every offer the engine logged. */
  seen: number;
  /** Those the driver's filters took (accepted, or ignored after matching: overlap, credit, taken, failed). */
  matching: number;
  accepted: number;
  /** Matching offers another driver got first (`taken`). */
  lost: number;
}

/** Accepts the engine sent, won and lost, and its own time to accept (docs/ENGINE.md "Race timelines"). */
export interface RaceStats {
  /** Every week of the span (by the day the offer was listed), oldest first. */
  weeks: Array<{ start: string; won: number; lost: number; other: number }>;
  won: number;
  /** Taken by another driver first (410). */
  lost: number;
  /** Throttled or unanswered. */
  other: number;
  /** From the poll's answer in hand to the accept leaving, ms; null without a race. */
  timeToAcceptP50Ms: number | null;
  timeToAcceptP95Ms: number | null;
}

/** GET /api/user/stats: the driver's money and funnel over a span of days. */
export interface DriverStats extends DayRange {
  /** The races of the span's offers. */
  races: RaceStats;
  /** The zone the days are counted in: the driver's IANA zone, or a fixed offset (`UTC-05:00`). */
  timeZone: string;
  /** Every day of the span, oldest first, empty days included. */
  days: StatsPeriod[];
  /** Every week (Monday to Sunday) the span touches, oldest first. */
  weeks: StatsPeriod[];
  /** The whole span. */
  totals: Omit<StatsPeriod, 'start'>;
  funnel: FunnelCounts;
  /** Per station, most offers seen first. */
  byServiceArea: Array<FunnelCounts & { serviceAreaId: string }>;
  /** Per hour of the block's start (0 to 23) in the driver's zone, every hour listed. */
  byHour: Array<FunnelCounts & { hour: number }>;
  /** Offers not taken, per reason (docs/ENGINE.md "Ignore reasons"), most first. */
  ignoredByReason: Array<{ reason: IgnoreReason; count: number }>;
}
