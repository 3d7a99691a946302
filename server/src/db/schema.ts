/**
 * The database's tables as Kysely sees them. One schema for PGlite and PostgreSQL; migrations in
 * ./migrations create it. Feature issues add their tables here and in a new migration.
 */
import type { ColumnType, Generated } from 'kysely';
import type { CountryCode, FilterAction, Language, NotificationChannel, NotificationEvent, PlatformRegion, Role } from '@blockpilot/shared/constants';
import type {
  CreditAdjustmentStatus,
  IgnoreReason,
  LedgerKind,
  LoadStage,
  LogAction,
  OrderStatus,
  PayType,
  PromotionStatus,
  ScheduledBlock,
  TicketStatus,
} from '@blockpilot/shared/types';

/** Who decided an account's role last (docs/OPERATIONS.md "Roles"). */
export type RoleGrantedBy = 'ADMIN_EMAILS' | 'console';

/** A column the database fills in on insert and the code never changes. */
type CreatedAt = ColumnType<Date, Date | undefined, never>;

/** A record of operator-visible events at start-up, proving migrations and writes work. */
export interface BootTable {
  id: Generated<number>;
  started_at: Generated<Date>;
  version: string;
}

/** A driver's account. Credit is kept here and changed only by the ledger module. */
export interface UserTable {
  id: Generated<string>;
  /** Lower-cased and trimmed, unique. */
  email: string;
  phone_number: string;
  country_code: CountryCode;
  /** `scrypt$<log2N>$<r>$<p>$<salt>$<hash>` (security/passwords.ts). */
  password_hash: string;
  display_name: string;
  /** Balance in cents; equals the sum of the user's ledger entries; a CHECK keeps it >= 0. */
  credit_cents: Generated<number>;
  /** The code others register with (`/invite/{code}`). */
  shareable_code: string;
  invited_by: string | null;
  trial_ends_at: Date | null;
  membership_ends_at: Date | null;
  notify_email: string;
  notify_whatsapp: Generated<string>;
  /** The Telegram link code the driver entered, shown back to them once linked. */
  telegram_auth_code: Generated<string>;
  telegram_chat_id: string | null;
  promotions_opted_out_at: Date | null;
  /** Search-engine state: connected, puzzle pending, searching (resumed on restart), and the time zone of matching. */
  flex_connected: Generated<boolean>;
  puzzle_required: Generated<boolean>;
  searching: Generated<boolean>;
  /** The browser's minutes offset from UTC sent with toggleSearchState. */
  timezone_offset: Generated<number>;
  /** The browser's IANA time zone sent with toggleSearchState; null: match with timezone_offset. */
  time_zone: string | null;
  /** When the driver opened the e-mailed verification link; the sign-up bonus waits for it. */
  email_verified_at: Date | null;
  /** The language the app, e-mails and chat messages use for this driver (docs/FRONTEND.md, "Languages"). */
  language: Generated<Language>;
  /** Driver or operator (docs/OPERATIONS.md "Roles"). */
  role: Generated<Role>;
  /** Who decided the role last: the ADMIN_EMAILS list (which takes back only what it gave) or an admin in the console (whose decision the list never overrides). */
  role_granted_by: Generated<RoleGrantedBy | null>;
  /** Set while an operator has suspended the account: no sign-in, no session, no search. */
  suspended_at: Generated<Date | null>;
  /** Set while the credit guard holds the search (docs/LIVE.md "Credit guard"). */
  search_paused_for: 'credit' | null;
  /** Matching offers skipped for credit since the pause began, and their pay in cents. */
  missed_offers: Generated<number>;
  missed_value_cents: Generated<number>;
  /** When the driver was told their credit is low; cleared once it is no longer low (one notice per crossing). */
  low_credit_notified_at: Date | null;
  created_at: CreatedAt;
}

/** What a bearer token lets its holder do. */
export type TokenKind = 'access' | 'reset';

/** Access and reset tokens, stored only as SHA-256 hashes. */
export interface AuthTokenTable {
  token_hash: string;
  user_id: string;
  kind: TokenKind;
  created_at: CreatedAt;
  expires_at: Date;
  /** Set on logout, password change, or (reset tokens) first use. */
  revoked_at: Date | null;
}

/** A driver's filter; the columns mirror the Filter wire type. */
export interface FilterTable {
  id: Generated<string>;
  user_id: string;
  name: string;
  enabled: boolean;
  service_areas: string[];
  days: number[];
  time_from: number;
  time_to: number;
  pay_from: number;
  pay_to: number;
  pay_type: PayType;
  duration_from: number;
  duration_to: number;
  time_to_arrive: number;
  /** What a match does: take the block, or only tell the driver (migration 0035). */
  action: Generated<FilterAction>;
  /** The driver's order, 0 first: the first is the one the dashboard shows (migration 0019). */
  position: Generated<number>;
  created_at: CreatedAt;
}

/** Codes the Telegram bot hands out on /start; a driver enters one to link the chat. */
export interface TelegramLinkCodeTable {
  code: string;
  chat_id: string;
  expires_at: Date;
  used_at: Date | null;
}

/** What a ledger entry is for; its key starts with the kind (`topup:<orderId>`). */
export type { LedgerKind };

/** One change of a user's credit. The unique key makes every change happen at most once. */
export interface LedgerEntryTable {
  id: Generated<number>;
  user_id: string;
  key: string;
  kind: LedgerKind;
  /** Signed cents, never zero. */
  amount_cents: number;
  created_at: CreatedAt;
}

export type OrderKind = 'topup' | 'membership';
export type { OrderStatus, TicketStatus };

/** A purchase paid through the payments adapter. Its id is the client's orderStatusId. */
export interface OrderTable {
  id: Generated<string>;
  user_id: string;
  kind: OrderKind;
  amount_cents: number;
  currency: string;
  membership_plan_id: string | null;
  status: Generated<OrderStatus>;
  /** The payment provider's reference (a Stripe Checkout session id). */
  provider_ref: string | null;
  created_at: CreatedAt;
  settled_at: Date | null;
  /** Set when the payment was refunded: by an operator (docs/OPERATIONS.md "Refunds"), or because it arrived after the order was cancelled. */
  refunded_at: Generated<Date | null>;
  /** The payment provider's reference of the refund (null for the dev checkout). */
  refund_ref: Generated<string | null>;
}

/** A question sent through the contact or help form. */
export interface SupportMessageTable {
  id: Generated<number>;
  user_id: string | null;
  full_name: string;
  email: string;
  phone_number: string;
  question: string;
  /** Where the ticket stands in the support inbox. */
  status: Generated<TicketStatus>;
  /** Sent signed in, from the account whose verified address it carries (docs/OPERATIONS.md "Support inbox"). */
  sender_verified: Generated<boolean>;
  created_at: CreatedAt;
}

/** An operator's answer to a support message, as e-mailed to the sender. */
export interface SupportReplyTable {
  id: Generated<number>;
  message_id: number;
  author_id: string | null;
  author_email: string;
  text: string;
  created_at: CreatedAt;
}

/** One operator action: who did what to whom, why, and the state before and after (docs/OPERATIONS.md "Audit"). */
export interface AuditEntryTable {
  id: Generated<number>;
  actor_id: string | null;
  actor_email: string;
  action: string;
  target_user_id: string | null;
  /** What else the action was about (an order id, a ticket number). */
  subject: string | null;
  reason: string | null;
  /** Written as JSON strings. */
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  /** The hour of a read of personal data: one entry per operator, action, subject and hour (docs/OPERATIONS.md "Audit"). */
  read_hour: Generated<Date | null>;
  created_at: CreatedAt;
}

/** An admin's credit adjustment: credited at once, or waiting for a second admin past the daily bound (docs/OPERATIONS.md "Credit adjustments"). */
export interface CreditAdjustmentTable {
  id: Generated<string>;
  user_id: string;
  /** The Idempotency-Key it was asked with; its ledger entry's key is `adjustment:<driver>:<key>`. */
  request_key: string;
  amount_cents: number;
  reason: string;
  requested_by: string | null;
  requested_by_email: string;
  status: CreditAdjustmentStatus;
  approved_by: string | null;
  approved_by_email: string | null;
  approved_at: Date | null;
  created_at: CreatedAt;
}

/** E-mail kept by the embedded mail adapter instead of being sent. */
export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text: string;
  /** Extra headers such as List-Unsubscribe; written as a JSON string. */
  headers: ColumnType<Record<string, string>, string, never>;
  created_at: CreatedAt;
}

/** A driver's connected platform account. Tokens are sealed (security/tokenCipher.ts), bound to the user. */
export interface PlatformAccountTable {
  user_id: string;
  region: PlatformRegion;
  /** The platform's account id (`customer_info.user_id`). */
  platform_user_id: string;
  /** `x-flex-instance-id`: one UUID per connected account. */
  instance_id: string;
  /** The device serial registered for this account (its `client_id` is derived from it). */
  device_serial: string;
  /** Sealed with context `<user id>:refresh`. */
  refresh_token: string;
  /** Sealed with context `<user id>:access`. */
  access_token: string;
  access_issued_at: Date;
  access_expires_at: Date;
  /** getOfferFiltersOptions, cached (each area's id and name); written as a JSON string. */
  service_areas: ColumnType<Array<{ id: string; name: string; location?: { latitude: number; longitude: number } }> | null, string | null, string | null>;
  service_areas_fetched_at: Date | null;
  /** scheduledAssignments as last read (by the engine or a schedule view); written as a JSON string. */
  schedule: ColumnType<ScheduledBlock[] | null, string | null, string | null>;
  schedule_read_at: Date | null;
  /** Area ids the account may work, as the engine last read them; written as a JSON string. */
  eligible_service_areas: ColumnType<string[] | null, string | null, string | null>;
  eligible_read_at: Date | null;
  connected_at: CreatedAt;
}

/** A sign-in challenge handed to a driver, waiting for the pasted landing URL (PKCE verifier kept as its SHA-256). */
/** A platform account that has had its free trial: once per platform account, ever. */
export interface PlatformTrialTable {
  platform_user_id: string;
  /** The driver who started it (null once their account is deleted: the trial stays used). */
  user_id: string | null;
  started_at: Date;
}

export interface PlatformChallengeTable {
  verifier_hash: string;
  user_id: string;
  region: PlatformRegion;
  device_serial: string;
  expires_at: Date;
}

/** Why an offer was not accepted. */
export type { IgnoreReason };

/** The offer a log entry or an accept attempt is about, as the platform described it. */
export interface OfferColumns {
  user_id: string;
  offer_id: string;
  discovered_at: Date;
  /** Block start and end, epoch seconds as the platform sent them. */
  start_time: number;
  end_time: number;
  service_area_id: string;
  price_amount: number;
  currency: string;
}

/** One offer the engine saw for a driver, once (unique per user and offer). */
export interface OfferLogTable extends OfferColumns {
  id: Generated<string>;
  action: LogAction;
  /** Set for BLOCK_IGNORE. */
  reason: IgnoreReason | null;
  /** The fee charged in cents (0 for ignored offers and fee-free periods). */
  cost_cents: Generated<number>;
  /** Set when the driver forfeited the block: the entry leaves the log, the fee was refunded. */
  forfeited_at: Date | null;
  /** For an 'overlap': the booked block it clashed with (start, epoch seconds, and station). */
  overlap_start_time: number | null;
  overlap_service_area_id: string | null;
  /** For a 'travel' entry (whose overlap_* columns name the booked block): the travel time between the stations, minutes. */
  travel_minutes: Generated<number | null>;
}

/** A driver's work limits (docs/PRODUCT.md "Work limits"); no row means none. */
export interface WorkLimitsTable {
  user_id: string;
  away_dates: ColumnType<Array<{ from: string; to: string }>, string, string>;
  max_day_minutes: number;
  max_week_minutes: number;
  weekly_pay_goal_cents: number;
  travel_buffer_minutes: number;
  average_speed_kmh: number;
}

/** An accept asked of the platform whose outcome is not yet written to the log. */
export interface AcceptAttemptTable extends OfferColumns {
  /** The fee decided when accepting (0 in a trial or membership). */
  fee_cents: number;
  created_at: Date;
}

/** One shared module of a release's build, as its mf-manifest.json lists it. */
export interface ReleaseSharedModule {
  name: string;
  version: string;
  requiredVersion: string;
}

/** An immutable build of one remote (docs/RELEASES.md). */
export interface ReleaseTable {
  id: Generated<string>;
  remote: string;
  version: string;
  /** sha384 over the sorted list of (path, integrity): equal builds have equal digests. */
  build_digest: string;
  manifest: ColumnType<Record<string, unknown>, string, never>;
  shared: ColumnType<ReleaseSharedModule[], string, never>;
  exposes: string[];
  git_commit: string | null;
  published_by: string;
  published_at: CreatedAt;
  /** The URL of its mf-manifest.json when another origin serves the build; null: its files are stored here. */
  hosted_url: string | null;
  /** Gzipped bytes of its remote entry and `./App`'s first scripts, measured at publish (docs/RELEASES.md "Compatibility gate"); null before they were measured. */
  first_load_bytes: number | null;
}

/**
 * A file of a release: its stored bytes are served only while they hash to `integrity`. For a
 * hosted release, the manifest and remote entry as they were when it was registered (nothing stored).
 */
export interface ReleaseFileTable {
  release_id: string;
  path: string;
  /** SRI form: `sha384-<base64>`. */
  integrity: string;
  size: number;
}

/** A channel (production, staging, a named preview); every move bumps its revision. */
export interface ReleaseChannelTable {
  name: string;
  revision: Generated<number>;
  updated_at: Generated<Date>;
}

/** Which release of a remote a channel serves, and its canary if one runs. */
export interface ReleaseChannelEntryTable {
  channel: string;
  remote: string;
  release_id: string;
  canary_release_id: string | null;
  canary_percent: number | null;
  canary_users: Generated<string[]>;
  /** The channel revision of this remote's last move here: what a move's compare-and-swap checks (docs/RELEASES.md "Moves: promote, rollback, compare-and-swap"). */
  revision: Generated<number>;
  /** A stepped canary's percentages, ascending to 100 (docs/RELEASES.md "Canary"); null without a schedule, like the four below. */
  canary_steps: number[] | null;
  /** The index in canary_steps of the step the canary is at. */
  canary_step: number | null;
  canary_step_started_at: Date | null;
  canary_hold_seconds: number | null;
  canary_min_healthy_loads: number | null;
}

/** A deploy token scoped to one remote, stored as its SHA-256. */
export interface ReleaseTokenTable {
  id: Generated<string>;
  label: string;
  remote: string;
  token_hash: string;
  created_by: string;
  created_at: CreatedAt;
  revoked_at: Date | null;
}

/** A signed-in user's vote on a release they were assigned: it rendered, or it failed and how (docs/RELEASES.md "Canary"). */
export interface ReleaseLoadVoteTable {
  release_id: string;
  channel: string;
  user_id: string;
  failed: boolean;
  stage: LoadStage | null;
  error_name: string | null;
  stack_hash: string | null;
  /** When the vote took its present verdict (a failure replacing a success moves it). */
  voted_at: ColumnType<Date, Date | undefined, Date>;
}

/** Append-only (a trigger refuses update and delete): who did what to which release, and why. */
export interface ReleaseAuditTable {
  id: Generated<number>;
  at: CreatedAt;
  actor: string;
  action: string;
  channel: string | null;
  remote: string | null;
  from_release_id: string | null;
  to_release_id: string | null;
  revision: number | null;
  reason: string | null;
  forced: Generated<boolean>;
  detail: ColumnType<Record<string, unknown>, string | undefined, never>;
}

/** A knowledge-base article; drivers see the published ones, by position. */
export interface KnowledgeBaseArticleTable {
  id: Generated<number>;
  position: number;
  question: string;
  /** A text; several lines joined by "\n" ('' is a blank line). */
  answer: string;
  published: boolean;
  /** Drivers read the published articles of their page's language. */
  language: ColumnType<Language, Language | undefined, Language>;
  created_at: CreatedAt;
  updated_at: Date;
}

/**
 * pending → sending (claimed by one attempt of its batch) → sent | skipped (opted out meanwhile) |
 * failed (the mail adapter refused) | unconfirmed (the attempt stopped before it knew: never sent again).
 */
export type PromotionRecipientStatus = 'pending' | 'sending' | 'sent' | 'skipped' | 'failed' | 'unconfirmed';

/** A promotional e-mail: a draft until sent, sent once. */
export interface PromotionTable {
  id: Generated<number>;
  subject: string;
  text: string;
  status: Generated<PromotionStatus>;
  created_by_email: string;
  created_at: CreatedAt;
  send_started_at: Date | null;
  sent_at: Date | null;
}

/** One driver a promotion goes to: the row is claimed before the e-mail goes, so it goes once. */
export interface PromotionRecipientTable {
  promotion_id: number;
  user_id: string;
  status: Generated<PromotionRecipientStatus>;
  /** The batch (a job) the row is delivered in. */
  batch: Generated<number>;
  /** The attempt that claimed the row (`sending` and after); only that attempt settles it. */
  claim: string | null;
  updated_at: Generated<Date>;
}

/** A driver's automatic top-up (docs/LIVE.md "Automatic top-up"). */
export interface AutoTopUpTable {
  user_id: string;
  enabled: Generated<boolean>;
  amount_cents: number;
  threshold_cents: number;
  /** True while a fall below the threshold may charge: claimed (false) by the charge, re-armed when the credit reaches the threshold. */
  armed: Generated<boolean>;
  /** The payment provider's customer and saved card (Stripe: cus_..., pm_...); null until a card is saved. */
  customer_ref: Generated<string | null>;
  payment_method_ref: Generated<string | null>;
  /** How the card is shown ("Visa ending 4242"). */
  card_label: Generated<string | null>;
  /** The card setup under way (the dev checkout's page, Stripe's setup session). */
  setup_id: Generated<string | null>;
  /** The order of the latest automatic charge. */
  last_order_id: Generated<string | null>;
  /** Why the latest charge failed (it turned automatic top-up off), and when. */
  last_failure: Generated<string | null>;
  last_failure_at: Generated<Date | null>;
}

/** A device (browser) receiving Web Push for a driver (docs/LIVE.md "Push notifications"). */
export interface PushSubscriptionTable {
  id: Generated<string>;
  user_id: string;
  /** The push service's URL for this browser; unique: one device belongs to one driver. */
  endpoint: string;
  /** The browser's P-256 public key and authentication secret (base64url), for RFC 8291 encryption. */
  p256dh: string;
  auth: string;
  label: string;
  created_at: CreatedAt;
}

/** The events a driver chose for one channel; a channel without a row notifies of every event. */
export interface NotificationEventTable {
  user_id: string;
  channel: NotificationChannel;
  events: NotificationEvent[];
}

/** A driver's private calendar feed link, stored as its token's SHA-256 (docs/LIVE.md "The driver's app"). */
export interface CalendarFeedTable {
  user_id: string;
  token_hash: string;
  /** When the current link was made: a rotation sets it anew. */
  created_at: ColumnType<Date, Date | undefined, Date>;
}

/** One process's engine counts for one minute (docs/OPERATIONS.md "Engine health"); rows older than 24 hours are deleted. */
export interface EngineHealthMinuteTable {
  minute: Date;
  /** WORKER_ID of the process that counted. */
  process: string;
  offers_seen: number;
  accepted: number;
  throttled: number;
  puzzles: number;
  errors: ColumnType<Record<string, number>, string, string>;
  race_count: number;
  race_samples: ColumnType<number[], string, string>;
  searching: number | null;
  waiting_on_puzzle: number | null;
  paused_for_credit: number | null;
  /** Drivers of this process that backed off after the platform slowed them (429s, failures in a row) in the minute. */
  backing_off: Generated<number>;
  updated_at: Date;
}

/** One accept the engine sent and what became of it (docs/ENGINE.md "Race timelines"). */
export interface OfferRaceTable {
  id: Generated<string>;
  user_id: string;
  offer_id: string;
  /** The wall time of the poll answer that first held the offer. */
  listed_at: Date;
  /** Poll answer -> accept sent, ms (monotonic). */
  sent_after_ms: number;
  answer: 'accepted' | 'taken' | 'throttled' | 'other';
  /** Accept sent -> the platform's answer, ms (monotonic). */
  answered_after_ms: number;
  answered_at: Date;
}

/** One hour of one account's health, as one process counted it (docs/LIVE.md "Account health"). */
export interface AccountHealthHourTable {
  user_id: string;
  hour: Date;
  process: string;
  polls: number;
  poll_minutes: number;
  refresh_interval_ms: number | null;
  throttled: number;
  puzzles: number;
  refused: number;
  backed_off: number;
  paused: number;
  updated_at: Date;
}

export interface DatabaseSchema {
  boots: BootTable;
  users: UserTable;
  auth_tokens: AuthTokenTable;
  filters: FilterTable;
  telegram_link_codes: TelegramLinkCodeTable;
  ledger_entries: LedgerEntryTable;
  orders: OrderTable;
  support_messages: SupportMessageTable;
  outbox: OutboxTable;
  platform_accounts: PlatformAccountTable;
  platform_challenges: PlatformChallengeTable;
  platform_trials: PlatformTrialTable;
  offer_logs: OfferLogTable;
  accept_attempts: AcceptAttemptTable;
  releases: ReleaseTable;
  release_files: ReleaseFileTable;
  release_channels: ReleaseChannelTable;
  release_channel_entries: ReleaseChannelEntryTable;
  release_tokens: ReleaseTokenTable;
  release_load_votes: ReleaseLoadVoteTable;
  release_audit: ReleaseAuditTable;
  audit_entries: AuditEntryTable;
  credit_adjustments: CreditAdjustmentTable;
  support_replies: SupportReplyTable;
  knowledge_base_articles: KnowledgeBaseArticleTable;
  promotions: PromotionTable;
  promotion_recipients: PromotionRecipientTable;
  auto_top_ups: AutoTopUpTable;
  push_subscriptions: PushSubscriptionTable;
  notification_events: NotificationEventTable;
  calendar_feeds: CalendarFeedTable;
  engine_health_minutes: EngineHealthMinuteTable;
  offer_races: OfferRaceTable;
  work_limits: WorkLimitsTable;
  account_health_hours: AccountHealthHourTable;
}
