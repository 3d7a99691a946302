/**
 * Every refusal the API can answer, by its stable code: the one table a client, an operator or a
 * test can branch on (docs/ARCHITECTURE.md section 4). A code never changes meaning once shipped;
 * the message is what the driver reads and may be worded better. Routes throw these through the
 * helpers in errors.ts; the error handler sends `code` in the envelope beside `alert`.
 */
import { MAX_FILTERS_PER_DRIVER } from '@blockpilot/shared/constants';

export const ERROR_CODES = {
  /** Invalid input: `errors` holds a message per field. */
  BP_ERR_VALIDATION: { status: 400, message: 'Please correct the highlighted fields.' },
  /** The request could not be read: not JSON, the wrong media type, too large (Fastify's own 4xx). */
  BP_ERR_BAD_REQUEST: { status: 400, message: 'The request could not be read.' },
  /** A value a route's schema let through that the database cannot store. */
  BP_ERR_UNSTORABLE_VALUE: { status: 400, message: 'The request holds a value that cannot be stored. Please check it and try again.' },
  /** No live access token. */
  BP_ERR_UNAUTHORIZED: { status: 401, message: 'Please sign in again.' },
  /** A password-reset link that is unknown, used or expired. */
  BP_ERR_RESET_LINK_INVALID: { status: 401, message: 'This reset link is invalid or has expired. Please request a new one.' },
  /** Signed in, but not allowed to do this. */
  BP_ERR_FORBIDDEN: { status: 403, message: 'You are not allowed to do that.' },
  /** The thing named does not exist (or is not the caller's). */
  BP_ERR_NOT_FOUND: { status: 404, message: 'Not found.' },
  /** No route answers this method and path. */
  BP_ERR_ROUTE_NOT_FOUND: { status: 404, message: 'Not found.' },
  /** The request clashes with the current state; `alert` says how. */
  BP_ERR_CONFLICT: { status: 409, message: 'This cannot be done now.' },
  /** Forfeiting a block forfeited before (maybe on another device): the entry has left the log. */
  BP_ERR_ALREADY_FORFEITED: { status: 410, message: 'This block was already forfeited, and its fee refunded. It has left your log.' },
  /** Adding a filter beyond MAX_FILTERS_PER_DRIVER (docs/PRODUCT.md "Several filters"). */
  BP_ERR_FILTER_LIMIT: { status: 409, message: `You can keep at most ${MAX_FILTERS_PER_DRIVER} filters. Delete one before adding another.` },
  /** Deleting the first filter, the one the dashboard shows (docs/PRODUCT.md "Several filters"). */
  BP_ERR_FILTER_FIRST: { status: 409, message: 'Your first filter is the one the dashboard shows, so it cannot be deleted. Move another filter to the top first.' },
  /** A reorder that does not name each of the driver's filters once: the list changed elsewhere. */
  BP_ERR_FILTER_LIST_CHANGED: { status: 409, message: 'Your filters changed on another device. The list has been reloaded: please try again.' },
  /** Registering an e-mail address that already has an account. */
  BP_ERR_EMAIL_TAKEN: { status: 409, message: 'An account with this e-mail address already exists.' },
  /** A call that needs the delivery-platform account before it is connected. */
  BP_ERR_PLATFORM_NOT_CONNECTED: { status: 409, message: 'Connect your Amazon Flex account first.' },
  /** The platform account is already connected to another BlockPilot account (docs/SECURITY.md). */
  BP_ERR_PLATFORM_ACCOUNT_TAKEN: { status: 409, message: 'This Amazon Flex account is already connected to another BlockPilot account.' },
  /** The platform no longer accepts the stored connection: connect again. */
  BP_ERR_PLATFORM_RECONNECT: { status: 409, message: 'Amazon Flex no longer accepts your connection. Connect your account again.' },
  /** The connect call's first answer: the sign-in challenge the driver completes (not a fault). */
  BP_ERR_PLATFORM_CHALLENGE: { status: 400, message: '' },
  /** Too many attempts; `Retry-After` says when to try again. */
  BP_ERR_RATE_LIMITED: { status: 429, message: 'Too many attempts. Please try again later.' },
  /** The platform asked us to slow down; nothing was changed. */
  BP_ERR_PLATFORM_THROTTLED: { status: 429, message: 'Amazon Flex asked us to slow down. Nothing was changed; try again in a few seconds.' },
  /** A payment webhook whose signature does not verify. */
  BP_ERR_WEBHOOK_SIGNATURE: { status: 400, message: 'The webhook signature does not verify.' },
  /** The delivery platform did not answer; nothing was changed. */
  BP_ERR_PLATFORM_UNAVAILABLE: { status: 503, message: 'Amazon Flex did not answer. Nothing was changed; please try again in a moment.' },
  /** The payment provider could not open a checkout. */
  BP_ERR_CHECKOUT_UNAVAILABLE: { status: 503, message: 'The payment page could not be opened. Please try again in a minute.' },
  /** "Send a test" on a channel with nowhere to send: no address, number, linked chat or device (docs/LIVE.md "Push notifications"). */
  BP_ERR_NOTIFICATION_CHANNEL_OFF: { status: 409, message: 'This channel is not set up yet.' },
  /** "Send a test": the channel's service (mail server, chat or push service) refused the message. */
  BP_ERR_NOTIFICATION_NOT_DELIVERED: { status: 502, message: 'The test could not be delivered. Please try again in a moment.' },
  /** Release registry (docs/RELEASES.md "Errors"). */
  BP_ERR_RELEASE_TOKEN_REQUIRED: { status: 401, message: 'A valid deploy token is required.' },
  BP_ERR_RELEASE_TOKEN_SCOPE: { status: 403, message: 'This deploy token may not change that remote.' },
  BP_ERR_RELEASE_ADMIN_REQUIRED: { status: 403, message: 'Only the all-remote token may manage deploy tokens.' },
  BP_ERR_RELEASE_INVALID_BUILD: { status: 400, message: 'The build cannot be published.' },
  BP_ERR_RELEASE_EXISTS: { status: 409, message: 'This release is already published; releases are immutable.' },
  BP_ERR_RELEASE_UNKNOWN: { status: 404, message: 'There is no such release.' },
  BP_ERR_RELEASE_UNKNOWN_REMOTE: { status: 404, message: 'There is no such remote.' },
  BP_ERR_RELEASE_REVISION_CONFLICT: { status: 409, message: 'The channel moved; read it again and retry.' },
  BP_ERR_RELEASE_GATE_REFUSED: { status: 409, message: 'Refused by the compatibility gate.' },
  BP_ERR_RELEASE_NOTHING_TO_ROLL_BACK: { status: 409, message: 'There is no earlier release to roll back to.' },
  BP_ERR_RELEASE_UNKNOWN_TOKEN: { status: 404, message: 'No such deploy token.' },
  BP_ERR_RELEASE_INVALID_PREVIEW: { status: 400, message: 'This preview link is invalid or has expired.' },
  BP_ERR_RELEASE_NOT_ON_CHANNEL: { status: 404, message: 'The channel serves no release of that remote.' },
  BP_ERR_RELEASE_HOSTED_CHANGED: { status: 409, message: 'The hosted build is not what was registered.' },
  /** Too many password hashes waiting (scrypt-backed calls are bounded); `Retry-After` says when. */
  BP_ERR_BUSY: { status: 503, message: 'BlockPilot is busy. Please try again in a moment.' },
  /** A fault on our side; details go to the log only. */
  BP_ERR_INTERNAL: { status: 500, message: 'Something went wrong on our side. Please try again.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The code of a status when a refusal names none (Fastify's own 4xx, a plugin's error). */
export function codeForStatus(status: number): ErrorCode {
  switch (status) {
    case 401:
      return 'BP_ERR_UNAUTHORIZED';
    case 403:
      return 'BP_ERR_FORBIDDEN';
    case 404:
      return 'BP_ERR_NOT_FOUND';
    case 409:
      return 'BP_ERR_CONFLICT';
    case 429:
      return 'BP_ERR_RATE_LIMITED';
    default:
      return status >= 400 && status < 500 ? 'BP_ERR_BAD_REQUEST' : 'BP_ERR_INTERNAL';
  }
}
