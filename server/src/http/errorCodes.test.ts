import { describe, it } from 'node:test';
import { expect } from 'expect';
import { LANGUAGES } from '@blockpilot/shared/constants';
import en from '../locales/en.json' with { type: 'json' };
import es from '../locales/es.json' with { type: 'json' };
import { conflict, DomainError, ERROR_CODES as CODES, refusal, tooManyRequests, wordsOfCode } from '../domain/errors.js';
import { translate } from '../domain/translate.js';
import { ERROR_CODES, codeForStatus } from './errorCodes.js';

describe('error codes', () => {
  it('every code is BP_ERR_ and upper case, with a status in the 4xx or 5xx range, and the table answers every code', () => {
    expect(Object.keys(ERROR_CODES).sort()).toEqual([...CODES].sort());
    for (const [code, { status }] of Object.entries(ERROR_CODES)) {
      expect(code).toMatch(/^BP_ERR_[A-Z_]+$/);
      expect(status >= 400 && status < 600).toBe(true);
    }
  });

  it('every code has its own words in every language the app speaks', () => {
    const catalogs: Record<(typeof LANGUAGES)[number], Record<string, string>> = { en, es };
    for (const language of LANGUAGES) {
      for (const code of CODES) {
        const message = catalogs[language][wordsOfCode(code)];
        expect({ language, code, written: typeof message === 'string' && message.trim() !== '' }).toEqual({ language, code, written: true });
      }
    }
    // Spanish is not English left in place.
    expect(translate('es', wordsOfCode('BP_ERR_EMAIL_TAKEN'))).not.toBe(translate('en', wordsOfCode('BP_ERR_EMAIL_TAKEN')));
  });

  it("a refusal says its code's words unless it names more precise ones, and its message is the English (for the log)", () => {
    const plain = refusal('BP_ERR_EMAIL_TAKEN');
    expect(plain).toBeInstanceOf(DomainError);
    expect([plain.code, plain.words, plain.message]).toEqual(['BP_ERR_EMAIL_TAKEN', 'api.error.BP_ERR_EMAIL_TAKEN', 'An account with this e-mail address already exists.']);
    expect(refusal('BP_ERR_PLATFORM_CHALLENGE', { words: null }).words).toBeNull();
    expect(conflict('api.error.forfeitOnlyAccepted').code).toBe('BP_ERR_CONFLICT');
    expect(conflict('api.error.platformAccountTaken', 'BP_ERR_PLATFORM_ACCOUNT_TAKEN').code).toBe('BP_ERR_PLATFORM_ACCOUNT_TAKEN');
    const limited = tooManyRequests(7);
    expect([limited.code, limited.retryAfterSeconds, limited.message]).toEqual(['BP_ERR_RATE_LIMITED', 7, 'Too many attempts. Try again in 7 seconds.']);
  });

  it('a failure that names no code gets the one of its status', () => {
    expect(codeForStatus(409)).toBe('BP_ERR_CONFLICT');
    expect(codeForStatus(413)).toBe('BP_ERR_BAD_REQUEST');
    expect(codeForStatus(502)).toBe('BP_ERR_INTERNAL');
  });
});
