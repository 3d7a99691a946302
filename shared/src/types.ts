/**
 * Types of every entity in SPEC.md section 3 and of the API envelope (DESIGN.md "API").
 * Field names are the wire names: the server and every remote share these declarations.
 */

/** Pay is compared per block or per hour of the block. */
export type PayType = 'PER_BLOCK' | 'PER_HOUR';

/** A two-handle slider value: [low, high]. */
export type Range = [number, number];

/** One set of rules deciding which offered blocks are accepted. */
export interface Filter {
  id: string;
  name: string;
  enabled: boolean;
  /** Service area ids the block must be in. */
  serviceAreas: string[];
  /** Weekdays of the block's start, Sunday = 0 ... Saturday = 6. */
  days: number[];
  /** Start and end window in minutes from midnight, 0-1440. */
  time: Range;
  /** Pay slider positions 0-100; the currency value is position x 3.00. */
  pay: Range;
  payType: PayType;
  /** Block duration in hours, 0-10. */
  duration: Range;
  /** Minimum minutes between now and the block's start, 0-60. */
  timeToArrive: number;
}

/** A delivery station the platform offers blocks in. */
export interface ServiceArea {
  id: string;
  shortName: string;
  fullName: string;
}

/** Where and how the driver wants to be notified. */
export interface NotificationPreferences {
  emailAddress: string;
  whatsAppNumber: string;
  /** Code the Telegram bot gives on /start; linking it connects the chat. */
  telegramAuthCode: string;
  /** True once a Telegram chat is linked to the account. */
  telegramConnected?: boolean;
}

/** The signed-in user's account and settings (GET /api/user). */
export interface Account {
  display_name: string;
  /** Credit in integer cents. */
  credit: number;
  emailAddress: string;
  phoneNumber: string;
  flexConnected: boolean;
  trialEligible: boolean;
  /** End of a running trial, epoch ms, or null. */
  trialEndsAt?: number | null;
  /** End of an active membership, epoch ms, or null. */
  membershipEndsAt?: number | null;
  /** The invite code others register with. */
  shareableCode: string;
  notificationPreferences: NotificationPreferences;
  /** The driver's filters; the first is the one shown. */
  filters: Filter[];
  /** Set when the platform demands a captcha the driver must solve in its own app. */
  puzzleRequired: boolean;
  /** Global setting: the currency symbol of the user's region. */
  currency_symbol: string;
}

/** What the engine did with an offer. */
export type LogAction = 'BLOCK_ACCEPT' | 'BLOCK_IGNORE';

/** One discovered offer in the driver's log. */
export interface LogEntry {
  _id: string;
  action: LogAction;
  /** When the engine saw the offer, epoch ms. */
  discoveredAt: number;
  /** Block start and end, epoch seconds. */
  startTime: number;
  endTime: number;
  serviceAreaId: string;
  /** The fee charged in cents (accepted entries). */
  cost?: number;
  rateInfo: { priceAmount: number; currency?: string };
}

/** The getLogs query: entries newer or older than a timestamp, with the chosen actions. */
export interface LogQuery {
  discoveredAt?: { $gt: number } | { $lt: number };
  action?: { $in: LogAction[] };
}

/** One knowledge-base item; an answer may be a list of lines, '' is a blank line. */
export interface KnowledgeBaseItem {
  question: string;
  answer: string | string[];
}

/** A message to support (contact and help forms). */
export interface SupportMessage {
  fullName: string;
  emailAddress: string;
  phoneNumber: string;
  question: string;
}

/** A membership plan on sale: no fee is charged while one is active. */
export interface MembershipPlan {
  id: string;
  name: string;
  /** Price in cents. */
  price: number;
  /** Length in days. */
  days: number;
  description?: string;
}

/** One link of the navigation bar. */
export interface NavigationRoute {
  path: string;
  name: string;
}

/** An accepted block on the driver's platform schedule. */
export interface ScheduledBlock {
  startTime: number;
  endTime: number;
  serviceAreaId: string;
  /** Booked price in currency units. */
  price: number;
}

/** The session the login, register and password-change calls return. */
export interface Session {
  accessToken: string;
}

/** The connect call's failure answer: where the driver signs in, and the PKCE verifier. */
export interface ChallengeSession {
  challenge_url: string;
  code_verifier: string;
}

/** Per-field messages, keyed by the field names of SPEC.md section 5. */
export type FieldErrors = Record<string, string>;

/** Every response body of the API (DESIGN.md "API"). */
export interface Envelope<T = unknown> {
  data?: T;
  /** A message the client shows: success toast on 2xx, error toast otherwise. */
  alert?: string;
  /** A path the client navigates to. */
  redirect?: string;
  errors?: FieldErrors;
  /** Extra payload of a failure, e.g. the connect call's challenge_session. */
  [extra: string]: unknown;
}

/** One remote of the federated front end, as the server's manifest lists it. */
/** What the server tells every page about itself (GET /api/publicConfig): its configuration's public part. */
export interface PublicConfig {
  /** Where drivers write to (the server's SUPPORT_EMAIL). */
  supportEmail: string;
  /** The Telegram bot drivers send /start to; null while the server has none (messages recorded locally). */
  telegramBot: { handle: string; url: string } | null;
}

export interface RemoteManifestEntry {
  /** Federation container name, e.g. `mf_auth`. */
  name: string;
  /** URL of the remote's `mf-manifest.json`. */
  entry: string;
}

/** GET /remotes.json: where each remote lives now, and which origins may serve previews. */
export interface RemotesManifest {
  remotes: RemoteManifestEntry[];
  /** Origins allowed to serve a staging preview of one remote. */
  previewOrigins: string[];
}
