/** PKCE (RFC 7636, S256), as the platform's device sign-in uses it. */
import { createHash, timingSafeEqual } from 'node:crypto';

/** base64url(SHA-256(verifier)), no padding. */
export function codeChallengeFor(codeVerifier: string): string {
  return createHash('sha256').update(codeVerifier).digest('base64url');
}

/** Whether the verifier hashes to the challenge given at sign-in. */
export function verifyPkce(codeVerifier: string, codeChallenge: string): boolean {
  const expected = Buffer.from(codeChallengeFor(codeVerifier));
  const given = Buffer.from(codeChallenge);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** A challenge is 43 base64url characters (a SHA-256 digest). */
export function isCodeChallenge(value: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(value);
}
