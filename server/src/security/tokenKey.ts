/**
 * Where the token key comes from: an environment value (base64 of 32 bytes) in production, or,
 * for the embedded default, a key file generated once in the data folder (mode 0600) and read on
 * every later start. Losing that file makes the stored platform tokens unreadable (accounts must
 * be connected again), so it is never regenerated over an existing one.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TOKEN_KEY_BYTES } from './tokenCipher.js';

/** Name of the generated key file inside the data folder. */
export const TOKEN_KEY_FILE_NAME = 'platform-token.key';
const BASE64 = /^[A-Za-z0-9+/_-]+={0,2}$/;

/** Where to get the key: the environment value wins; otherwise the key file in `dataDir`. */
export interface TokenKeySource {
  /** Base64 (standard or url-safe) of exactly 32 bytes, e.g. from `PLATFORM_TOKEN_KEY`; empty = unset. */
  envValue?: string | undefined;
  /** Folder of the generated key file (created if missing). */
  dataDir: string;
  /** Name of the generated key file (default: the platform-token key's). */
  fileName?: string;
}

/** The 32-byte key a base64 string holds; throws for anything else (never a silently short key). */
export function parseTokenKey(base64: string, origin = 'token key'): Buffer {
  const text = base64.trim();
  if (!BASE64.test(text)) throw new Error(`${origin} must be base64 of ${TOKEN_KEY_BYTES} bytes`);
  const key = Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (key.length !== TOKEN_KEY_BYTES) throw new Error(`${origin} must be ${TOKEN_KEY_BYTES} bytes, got ${key.length}`);
  return key;
}

/**
 * The key in `dataDir/platform-token.key`, generated (mode 0600) on first use. Creation is
 * atomic (written to a private temporary file, then hard-linked into place), so two processes
 * starting at once agree on one key and none reads a half-written file.
 */
export function loadOrCreateKeyFile(dataDir: string, fileName = TOKEN_KEY_FILE_NAME): Buffer {
  const file = path.join(dataDir, fileName);
  const origin = `key file ${file}`;
  const existing = readIfPresent(file);
  if (existing !== null) return parseTokenKey(existing, origin);
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, `${randomBytes(TOKEN_KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    // The process umask may have narrowed the mode further; the file must be exactly owner read/write.
    chmodSync(temporary, 0o600);
    linkSync(temporary, file);
  } catch (error) {
    // Another process created it first: its key is the key.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
  return parseTokenKey(readFileSync(file, 'utf8'), origin);
}

function readIfPresent(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** The token key from the environment value if set, else from the (generated) key file. */
export function loadTokenKey(source: TokenKeySource): Buffer {
  if (source.envValue !== undefined && source.envValue.trim() !== '') return parseTokenKey(source.envValue, 'the token key in the environment');
  return loadOrCreateKeyFile(source.dataDir, source.fileName);
}
