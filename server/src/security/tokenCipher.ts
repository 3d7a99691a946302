/**
 * Platform tokens at rest: AES-256-GCM with a random 12-byte IV per value and the 16-byte tag
 * checked on every read, stored as one string `v1:<iv>:<tag>:<ciphertext>` (base64url parts).
 * The version prefix leaves room for another algorithm or key later without guessing formats.
 * An optional context (e.g. the user id and field name) is bound as associated data, so a value
 * copied into another user's row does not decrypt there. Any tampering, wrong key or wrong
 * context throws {@link TokenCipherError}: a token is never silently read as something else.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** AES-256 key length. */
export const TOKEN_KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';
const ALGORITHM = 'aes-256-gcm';
const BASE64URL = /^[A-Za-z0-9_-]*$/;

/** A sealed value that cannot be opened: malformed, tampered with, or sealed with another key or context. */
export class TokenCipherError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenCipherError';
  }
}

/** Seals and opens platform tokens with one key. */
export interface TokenCipher {
  /** A new `v1:...` string; sealing the same value twice gives different strings (fresh IV). */
  encrypt(plaintext: string, context?: string): string;
  /** The plaintext; throws {@link TokenCipherError} unless the value is intact and matches key and context. */
  decrypt(sealed: string, context?: string): string;
}

function associatedData(context: string): Buffer {
  // The version is authenticated too, so a v1 body can never be replayed under another format.
  return Buffer.from(`${VERSION}:${context}`, 'utf8');
}

function decodePart(part: string, name: string, expectedBytes?: number): Buffer {
  if (!BASE64URL.test(part)) throw new TokenCipherError(`sealed token: ${name} is not base64url`);
  const bytes = Buffer.from(part, 'base64url');
  if (expectedBytes !== undefined && bytes.length !== expectedBytes) {
    throw new TokenCipherError(`sealed token: ${name} must be ${expectedBytes} bytes, got ${bytes.length}`);
  }
  return bytes;
}

/** A cipher over a 32-byte key (copied, so later changes to the caller's buffer do not matter). */
export function createTokenCipher(key: Uint8Array): TokenCipher {
  if (key.length !== TOKEN_KEY_BYTES) throw new RangeError(`token key must be ${TOKEN_KEY_BYTES} bytes, got ${key.length}`);
  const secret = Buffer.from(key);
  return {
    encrypt(plaintext, context = '') {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv(ALGORITHM, secret, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(associatedData(context));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join(':');
    },
    decrypt(sealed, context = '') {
      const parts = sealed.split(':');
      if (parts.length !== 4) throw new TokenCipherError('sealed token: expected 4 parts');
      const [version, ivPart, tagPart, bodyPart] = parts as [string, string, string, string];
      if (version !== VERSION) throw new TokenCipherError(`sealed token: unknown version "${version.slice(0, 10)}"`);
      const iv = decodePart(ivPart, 'iv', IV_BYTES);
      const tag = decodePart(tagPart, 'tag', TAG_BYTES);
      const body = decodePart(bodyPart, 'ciphertext');
      const decipher = createDecipheriv(ALGORITHM, secret, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(associatedData(context));
      decipher.setAuthTag(tag);
      try {
        return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
      } catch {
        throw new TokenCipherError('sealed token failed authentication: tampered with, or sealed with another key or context');
      }
    },
  };
}
