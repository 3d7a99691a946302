/**
 * Every non-success answer of the work API (docs/PLATFORM.md section 3), defined once so the guard, the
 * fault plan and the routes send identical shapes.
 */
import { DEFAULT_SERVER_ERROR_STATUS } from '../faults.js';
import type { FaultRule, RequestOutcome } from '../types.js';

/** What a work-API handler answers. */
export interface WorkResult {
  status: number;
  body: unknown;
  outcome: RequestOutcome;
  headers?: Record<string, string>;
}

export const UNAUTHORIZED: WorkResult = { status: 401, body: { Message: 'Unauthorized request' }, outcome: 'unauthorized' };

export const TOKEN_EXPIRED: WorkResult = {
  status: 403,
  body: { message: 'The security token included in the request is expired' },
  outcome: 'token_expired',
};

/**
 * A token that still exists but was replaced by a refresh of the same device. Also 403: the client
 * cannot tell it from expiry and needs the same cure (refresh and retry).
 */
export const TOKEN_SUPERSEDED: WorkResult = {
  status: 403,
  body: { message: 'The security token included in the request is invalid' },
  outcome: 'token_superseded',
};

export const RATE_EXCEEDED: WorkResult = { status: 400, body: { message: 'Rate exceeded' }, outcome: 'rate_limited' };

export const MISSING_INSTANCE_ID: WorkResult = {
  status: 400,
  body: { message: 'Missing required header x-flex-instance-id' },
  outcome: 'missing_instance_id',
};

export const OFFER_GONE: WorkResult = { status: 410, body: { message: 'Offer is no longer available' }, outcome: 'offer_gone' };

/** A required header is missing or malformed. */
export function badHeader(message: string): WorkResult {
  return { status: 400, body: { message }, outcome: 'bad_header' };
}

export function badRequest(message: string): WorkResult {
  return { status: 400, body: { message }, outcome: 'bad_request' };
}

export function ok(body: unknown): WorkResult {
  return { status: 200, body, outcome: 'ok' };
}

/** The response of a decisive fault rule (all kinds but latency and reset, which the guard handles). */
export function faultResult(rule: FaultRule, origin: string): WorkResult {
  switch (rule.kind) {
    case 'serverError': {
      const status = rule.status ?? DEFAULT_SERVER_ERROR_STATUS;
      return { status, body: { message: status === 503 ? 'Service Unavailable' : 'Internal Server Error' }, outcome: 'fault_server_error' };
    }
    case 'captcha':
      return {
        status: 307,
        body: {
          challengeMetadata: {
            WebUrl: `${origin}/aaut/verify/flex-offers/challenge?challengeType=ARKOSE_LEVEL_2&returnTo=${encodeURIComponent(origin)}&headerFooter=false`,
            ChallengeType: 'ARKOSE_LEVEL_2',
          },
        },
        outcome: 'fault_captcha',
      };
    case 'signing':
      return {
        status: 420,
        body: { message: 'Request signing or device attestation is required' },
        headers: { 'x-amzn-ErrorType': 'OperationFailedException' },
        outcome: 'fault_signing',
      };
    case 'unauthorized':
      return { ...UNAUTHORIZED, outcome: 'fault_unauthorized' };
    case 'tokenExpiry':
      return { ...TOKEN_EXPIRED, outcome: 'fault_token_expiry' };
    case 'throttle':
      return { ...RATE_EXCEEDED, outcome: 'fault_throttle' };
    case 'latency':
    case 'reset':
      throw new Error(`${rule.kind} has no response of its own`);
  }
}
