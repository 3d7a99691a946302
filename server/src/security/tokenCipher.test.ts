import { describe, it, after } from 'node:test';
import { expect } from 'expect';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createTokenCipher, TokenCipherError } from './tokenCipher.js';
import { loadOrCreateKeyFile, loadTokenKey, parseTokenKey, TOKEN_KEY_FILE_NAME } from './tokenKey.js';

const key = randomBytes(32);
const cipher = createTokenCipher(key);
const TOKEN = `Atnr|${randomBytes(48).toString('base64url')}`;

/** Replaces one base64url part of a sealed value with the same bytes, one bit flipped. */
function flipBit(sealed: string, partIndex: number): string {
  const parts = sealed.split(':');
  const bytes = Buffer.from(parts[partIndex]!, 'base64url');
  bytes[0] = bytes[0]! ^ 1;
  parts[partIndex] = bytes.toString('base64url');
  return parts.join(':');
}

describe('token cipher: AES-256-GCM, v1:<iv>:<tag>:<ciphertext>', () => {
  it('round-trips tokens, empty strings and non-ASCII text', () => {
    for (const value of [TOKEN, '', 'é ✓ 東京', 'x'.repeat(10_000)]) {
      expect(cipher.decrypt(cipher.encrypt(value))).toBe(value);
    }
  });

  it('writes the versioned format with a 12-byte IV and a 16-byte tag, and no plaintext', () => {
    const sealed = cipher.encrypt(TOKEN);
    expect(sealed).toMatch(/^v1:[A-Za-z0-9_-]{16}:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]+$/);
    expect(Buffer.from(sealed.split(':')[1]!, 'base64url')).toHaveLength(12);
    expect(Buffer.from(sealed.split(':')[2]!, 'base64url')).toHaveLength(16);
    expect(sealed).not.toContain(TOKEN.slice(5, 20));
  });

  it('uses a fresh IV for every value, so equal tokens never look equal at rest', () => {
    const sealed = Array.from({ length: 200 }, () => cipher.encrypt(TOKEN));
    expect(new Set(sealed).size).toBe(200);
    expect(new Set(sealed.map((s) => s.split(':')[1])).size).toBe(200);
  });

  it('refuses a value with any bit of IV, tag or ciphertext changed', () => {
    const sealed = cipher.encrypt(TOKEN);
    for (const part of [1, 2, 3]) {
      expect(() => cipher.decrypt(flipBit(sealed, part))).toThrow(TokenCipherError);
    }
  });

  it('refuses truncated, re-versioned and malformed values', () => {
    const sealed = cipher.encrypt(TOKEN);
    const [, iv, tag, body] = sealed.split(':') as [string, string, string, string];
    const bad = [
      sealed.slice(0, -2),
      `v2:${iv}:${tag}:${body}`,
      `v1:${iv}:${tag}`,
      `${sealed}:extra`,
      `v1:${iv}:${tag.slice(0, -1)}:${body}`,
      `v1:${iv}AA:${tag}:${body}`,
      `v1:${iv}:${tag}:${body}!`,
      '',
      TOKEN,
    ];
    for (const value of bad) expect(() => cipher.decrypt(value)).toThrow(TokenCipherError);
  });

  it('refuses a value sealed with another key', () => {
    const other = createTokenCipher(randomBytes(32));
    expect(() => other.decrypt(cipher.encrypt(TOKEN))).toThrow(/failed authentication/);
  });

  it('binds the optional context: a value moved to another user does not open', () => {
    const sealed = cipher.encrypt(TOKEN, 'user-1:refreshToken');
    expect(cipher.decrypt(sealed, 'user-1:refreshToken')).toBe(TOKEN);
    expect(() => cipher.decrypt(sealed, 'user-2:refreshToken')).toThrow(TokenCipherError);
    expect(() => cipher.decrypt(sealed)).toThrow(TokenCipherError);
  });

  it('accepts only 32-byte keys, and copies the key it is given', () => {
    expect(() => createTokenCipher(randomBytes(16))).toThrow(RangeError);
    const mutable = Buffer.from(key);
    const copy = createTokenCipher(mutable);
    const sealed = copy.encrypt(TOKEN);
    mutable.fill(0);
    expect(copy.decrypt(sealed)).toBe(TOKEN);
  });
});

describe('token key: environment value or generated key file', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bp-key-'));
    dirs.push(dir);
    return dir;
  };
  after(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('parses standard and url-safe base64 of exactly 32 bytes', () => {
    expect(parseTokenKey(key.toString('base64')).equals(key)).toBe(true);
    expect(parseTokenKey(` ${key.toString('base64url')}\n`).equals(key)).toBe(true);
    expect(() => parseTokenKey(randomBytes(31).toString('base64'))).toThrow(/32 bytes/);
    expect(() => parseTokenKey(randomBytes(33).toString('base64'))).toThrow(/32 bytes/);
    expect(() => parseTokenKey('not base64 at all!')).toThrow(/base64/);
  });

  it('creates the key file once with mode 0600 and reads the same key afterwards', () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    const first = loadOrCreateKeyFile(dir);
    const file = path.join(dir, TOKEN_KEY_FILE_NAME);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const content = readFileSync(file, 'utf8');
    const second = loadOrCreateKeyFile(dir);
    expect(second.equals(first)).toBe(true);
    expect(readFileSync(file, 'utf8')).toBe(content);
    expect(readdirSync(dir)).toEqual([TOKEN_KEY_FILE_NAME]);
    // A value sealed before a restart opens after it.
    expect(createTokenCipher(second).decrypt(createTokenCipher(first).encrypt(TOKEN))).toBe(TOKEN);
  });

  it('gives each data folder its own key', () => {
    expect(loadOrCreateKeyFile(tempDir()).equals(loadOrCreateKeyFile(tempDir()))).toBe(false);
  });

  it('fails loudly on a corrupted key file instead of replacing it', () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, TOKEN_KEY_FILE_NAME), 'short\n');
    expect(() => loadOrCreateKeyFile(dir)).toThrow(/key file/);
    expect(readFileSync(path.join(dir, TOKEN_KEY_FILE_NAME), 'utf8')).toBe('short\n');
  });

  it('prefers the environment value and then creates no file', () => {
    const dir = tempDir();
    expect(loadTokenKey({ envValue: key.toString('base64'), dataDir: dir }).equals(key)).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
    expect(() => loadTokenKey({ envValue: 'abcd', dataDir: dir })).toThrow(/environment/);
    const generated = loadTokenKey({ envValue: '  ', dataDir: dir });
    expect(generated.equals(loadOrCreateKeyFile(dir))).toBe(true);
  });
});
