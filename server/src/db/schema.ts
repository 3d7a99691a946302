/**
 * The database's tables as Kysely sees them. One schema for PGlite and PostgreSQL; migrations in
 * ./migrations create it. Feature issues add their tables here and in a new migration.
 */
import type { ColumnType, Generated } from 'kysely';
import type { CountryCode } from '@blockpilot/shared/constants';
import type { IgnoreReason, LogAction, PayType, ScheduledBlock } from '@blockpilot/shared/types';
import type { PlatformRegion } from '../adapters/platform/config.js';
import type { PlatformServiceArea } from '../adapters/platform/types.js';

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
export type LedgerKind = 'signup' | 'topup' | 'payment' | 'membership' | 'invite' | 'fee' | 'refund';

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
export type OrderStatus = 'pending' | 'paid' | 'cancelled';

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
}

/** A question sent through the contact or help form. */
export interface SupportMessageTable {
  id: Generated<number>;
  user_id: string | null;
  full_name: string;
  email: string;
  phone_number: string;
  question: string;
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
  /** getOfferFiltersOptions, cached; written as a JSON string. */
  service_areas: ColumnType<PlatformServiceArea[] | null, string | null, string | null>;
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
}

/** An accept asked of the platform whose outcome is not yet written to the log. */
export interface AcceptAttemptTable extends OfferColumns {
  /** The fee decided when accepting (0 in a trial or membership). */
  fee_cents: number;
  created_at: Date;
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
  offer_logs: OfferLogTable;
  accept_attempts: AcceptAttemptTable;
}
