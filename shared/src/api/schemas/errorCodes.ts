/** The refusal codes of the API, shared by the server that answers them and the client that branches on them. */
/**
 * Every code the API can refuse with. Clients, operators and tests branch on the code, never on
 * the words, so a code never changes meaning once shipped. Each code's default words are the
 * catalog message `api.error.<code>` (server/src/locales/); the server maps each to its HTTP status in
 * one table (server/src/http/errorCodes.ts), and the client's `Envelope.code` is one of them.
 */
export const ERROR_CODES = [
  /** Invalid input: `errors` holds a message per field. */
  'BP_ERR_VALIDATION',
  /** The request could not be read: not JSON, the wrong media type, too large (Fastify's own 4xx). */
  'BP_ERR_BAD_REQUEST',
  /** A value a route's schema let through that the database cannot store. */
  'BP_ERR_UNSTORABLE_VALUE',
  /** No live access token. */
  'BP_ERR_UNAUTHORIZED',
  /** A password-reset link that is unknown, used or expired. */
  'BP_ERR_RESET_LINK_INVALID',
  /** Signed in, but not allowed to do this. */
  'BP_ERR_FORBIDDEN',
  /** The thing named does not exist (or is not the caller's). */
  'BP_ERR_NOT_FOUND',
  /** No route answers this method and path. */
  'BP_ERR_ROUTE_NOT_FOUND',
  /** The request clashes with the current state; the words say how. */
  'BP_ERR_CONFLICT',
  /** Forfeiting a block forfeited before (maybe on another device): the entry has left the log. */
  'BP_ERR_ALREADY_FORFEITED',
  /** A one-tap accept of an offered block another driver took first (docs/PRODUCT.md "Notify-only filters"); the log entry now says `taken`. */
  'BP_ERR_OFFER_TAKEN',
  /** A one-tap accept after the block started or its link expired (docs/PRODUCT.md "Notify-only filters"); nothing was changed. */
  'BP_ERR_OFFER_EXPIRED',
  /** A one-tap accept token that does not verify: forged, altered or for another entry (docs/PRODUCT.md "Notify-only filters"); nothing was changed. */
  'BP_ERR_ACCEPT_LINK_INVALID',
  /** A one-tap accept the engine's own checks refuse: it overlaps a booked block, breaks a work limit, or its fee is over the credit; the words say which, nothing was changed. */
  'BP_ERR_OFFER_NOT_BOOKABLE',
  /** Adding a filter beyond MAX_FILTERS_PER_DRIVER (docs/PRODUCT.md "Several filters"). */
  'BP_ERR_FILTER_LIMIT',
  /** Deleting the first filter, the one the dashboard shows (docs/PRODUCT.md "Several filters"). */
  'BP_ERR_FILTER_FIRST',
  /** A reorder that does not name each of the driver's filters once: the list changed elsewhere. */
  'BP_ERR_FILTER_LIST_CHANGED',
  /** Registering an e-mail address that already has an account. */
  'BP_ERR_EMAIL_TAKEN',
  /** A call that needs the delivery-platform account before it is connected. */
  'BP_ERR_PLATFORM_NOT_CONNECTED',
  /** The platform account is already connected to another BlockPilot account (docs/SECURITY.md). */
  'BP_ERR_PLATFORM_ACCOUNT_TAKEN',
  /** The platform no longer accepts the stored connection: connect again. */
  'BP_ERR_PLATFORM_RECONNECT',
  /** The connect call's first answer: the sign-in challenge the driver completes (not a fault). */
  'BP_ERR_PLATFORM_CHALLENGE',
  /** Too many attempts; the refusal says when to try again. */
  'BP_ERR_RATE_LIMITED',
  /** The platform asked us to slow down; nothing was changed. */
  'BP_ERR_PLATFORM_THROTTLED',
  /** A payment webhook whose signature does not verify. */
  'BP_ERR_WEBHOOK_SIGNATURE',
  /** The delivery platform did not answer; nothing was changed. */
  'BP_ERR_PLATFORM_UNAVAILABLE',
  /** The payment provider could not open a checkout. */
  'BP_ERR_CHECKOUT_UNAVAILABLE',
  /** An outside service an operator's action needs (the payment provider's refund, the mail server) refused it; nothing was changed. */
  'BP_ERR_SERVICE_REFUSED',
  /** "Send a test" on a channel with nowhere to send: no address, number, linked chat or device (docs/LIVE.md "Push notifications"). */
  'BP_ERR_NOTIFICATION_CHANNEL_OFF',
  /** "Send a test": the channel's service (mail server, chat or push service) refused the message. */
  'BP_ERR_NOTIFICATION_NOT_DELIVERED',
  /** Release registry (docs/RELEASES.md "Errors"). */
  'BP_ERR_RELEASE_TOKEN_REQUIRED',
  'BP_ERR_RELEASE_TOKEN_SCOPE',
  'BP_ERR_RELEASE_ADMIN_REQUIRED',
  'BP_ERR_RELEASE_INVALID_BUILD',
  'BP_ERR_RELEASE_EXISTS',
  'BP_ERR_RELEASE_UNKNOWN',
  'BP_ERR_RELEASE_UNKNOWN_REMOTE',
  'BP_ERR_RELEASE_REVISION_CONFLICT',
  'BP_ERR_RELEASE_GATE_REFUSED',
  'BP_ERR_RELEASE_NOTHING_TO_ROLL_BACK',
  'BP_ERR_RELEASE_UNKNOWN_TOKEN',
  'BP_ERR_RELEASE_INVALID_PREVIEW',
  'BP_ERR_RELEASE_NOT_ON_CHANNEL',
  'BP_ERR_RELEASE_HOSTED_CHANGED',
  /** A release whose stored files are missing or changed since publish may not go live (docs/RELEASES.md "Moves: promote, rollback, compare-and-swap"). */
  'BP_ERR_RELEASE_FILES_CHANGED',
  /** A load report without an assignment of that release to the signed-in caller (docs/RELEASES.md "Canary"). */
  'BP_ERR_RELEASE_NOT_ASSIGNED',
  /** Demoting or suspending the last active admin: someone must stay able to run the console (docs/OPERATIONS.md "Roles"). */
  'BP_ERR_LAST_ADMIN',
  /** An operator searching drivers, tickets or the audit log faster than the console allows (docs/OPERATIONS.md "Audit"); the refusal says when to try again. */
  'BP_ERR_SEARCH_RATE_LIMITED',
  /** An admin approving a credit adjustment they asked for themselves: another admin must (docs/OPERATIONS.md "Credit adjustments"). */
  'BP_ERR_OWN_ADJUSTMENT',
  /** Too many password hashes waiting (scrypt-backed calls are bounded); the refusal says when to retry. */
  'BP_ERR_BUSY',
  /** A fault on our side; details go to the log only. */
  'BP_ERR_INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
