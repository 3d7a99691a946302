/**
 * Every error the platform answers (docs/PLATFORM.md section 3), each mapped to exactly one typed
 * failure the engine switches on. The mapping lives only here; the client feeds it each non-2xx
 * response or network error, and nothing else inspects status codes.
 */

/** Why a call failed in a way worth retrying with backoff. */
export type TransientCause = 'serverError' | 'timeout' | 'connection';

/**
 * One failed platform call. `kind` is the discriminant; what the product does for each is in
 * docs/PLATFORM.md section 3.
 * - `throttled`: 400 "Rate exceeded". Back off (growing, with jitter), keep searching.
 * - `tokenExpired`: 403. Refresh the access token once and retry once (the session does it).
 * - `unauthorized`: 401. Wrong region or revoked: stop searching, ask the driver to reconnect.
 * - `offerTaken`: 410 on accept. Lost the race: log as missed, go on.
 * - `captchaRequired`: 307 with `challengeMetadata.WebUrl`. Set `puzzleRequired`, pause, notify;
 *   never solved here.
 * - `signingRequired`: 420 with `x-amzn-ErrorType: OperationFailedException`. Stop with a clear
 *   message; never fake a signature or attestation.
 * - `transient`: 5xx, timeout or connection reset/refused. Retry with backoff.
 * - `deviceDeregistered`: token refresh 400 "invalid parameter : source_token". Connect again.
 * - `invalidAuthorizationCode`: register 400 (wrong, expired or used code, or wrong verifier).
 * - `notFound`: 404, e.g. a forfeit for a start time with no block.
 * - `unexpected`: any other answer (protocol drift, malformed body). Log it; do not retry blindly.
 */
export type PlatformFailure =
  | { ok: false; kind: 'throttled' }
  | { ok: false; kind: 'tokenExpired' }
  | { ok: false; kind: 'unauthorized' }
  | { ok: false; kind: 'offerTaken' }
  | { ok: false; kind: 'captchaRequired'; webUrl: string; challengeType: string | null }
  | { ok: false; kind: 'signingRequired' }
  | { ok: false; kind: 'transient'; cause: TransientCause; status: number | null; detail: string }
  | { ok: false; kind: 'deviceDeregistered' }
  | { ok: false; kind: 'invalidAuthorizationCode'; code: string; message: string }
  | { ok: false; kind: 'notFound' }
  | { ok: false; kind: 'unexpected'; status: number; detail: string };

/** The discriminant of {@link PlatformFailure}. */
export type PlatformFailureKind = PlatformFailure['kind'];

/** A received HTTP answer, as the classifiers read it. */
export interface ReceivedResponse {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string | string[] | undefined>;
  /** The body parsed as JSON, or undefined when empty or not JSON. */
  json: unknown;
  /** The raw body (first part kept for `unexpected` details). */
  text: string;
}

/** The refresh call's answer for a deregistered device, compared exactly (docs/PLATFORM.md section 1.5). */
export const DEREGISTERED_DESCRIPTION = 'invalid parameter : source_token';
const RATE_EXCEEDED_MESSAGE = 'Rate exceeded';
const SIGNING_ERROR_TYPE = 'OperationFailedException';
const DETAIL_MAX_CHARS = 200;

// Failures without data are shared constants: the hot path allocates nothing for them.
const THROTTLED: PlatformFailure = Object.freeze({ ok: false, kind: 'throttled' });
const TOKEN_EXPIRED: PlatformFailure = Object.freeze({ ok: false, kind: 'tokenExpired' });
const UNAUTHORIZED: PlatformFailure = Object.freeze({ ok: false, kind: 'unauthorized' });
const OFFER_TAKEN: PlatformFailure = Object.freeze({ ok: false, kind: 'offerTaken' });
const SIGNING_REQUIRED: PlatformFailure = Object.freeze({ ok: false, kind: 'signingRequired' });
const DEVICE_DEREGISTERED: PlatformFailure = Object.freeze({ ok: false, kind: 'deviceDeregistered' });
const NOT_FOUND: PlatformFailure = Object.freeze({ ok: false, kind: 'notFound' });

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
}

function header(response: ReceivedResponse, name: string): string {
  const value = response.headers[name];
  return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
}

/** A failure for an answer no rule covers; keeps the start of the body for the log. */
export function unexpected(status: number, detail: string): PlatformFailure {
  return { ok: false, kind: 'unexpected', status, detail: detail.slice(0, DETAIL_MAX_CHARS) };
}

function serverError(response: ReceivedResponse): PlatformFailure {
  return { ok: false, kind: 'transient', cause: 'serverError', status: response.status, detail: response.text.slice(0, DETAIL_MAX_CHARS) };
}

/** A non-2xx answer of the work API. */
export function classifyWorkFailure(response: ReceivedResponse): PlatformFailure {
  const { status, json } = response;
  switch (status) {
    case 400:
      return field(json, 'message') === RATE_EXCEEDED_MESSAGE ? THROTTLED : unexpected(status, response.text);
    case 401:
      return UNAUTHORIZED;
    case 403:
      return TOKEN_EXPIRED;
    case 404:
      return NOT_FOUND;
    case 410:
      return OFFER_TAKEN;
    case 307: {
      const metadata = field(json, 'challengeMetadata');
      const webUrl = field(metadata, 'WebUrl');
      if (typeof webUrl !== 'string' || webUrl === '') return unexpected(status, response.text);
      const challengeType = field(metadata, 'ChallengeType');
      return { ok: false, kind: 'captchaRequired', webUrl, challengeType: typeof challengeType === 'string' ? challengeType : null };
    }
    case 420:
      // AWS-style error types may carry a suffix ("OperationFailedException:http://..."): match the name.
      return header(response, 'x-amzn-errortype').startsWith(SIGNING_ERROR_TYPE) ? SIGNING_REQUIRED : unexpected(status, response.text);
    default:
      return status >= 500 && status <= 599 ? serverError(response) : unexpected(status, response.text);
  }
}

/** A non-2xx answer of the refresh call (`POST /auth/token`). */
export function classifyRefreshFailure(response: ReceivedResponse): PlatformFailure {
  if (response.status === 400 && field(response.json, 'error_description') === DEREGISTERED_DESCRIPTION) return DEVICE_DEREGISTERED;
  if (response.status >= 500 && response.status <= 599) return serverError(response);
  return unexpected(response.status, response.text);
}

/** A non-2xx answer of the register call (`POST /auth/register`). */
export function classifyRegisterFailure(response: ReceivedResponse): PlatformFailure {
  const error = field(field(response.json, 'response'), 'error');
  if (response.status === 400 && error !== undefined) {
    const code = field(error, 'code');
    const message = field(error, 'message');
    return {
      ok: false,
      kind: 'invalidAuthorizationCode',
      code: typeof code === 'string' ? code : 'Unknown',
      message: typeof message === 'string' ? message : '',
    };
  }
  if (response.status >= 500 && response.status <= 599) return serverError(response);
  return unexpected(response.status, response.text);
}

/** undici's own timeouts (connect, headers, body), as opposed to a dropped or refused connection. */
const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/**
 * A call that got no complete answer. `deadlineExceeded` is true when the client's own deadline
 * aborted it. Errors that are not network errors (no `code`: bugs) are rethrown, not hidden.
 */
export function classifyNetworkError(error: unknown, deadlineExceeded: boolean): PlatformFailure {
  const code = field(error, 'code');
  const message = error instanceof Error ? error.message : String(error);
  if (deadlineExceeded || (typeof code === 'string' && TIMEOUT_CODES.has(code))) {
    return { ok: false, kind: 'transient', cause: 'timeout', status: null, detail: message };
  }
  if (typeof code === 'string') {
    return { ok: false, kind: 'transient', cause: 'connection', status: null, detail: `${code}: ${message}` };
  }
  throw error;
}
