/**
 * Tokens and codes come from crypto, not the seeded stream: a reset with the same seed must not
 * bring back tokens issued before it, and nothing about the offers should depend on sign-ins.
 */
import { randomBytes } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Access tokens look like the platform's ("Atna|..."). */
export function newAccessToken(): string {
  return `Atna|${randomBytes(48).toString('base64url')}`;
}

/** Refresh tokens look like the platform's ("Atnr|..."). */
export function newRefreshToken(): string {
  return `Atnr|${randomBytes(48).toString('base64url')}`;
}

/** Authorization codes look like the platform's ("AN" + 18 letters). */
export function newAuthorizationCode(): string {
  return `AN${randomString(18)}`;
}

export function randomString(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const b of bytes) out += ALPHANUMERIC[b % ALPHANUMERIC.length];
  return out;
}
