/**
 * Public types of the simulator. Wire types (the ones whose field names appear on the wire) follow
 * the platform's protocol exactly (platform-sim/README.md); the rest describe options, the control
 * API and the record.
 */

/** Marketplaces the simulator knows; each has its own currency, stations and price scale. */
export type RegionCode = 'US' | 'CA' | 'UK' | 'DE' | 'ES' | 'JP' | 'AU';

/** Source of the simulator's time, in epoch milliseconds. Inject one in tests to control time. */
export interface SimulatorClock {
  /** The current time in epoch milliseconds. */
  now(): number;
}

/** Options of {@link createSimulator}; every field has a default (see README.md). */
export interface SimulatorOptions {
  /** Seed of every generated thing (service areas, offers, fault rolls). Same seed, same world. Default 1. */
  seed?: number | string;
  /** Marketplaces to create service areas in (round-robin). Default `['US']`. */
  regions?: RegionCode[];
  /** Overrides the currency of every region's offers (ISO 4217 code). Default: the region's own. */
  currency?: string;
  /** Number of service areas (at least one per region). Default 12. */
  serviceAreaCount?: number;
  /** Mean number of new offers per service area per minute (Poisson). 0 = none. Default 2. */
  offerRatePerAreaPerMinute?: number;
  /** How long a generated offer stays listed when nobody takes it, in ms. Default 120000. */
  offerLifetimeMs?: number;
  /** Mean delay (exponential) before a simulated rival takes a generated offer, in ms; `null` = no rivals. Default 15000. */
  rivalMeanDelayMs?: number | null;
  /** Whether offers are generated automatically; when false only injected offers exist. Default true. */
  autoOffers?: boolean;
  /** Lifetime of an access token (`expires_in`), in seconds. Default 3600. */
  accessTokenLifetimeSeconds?: number;
  /** Lifetime of an authorization code from the sign-in page, in ms. Default 300000. */
  authCodeTtlMs?: number;
  /** Sliding window of the per-account rate limit, in ms. Default 10000. */
  rateLimitWindowMs?: number;
  /** Work-API requests allowed per platform account per window (all its tokens and devices together); 0 disables rate limiting. Default 20. */
  rateLimitMax?: number;
  /** The `refreshInterval` offers answers tell clients, in ms (1..600000); the control API can change it at run time. Default 1000. */
  refreshIntervalMs?: number;
  /** Accounts that need a one-time code at sign-in: e-mail (case-insensitive) -> the code. Default none. */
  otpAccounts?: Record<string, string>;
  /** Faults active from the start (same shape as the control API's). Default none. */
  faults?: FaultConfig;
  /** Capacity of each ring buffer of the record (requests, accepts). Default 10000. */
  recordSize?: number;
  /** Time source of the simulated world (offers, tokens, rate limits, schedules). Default: `Date.now`. */
  clock?: SimulatorClock;
  /**
   * Source of the precise stamps: the record's real-time fields (`arrivedAtMs`, `answeredAtMs`,
   * `sentAtMs`, an accept's `arrivedAt`, `listedAt`, `listedAnsweredAt`), the too-fast-poll
   * judgement and listing-relative rivals (`rivalAfterListedMs`). Epoch ms with a fraction, and it
   * must never go back. Default: real monotonic time (`performance.timeOrigin + performance.now()`),
   * whatever `clock` is; tests inject one to control it.
   */
  preciseClock?: SimulatorClock;
  /** Serve the control API under `/__control/`. Default true. */
  controlApi?: boolean;
  /** Fastify's request logging. Default false. */
  logger?: boolean;
}

/** Options of a reset: the seed and any option except clock/preciseClock/logger/controlApi, over the ones given at creation. */
export interface ResetOptions extends Omit<SimulatorOptions, 'clock' | 'preciseClock' | 'logger' | 'controlApi'> {
  /** Keep connected devices and their tokens (accounts keep working); otherwise everything is cleared. Default false. */
  keepSessions?: boolean;
}

/** Pricing and payout of one offer, as on the wire. */
export interface RateInfo {
  /** Price of the whole block in currency units (cents = round(priceAmount x 100)). */
  priceAmount: number;
  /** ISO 4217 code. */
  currency: string;
  /** Whether a surge multiplier applies (already included in priceAmount). */
  isSurge: boolean;
  /** The surge multiplier, or null when there is no surge. */
  surgeMultiplier: number | null;
  /** Projected tips in currency units (0 for blocks). */
  projectedTips: number;
}

/** One offer as returned by `POST /GetOffersForProviderPost`. Times are epoch seconds. */
export interface Offer {
  /** Opaque id, sent back to `POST /AcceptOffer`. */
  offerId: string;
  /** Start of the block (epoch seconds, sometimes with a fraction). */
  startTime: number;
  /** End of the block (epoch seconds). */
  endTime: number;
  /** When the offer stops being offered (epoch seconds, often with a fraction); not the block's start. */
  expirationDate: number;
  /** The service area the block is in. */
  serviceAreaId: string;
  /** Offer type; exclusive offers are a label only in the simulator. */
  offerType: 'NON_EXCLUSIVE' | 'EXCLUSIVE';
  /** Whether the platform's own app would hide it. */
  hidden: boolean;
  /** Always "OFFERED" while listed. */
  status: 'OFFERED';
  /** Always "BLOCK". */
  schedulingType: 'BLOCK';
  /** Price of the block. */
  rateInfo: RateInfo;
}

/** One entry of `serviceAreaPoolList` (`GET /getOfferFiltersOptions`). */
export interface ServiceAreaPoolEntry {
  /** Display name, e.g. "Seattle (DWA6) - Amazon.com". */
  serviceAreaName: string;
  /** Opaque id used in offers and filters. */
  serviceAreaId: string;
  /** The station's position, degrees (the real platform may leave these out). */
  latitude?: number;
  longitude?: number;
}

/** A service area with the simulator's extra facts about it (control API). */
export interface ServiceAreaInfo extends ServiceAreaPoolEntry {
  /** Marketplace it belongs to. */
  region: RegionCode;
  /** Currency of its offers. */
  currency: string;
  /** Station code, e.g. "DWA6". */
  stationCode: string;
  /** City name. */
  city: string;
}

/** One booked block (`GET /scheduledAssignments`). */
export interface ScheduledAssignment {
  /** Start of the block (epoch seconds), as it was offered; also the key of the forfeit call. */
  startTime: number;
  /** End of the block (epoch seconds). */
  endTime: number;
  /** Service area of the block. */
  serviceAreaId: string;
  /** Price booked, in currency units. */
  bookedPrice: { amount: number };
}

/** Kinds of injected fault. See README.md for each one's response. */
export type FaultKind = 'serverError' | 'latency' | 'reset' | 'captcha' | 'signing' | 'unauthorized' | 'tokenExpiry' | 'throttle';

/** One fault rule. A request is matched against the account's rules, then the global ones, in order. */
export interface FaultRule {
  /** What happens to a matching request. */
  kind: FaultKind;
  /** Probability a matching request is hit, 0..1. Default 1 (every matching request). */
  rate?: number;
  /** Only this account (customer_info.user_id). */
  accountId?: string;
  /** Only this account, by sign-in e-mail (resolved to its user id). */
  email?: string;
  /** Only requests whose path starts with one of these (e.g. "/AcceptOffer"). Default all work-API paths. */
  paths?: string[];
  /** Only this many more hits, then the rule is spent. Default unlimited. */
  remaining?: number;
  /** For `serverError`: the status, 500..599. Default 503. */
  status?: number;
  /** For `latency`: added delay in ms. Default 1000. */
  latencyMs?: number;
}

/** The whole fault set (replaced as a unit by the control API). */
export interface FaultConfig {
  /** Rules; latency rules add up, the first other matching rule decides the response. */
  rules: FaultRule[];
}

/** What a work-API or auth request ended as (one word per row of docs/PLATFORM.md section 3, plus successes). */
export type RequestOutcome =
  | 'ok'
  | 'bad_request'
  | 'not_found'
  | 'unauthorized'
  | 'token_expired'
  | 'token_superseded'
  | 'missing_instance_id'
  | 'bad_header'
  | 'rate_limited'
  | 'offer_gone'
  | 'auth_failed'
  | 'server_error'
  | 'fault_server_error'
  | 'fault_reset'
  | 'fault_captcha'
  | 'fault_signing'
  | 'fault_unauthorized'
  | 'fault_token_expiry'
  | 'fault_throttle';

/** One request in the record. */
export interface RequestRecord {
  /** Position in the record (shared by requests and accepts; increasing). */
  seq: number;
  /** Work API or token service. */
  kind: 'work' | 'auth';
  /** HTTP method. */
  method: string;
  /** Path without the query string. */
  path: string;
  /** Account (user id) the token belongs to, when known. */
  accountId: string | null;
  /** Simulator-local number of the access token used (never the token itself), when known. */
  tokenId: number | null;
  /** The `x-flex-instance-id` header. */
  instanceId: string | null;
  /** The `x-sim-client` header (a caller's own id, e.g. a worker name). */
  clientId: string | null;
  /** Clock time the request arrived, epoch ms. */
  startedAt: number;
  /** Clock time the response was decided, epoch ms. */
  endedAt: number;
  /** Logical time of arrival: strictly orders every start and end event in the process. */
  startTick: number;
  /** Logical time of the response (> startTick). Two requests overlapped iff each started before the other ended. */
  endTick: number;
  /** HTTP status sent (0 for a reset connection). */
  status: number;
  /** What it ended as. */
  outcome: RequestOutcome;
  /** Injected latency, ms. */
  latencyMs: number;
  /**
   * Precise-clock time the request arrived (real monotonic time unless `preciseClock` is injected),
   * epoch ms with a fraction: stamped by the first hook that sees it, before its body is parsed.
   */
  arrivedAtMs: number;
  /** Precise-clock time the handler decided the answer (before it was serialised and sent), epoch ms with a fraction. */
  answeredAtMs: number;
  /**
   * Precise-clock time the answer's body was handed to the socket, epoch ms with a fraction:
   * stamped synchronously right after `res.end()` returned (not in the 'finish' event, which a busy
   * event loop runs late). Null until then, and for a connection that closed before the answer got out.
   */
  sentAtMs: number | null;
  /**
   * Offers polls only: ms since the arrival of the account's last poll answered with a
   * refreshInterval, on the precise clock (the difference of the two `arrivedAtMs`); null otherwise.
   */
  pollGapMs: number | null;
  /** An offers poll that came sooner than the refreshInterval the account was last told. */
  tooFastPoll: boolean;
}

/** Why an accept lost. */
export type AcceptLossReason = 'taken_by_rival' | 'taken_by_other' | 'expired' | 'unknown_offer';

/** One `POST /AcceptOffer` in the record. */
export interface AcceptRecord {
  /** Position in the record (shared with requests). */
  seq: number;
  /** Clock time, epoch ms. */
  at: number;
  /** Precise-clock time the accept request arrived, epoch ms with a fraction (its request's `arrivedAtMs`; same time line as listedAt). */
  arrivedAt: number;
  /** Logical time (same scale as RequestRecord ticks). */
  tick: number;
  /** The offer asked for. */
  offerId: string;
  /** Its service area, when the offer is known. */
  serviceAreaId: string | null;
  /** Who asked. */
  accountId: string;
  /** The `x-flex-instance-id` header. */
  instanceId: string;
  /** The `x-sim-client` header. */
  clientId: string | null;
  /** Whether this accept got the block. */
  won: boolean;
  /** Why it lost (null when won). */
  reason: AcceptLossReason | null;
  /** It won, and the block overlapped one already on the account's schedule (half-open: back-to-back is fine). */
  overlapsSchedule: boolean;
  /**
   * Precise-clock time the first offers response that listed this offer to this account was handed
   * to the socket (that poll's `sentAtMs`: right after `res.end()` returned), epoch ms with a
   * fraction; null if it was never listed to the account (or no listing got out).
   * `arrivedAt - listedAt` is the client's reaction time.
   */
  listedAt: number | null;
  /**
   * Precise-clock time the handler decided the answer of that same listing (that poll's
   * `answeredAtMs`, before serialising and sending it), epoch ms with a fraction; null exactly when
   * `listedAt` is. `arrivedAt - listedAnsweredAt` is an upper bound of the reaction time that also
   * counts the simulator's serialising and writing of the page.
   */
  listedAnsweredAt: number | null;
}

/** Counters over the whole run; never dropped by the ring buffers. */
export interface RecordTotals {
  /** Requests recorded. */
  requests: number;
  /** Requests per outcome. */
  byOutcome: Partial<Record<RequestOutcome, number>>;
  /** Accepts that won. */
  acceptsWon: number;
  /** Accepts that lost. */
  acceptsLost: number;
  /** Won accepts whose block overlapped one already booked on that account. */
  doubleBookings: number;
  /** Offers polls that came sooner than the refreshInterval their account was last told. */
  tooFastPolls: number;
  /** The same, per account (accounts with none are absent). */
  tooFastPollsByAccount: Record<string, number>;
}

/** A query on the record. */
export interface RecordQuery {
  /** Only entries with seq >= since (use a page's nextSeq to read incrementally). Default 0. */
  since?: number;
  /** At most this many entries of each kind (oldest first). Default: all. */
  limit?: number;
  /** Only this account's entries. */
  accountId?: string;
}

/** A page of the record. */
export interface RecordPage {
  /** Requests, oldest first. */
  requests: RequestRecord[];
  /** Accepts, oldest first. */
  accepts: AcceptRecord[];
  /** Pass as `since` to read only what comes after this page. */
  nextSeq: number;
  /** Requests pushed out of the ring buffer so far. */
  droppedRequests: number;
  /** Accepts pushed out of the ring buffer so far. */
  droppedAccepts: number;
  /** Whole-run counters. */
  totals: RecordTotals;
}

/** Two requests of one account from different clients that overlapped (or came closer than the handoff gap). */
export interface ConcurrentPolling {
  /** The account polled by both. */
  accountId: string;
  /** The earlier request. */
  first: RequestRecord;
  /** The later request, from another client. */
  second: RequestRecord;
}

/** An offer won more than once (must never happen). */
export interface DoubleAccept {
  /** The offer. */
  offerId: string;
  /** Every winning accept of it. */
  winners: AcceptRecord[];
}

/** Result of checking the record for the two invariants benchmarks assert. */
export interface RecordViolations {
  /** Accounts served to two clients at once. */
  concurrentPolling: ConcurrentPolling[];
  /** Offers accepted twice. */
  doubleAccepts: DoubleAccept[];
  /** Requests examined (what the ring buffer still holds). */
  examinedRequests: number;
  /** Accepts examined. */
  examinedAccepts: number;
}

/** Options of the record check. */
export interface ViolationOptions {
  /**
   * A client may take over an account from another only after this quiet gap (ms between the
   * last request of one and the first of the other). 0 flags only truly overlapping requests.
   */
  handoffGapMs?: number;
}

/** An offer to put on the board now (control API). Every field is optional; the rest is generated. */
export interface InjectOfferInput {
  /** Service area; default the first one. */
  serviceAreaId?: string;
  /** Offer id; default a generated one. Must be unused. */
  offerId?: string;
  /** Block start, epoch seconds; default generated (15 min to days ahead). */
  startTime?: number;
  /** Block length in hours; default generated (1.5 to 6 in halves). Ignored when endTime is given. */
  durationHours?: number;
  /** Block end, epoch seconds. */
  endTime?: number;
  /** Block price in currency units; default generated. */
  priceAmount?: number;
  /** Currency; default the area's. */
  currency?: string;
  /** Surge flag; default false. */
  isSurge?: boolean;
  /** Surge multiplier; default null. */
  surgeMultiplier?: number | null;
  /** Projected tips; default 0. */
  projectedTips?: number;
  /** Offer type; default NON_EXCLUSIVE. */
  offerType?: 'NON_EXCLUSIVE' | 'EXCLUSIVE';
  /** Hidden flag; default false. */
  hidden?: boolean;
  /** When the offer stops being listed, epoch seconds; default now + offerLifetimeMs. */
  expirationDate?: number;
  /** A rival takes it this many ms from now (the simulator's clock); default null (no rival). Not with `rivalAfterListedMs`. */
  rivalDelayMs?: number | null;
  /**
   * A rival takes it this many ms (>= 0) after the first offers response listing it to any account
   * was handed to the socket (that listing's send stamp, the precise clock); it never does while
   * the offer is not listed. Accepts and polls are judged at their arrival stamp: those arriving at
   * or after that moment get 410 `taken_by_rival` / do not list it. Not with `rivalDelayMs`.
   */
  rivalAfterListedMs?: number;
}

/** The polling pace the offers call asks for (control API). */
export interface PaceSettings {
  /** The `refreshInterval` of every offers answer from now on, in ms: an integer 1..600000. */
  refreshIntervalMs: number;
}

/** Which access tokens to expire: one token, or every token of an account. */
export type TokenTarget = { accessToken: string } | { accountId: string };

/** Which devices to deregister: by refresh token, account id or e-mail. */
export type DeviceTarget = { refreshToken: string } | { accountId: string } | { email: string };

/** A summary of the simulator's state (control API). */
export interface SimulatorStateSummary {
  /** The seed in effect. */
  seed: number | string;
  /** The clock's time, epoch ms. */
  now: number;
  /** Regions in effect. */
  regions: RegionCode[];
  /** All service areas. */
  serviceAreas: ServiceAreaInfo[];
  /** Accounts seen (registered at least once since the reset). */
  accounts: number;
  /** Connected devices. */
  devices: number;
  /** Access tokens held (valid or expired). */
  accessTokens: number;
  /** Offers held in memory (listed or recently gone). */
  offersInMemory: number;
  /** Next record seq. */
  nextSeq: number;
  /** The refreshInterval offers answers tell now, ms. */
  refreshIntervalMs: number;
}

/** Operations of the control API, callable in-process (tests) or over HTTP under `/__control/`. */
export interface SimulatorControl {
  /** Clears the world and starts again with these options over the creation options. */
  reset(options?: ResetOptions): SimulatorStateSummary;
  /** Puts an offer on the board now and returns it. */
  injectOffer(input?: InjectOfferInput): Offer;
  /** Offers listed right now (optionally in one area), without generating or rate limiting. */
  listOffers(serviceAreaId?: string): Offer[];
  /** Replaces the fault set; returns it. */
  setFaults(config: FaultConfig): FaultConfig;
  /** The current fault set (with remaining counts). */
  getFaults(): FaultConfig;
  /** Expires access tokens now (next use -> 403); returns how many. */
  expireToken(target: TokenTarget): { expired: number };
  /** Deregisters devices: their refresh tokens fail and access tokens are revoked (401); returns how many. */
  deregisterDevice(target: DeviceTarget): { deregistered: number };
  /** Sets the refreshInterval every account is told from now on (until the next reset); returns it. */
  setPace(settings: PaceSettings): PaceSettings;
  /** The pace in effect. */
  getPace(): PaceSettings;
  /** Reads the record. */
  readRecord(query?: RecordQuery): RecordPage;
  /** Checks the record for concurrent polling of one account and double accepts. */
  findViolations(options?: ViolationOptions): RecordViolations;
  /** Which areas of its region the account may work (what `getEligibleServiceAreas` answers from now on). */
  setEligibleAreas(accountId: string, serviceAreaIds: string[]): void;
  /** The account's booked blocks (what `GET /scheduledAssignments` returns for it). */
  schedule(accountId: string): ScheduledAssignment[];
  /** A summary of the state. */
  state(): SimulatorStateSummary;
}
