/**
 * How the API answers each refusal code (domain/errors.ts says what each code means): the one
 * table from code to status, and to the `Retry-After` wait and the redirect the answer carries
 * (docs/ARCHITECTURE.md section 4). The words are the catalog message `api.error.<code>` unless
 * the refusal names more precise ones, written in the request's language by the error handler.
 */
import { PAGES } from '@blockpilot/shared/pages';
import type { ErrorCode } from '../domain/errors.js';

export interface ErrorAnswer {
  status: number;
  /** The `Retry-After` header, in seconds, when the refusal names none. */
  retryAfterSeconds?: number;
  /** The path the client goes to. */
  redirect?: string;
}

export const ERROR_CODES = {
  BP_ERR_VALIDATION: { status: 400 },
  BP_ERR_BAD_REQUEST: { status: 400 },
  BP_ERR_UNSTORABLE_VALUE: { status: 400 },
  BP_ERR_UNAUTHORIZED: { status: 401, redirect: PAGES.login.path },
  BP_ERR_RESET_LINK_INVALID: { status: 401, redirect: PAGES.landing.path },
  BP_ERR_FORBIDDEN: { status: 403 },
  BP_ERR_NOT_FOUND: { status: 404 },
  BP_ERR_ROUTE_NOT_FOUND: { status: 404 },
  BP_ERR_CONFLICT: { status: 409 },
  BP_ERR_ALREADY_FORFEITED: { status: 410 },
  BP_ERR_OFFER_TAKEN: { status: 410 },
  BP_ERR_OFFER_EXPIRED: { status: 410 },
  BP_ERR_ACCEPT_LINK_INVALID: { status: 400 },
  BP_ERR_OFFER_NOT_BOOKABLE: { status: 409 },
  BP_ERR_FILTER_LIMIT: { status: 409 },
  BP_ERR_FILTER_FIRST: { status: 409 },
  BP_ERR_FILTER_LIST_CHANGED: { status: 409 },
  BP_ERR_EMAIL_TAKEN: { status: 409 },
  BP_ERR_PLATFORM_NOT_CONNECTED: { status: 409, redirect: PAGES.connectAccount.path },
  BP_ERR_PLATFORM_ACCOUNT_TAKEN: { status: 409 },
  BP_ERR_PLATFORM_RECONNECT: { status: 409, redirect: PAGES.connectAccount.path },
  BP_ERR_PLATFORM_CHALLENGE: { status: 400 },
  BP_ERR_RATE_LIMITED: { status: 429, retryAfterSeconds: 60 },
  BP_ERR_PLATFORM_THROTTLED: { status: 429, retryAfterSeconds: 5 },
  BP_ERR_WEBHOOK_SIGNATURE: { status: 400 },
  BP_ERR_PLATFORM_UNAVAILABLE: { status: 503, retryAfterSeconds: 5 },
  BP_ERR_CHECKOUT_UNAVAILABLE: { status: 503 },
  BP_ERR_SERVICE_REFUSED: { status: 502 },
  BP_ERR_NOTIFICATION_CHANNEL_OFF: { status: 409 },
  BP_ERR_NOTIFICATION_NOT_DELIVERED: { status: 502 },
  BP_ERR_RELEASE_TOKEN_REQUIRED: { status: 401 },
  BP_ERR_RELEASE_TOKEN_SCOPE: { status: 403 },
  BP_ERR_RELEASE_ADMIN_REQUIRED: { status: 403 },
  BP_ERR_RELEASE_INVALID_BUILD: { status: 400 },
  BP_ERR_RELEASE_EXISTS: { status: 409 },
  BP_ERR_RELEASE_UNKNOWN: { status: 404 },
  BP_ERR_RELEASE_UNKNOWN_REMOTE: { status: 404 },
  BP_ERR_RELEASE_REVISION_CONFLICT: { status: 409 },
  BP_ERR_RELEASE_GATE_REFUSED: { status: 409 },
  BP_ERR_RELEASE_NOTHING_TO_ROLL_BACK: { status: 409 },
  BP_ERR_RELEASE_UNKNOWN_TOKEN: { status: 404 },
  BP_ERR_RELEASE_INVALID_PREVIEW: { status: 400 },
  BP_ERR_RELEASE_NOT_ON_CHANNEL: { status: 404 },
  BP_ERR_RELEASE_HOSTED_CHANGED: { status: 409 },
  BP_ERR_RELEASE_FILES_CHANGED: { status: 409 },
  BP_ERR_RELEASE_NOT_ASSIGNED: { status: 403 },
  BP_ERR_LAST_ADMIN: { status: 409 },
  BP_ERR_SEARCH_RATE_LIMITED: { status: 429, retryAfterSeconds: 60 },
  BP_ERR_OWN_ADJUSTMENT: { status: 403 },
  BP_ERR_BUSY: { status: 503, retryAfterSeconds: 1 },
  BP_ERR_INTERNAL: { status: 500 },
} as const satisfies Record<ErrorCode, ErrorAnswer>;

/** The code of a status when the failure names none (Fastify's own 4xx, a plugin's error). */
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
