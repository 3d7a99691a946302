/**
 * The signed token of a one-tap accept (docs/PRODUCT.md "Notify-only filters"): what an `offered`
 * notification carries, and the only authority the public accept needs (a service worker or a
 * chat has no session). It is `<log entry id>.<expiry>.<signature>`: an HMAC-SHA256 under the
 * link-signing key of the driver's user id, the entry and the expiry, which is the block's start
 * (a block that started cannot be accepted). Nothing is stored: the entry itself says whether it is
 * still offered, so a second tap finds it accepted and charges nothing. The signature is checked
 * in constant time, before the expiry, so a forged token never learns more than "invalid".
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** What a token names; its signature is checked against the entry's owner by {@link checkAcceptToken}. */
export interface AcceptTokenParts {
  logId: string;
  expiresAtSeconds: number;
  signature: Buffer;
}

function sign(key: Buffer, userId: string, logId: string, expiresAtSeconds: number): Buffer {
  return createHmac('sha256', key).update(`accept-offer\n${userId}\n${logId}\n${expiresAtSeconds}`).digest();
}

/** The token offering the driver's `notify` entry `logId` until `expiresAtSeconds` (epoch seconds: the block's start). */
export function acceptToken(key: Buffer, userId: string, logId: string, expiresAtSeconds: number): string {
  return `${logId}.${expiresAtSeconds}.${sign(key, userId, logId, expiresAtSeconds).toString('base64url')}`;
}

/** The parts of a well-formed token, or null. Says nothing about its signature. */
export function acceptTokenParts(token: string): AcceptTokenParts | null {
  const [logId, expiry, signed, ...rest] = token.split('.');
  if (!logId || !UUID.test(logId) || !expiry || !/^\d{1,12}$/.test(expiry) || !signed || rest.length > 0) return null;
  return { logId, expiresAtSeconds: Number(expiry), signature: Buffer.from(signed, 'base64url') };
}

/** Whether the parts were signed for this entry's owner (`invalid` otherwise), and whether they still hold at `nowMs`. */
export function checkAcceptToken(key: Buffer, ownerId: string, parts: AcceptTokenParts, nowMs: number): 'valid' | 'invalid' | 'expired' {
  const expected = sign(key, ownerId, parts.logId, parts.expiresAtSeconds);
  if (parts.signature.length !== expected.length || !timingSafeEqual(parts.signature, expected)) return 'invalid';
  return parts.expiresAtSeconds * 1000 > nowMs ? 'valid' : 'expired';
}
