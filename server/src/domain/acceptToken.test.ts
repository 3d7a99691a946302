/** The one-tap accept token (docs/PRODUCT.md "Notify-only filters"): signed for one driver and entry, until the block starts. */
import { describe, it } from 'node:test';
import { expect } from 'expect';
import { acceptToken, acceptTokenParts, checkAcceptToken } from './acceptToken.js';

const KEY = Buffer.alloc(32, 1);
const USER = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const LOG = '33333333-3333-4333-8333-333333333333';
const START_S = 1_900_000_000;
const BEFORE_START_MS = START_S * 1000 - 1;

const check = (token: string, owner = USER, nowMs = BEFORE_START_MS, key = KEY) => {
  const parts = acceptTokenParts(token);
  return parts ? checkAcceptToken(key, owner, parts, nowMs) : 'malformed';
};

describe('accept tokens', () => {
  const token = acceptToken(KEY, USER, LOG, START_S);

  it('names the entry and its expiry, and holds for its owner until the block starts', () => {
    expect(acceptTokenParts(token)).toMatchObject({ logId: LOG, expiresAtSeconds: START_S });
    expect(check(token)).toBe('valid');
    expect(check(token, USER, START_S * 1000)).toBe('expired');
  });

  it('is invalid for another driver, under another key, or with any part changed', () => {
    expect(check(token, OTHER)).toBe('invalid');
    expect(check(token, USER, BEFORE_START_MS, Buffer.alloc(32, 2))).toBe('invalid');
    const [, , signature] = token.split('.');
    expect(check(`${LOG}.${START_S + 3600}.${signature}`)).toBe('invalid');
    expect(check(`${OTHER}.${START_S}.${signature}`)).toBe('invalid');
    const flipped = signature!.startsWith('A') ? `B${signature!.slice(1)}` : `A${signature!.slice(1)}`;
    expect(check(`${LOG}.${START_S}.${flipped}`)).toBe('invalid');
    expect(check(`${LOG}.${START_S}.${signature!.slice(0, 20)}`)).toBe('invalid');
  });

  it('an expired token that was forged is invalid, not expired: a forger learns nothing', () => {
    const [, , signature] = token.split('.');
    expect(check(`${LOG}.${START_S - 10}.${signature}`, USER, START_S * 1000)).toBe('invalid');
  });

  it('refuses malformed tokens before any check', () => {
    for (const bad of ['', 'x', `${LOG}.${START_S}`, `${LOG}.soon.sig`, `not-a-uuid.${START_S}.sig`, `${token}.more`]) expect(acceptTokenParts(bad)).toBeNull();
  });
});
