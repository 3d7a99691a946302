/**
 * The headers every work-API call must carry besides the access token (which the guard checks
 * first, with its own 401/403 answers). A client that forgets one, or sends the client time in
 * seconds, is told so with a 400 naming the header, instead of being served as if all were well:
 * the product's tests then fail where the real platform would refuse the call.
 */
import type { FastifyRequest } from 'fastify';
import { hasBody, headerValue, mediaType } from '../http.js';
import { MISSING_INSTANCE_ID, badHeader, type WorkResult } from './responses.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A plain decimal number (no sign, exponent or spaces). */
const DECIMAL = /^\d+(\.\d+)?$/;
/**
 * Epoch milliseconds of any plausible client: from 2001-09-09 (1e12) to far in the future. A
 * value below is most likely seconds, one above microseconds; both are a client bug worth a 400.
 */
const MIN_EPOCH_MS = 1e12;
const MAX_EPOCH_MS = 1e14;

/** The first problem with the request's headers, or null when they are all right. */
export function checkWorkHeaders(req: FastifyRequest): WorkResult | null {
  const instanceId = headerValue(req, 'x-flex-instance-id');
  if (!instanceId) return MISSING_INSTANCE_ID;
  if (!UUID.test(instanceId)) return badHeader(`x-flex-instance-id must be a UUID, got "${instanceId}"`);

  const requestId = headerValue(req, 'x-amzn-requestid');
  if (!requestId) return badHeader('Missing required header X-Amzn-RequestId');
  if (!UUID.test(requestId)) return badHeader(`X-Amzn-RequestId must be a UUID, got "${requestId}"`);

  const clientTime = headerValue(req, 'x-flex-client-time');
  if (!clientTime) return badHeader('Missing required header X-Flex-Client-Time');
  const ms = DECIMAL.test(clientTime) ? Number(clientTime) : NaN;
  if (!(ms >= MIN_EPOCH_MS && ms < MAX_EPOCH_MS)) {
    return badHeader(`X-Flex-Client-Time must be the client's time in epoch milliseconds, got "${clientTime}"`);
  }

  if (!headerValue(req, 'user-agent')) return badHeader('Missing required header User-Agent');

  if (hasBody(req)) {
    const type = mediaType(req);
    if (type !== 'application/json') {
      return badHeader(`Content-Type must be application/json on a call with a body, got ${type === null ? 'none' : `"${type}"`}`);
    }
  }
  return null;
}
