/**
 * PKCE (RFC 7636, S256) and the device identity of the platform's sign-in (docs/PLATFORM.md section 1,
 * step 1): a fresh verifier per sign-in, its challenge, and the `client_id` derived from the
 * device serial and type.
 */
import { createHash, randomBytes } from 'node:crypto';

/** A verifier and the challenge made from it. The verifier stays with the server until register. */
export interface PkcePair {
  /** 32 random bytes, base64url without padding (43 characters). */
  codeVerifier: string;
  /** base64url(SHA-256(codeVerifier)), no padding. */
  codeChallenge: string;
}

/** base64url(SHA-256(verifier)), no padding. */
export function codeChallengeFor(codeVerifier: string): string {
  return createHash('sha256').update(codeVerifier).digest('base64url');
}

/** A fresh verifier (32 random bytes) and its challenge. */
export function createPkcePair(): PkcePair {
  const codeVerifier = randomBytes(32).toString('base64url');
  return { codeVerifier, codeChallenge: codeChallengeFor(codeVerifier) };
}

/**
 * A new device serial: 16 random bytes as 32 hex digits, as the platform's app makes one per
 * install. The product keeps one per connected account so each account is its own device.
 */
export function newDeviceSerial(): string {
  return randomBytes(16).toString('hex');
}

/**
 * The OAuth `client_id`: the hex encoding of `<serial>#<device type>`, as the platform's app and
 * the public clients build it. The sign-in sends it as `device:<client_id>`; register sends it bare.
 */
export function clientIdFor(deviceSerial: string, deviceType: string): string {
  return Buffer.from(`${deviceSerial}#${deviceType}`, 'utf8').toString('hex');
}
