import { describe, it } from 'node:test';
import { expect } from 'expect';
import { ERROR_CODES, codeForStatus } from './errorCodes.js';
import { HttpError, conflict, refusal, tooManyRequests } from './errors.js';

describe('error codes', () => {
  it('every code is BP_ERR_ and upper case, with a status in the 4xx or 5xx range', () => {
    for (const [code, { status }] of Object.entries(ERROR_CODES)) {
      expect(code).toMatch(/^BP_ERR_[A-Z_]+$/);
      expect(status >= 400 && status < 600).toBe(true);
    }
  });

  it('a refusal takes its status and message from the table, and may say more precisely what happened', () => {
    const plain = refusal('BP_ERR_EMAIL_TAKEN');
    expect([plain.statusCode, plain.code, plain.message]).toEqual([409, 'BP_ERR_EMAIL_TAKEN', ERROR_CODES.BP_ERR_EMAIL_TAKEN.message]);
    expect(refusal('BP_ERR_PLATFORM_THROTTLED', { message: 'Slow down.' }).message).toBe('Slow down.');
    expect(conflict('Already used.', 'BP_ERR_EMAIL_TAKEN').code).toBe('BP_ERR_EMAIL_TAKEN');
    expect(tooManyRequests(7).extra.headers).toEqual({ 'Retry-After': '7' });
  });

  it('an error that names no code gets the one of its status', () => {
    expect(new HttpError(409, 'x').code).toBe('BP_ERR_CONFLICT');
    expect(codeForStatus(413)).toBe('BP_ERR_BAD_REQUEST');
    expect(codeForStatus(502)).toBe('BP_ERR_INTERNAL');
  });
});
