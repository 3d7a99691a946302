import type { FormatName } from '@blockpilot/shared/api/schemas';
import type { MessageKey } from '../domain/translate.js';

/**
 * String formats the route schemas use, with the message (its catalog key) a driver sees when a
 * value does not match. Registered with ajv in app.ts; read by the error handler for the per-field message.
 * Own names (not ajv-formats' `email`) so the rule and its message live together here; the names
 * are the API contract's (`FormatName`), and each one must have its rule here.
 */
const EMAIL = /^[^\s@\p{Cc}]+@[^\s@\p{Cc}]+\.[^\s@\p{Cc}]+$/u;
/**
 * Text a person can type and the database can store: no control characters but tab and line
 * breaks (PostgreSQL refuses NUL in text, and a NUL there used to fail the request with a 500),
 * and no lone UTF-16 surrogate (it cannot be encoded, so it would be stored as U+FFFD: not the
 * text that was sent).
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSTORABLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]|\p{Cs}/u;

function isPlainText(value: string): boolean {
  return !UNSTORABLE.test(value);
}
/** Digits with the usual separators and an optional leading +; 7 to 15 digits as E.164 allows. */
const PHONE = /^\+?[\d\s().-]+$/;

function isPhone(value: string): boolean {
  const digits = value.replace(/\D/g, '').length;
  return PHONE.test(value) && digits >= 7 && digits <= 15;
}

const isEmail = (value: string) => EMAIL.test(value) && isPlainText(value);

/** Plain text that holds a word: a letter or a digit, not only spaces and punctuation (an operator's reason, docs/OPERATIONS.md "Audit"). */
const isWords = (value: string) => /[\p{L}\p{N}]/u.test(value) && isPlainText(value);

const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
/** The bytes of a base64url text (padding allowed), or null for anything else. */
function base64UrlBytes(value: string): Buffer | null {
  return BASE64URL.test(value) ? Buffer.from(value, 'base64url') : null;
}
/** A browser's push key: an uncompressed P-256 point, 65 bytes starting 0x04 (RFC 8291 section 3.1). */
function isPushPublicKey(value: string): boolean {
  const bytes = base64UrlBytes(value);
  return bytes !== null && bytes.length === 65 && bytes[0] === 0x04;
}
/** A browser's push authentication secret: 16 bytes (RFC 8291 section 3.2). */
const isPushAuthSecret = (value: string) => base64UrlBytes(value)?.length === 16;
/** A day of the calendar as `YYYY-MM-DD` that exists (no 2026-02-30), between years 2000 and 9999. */
export function isCalendarDate(value: string): boolean {
  if (!/^[2-9]\d{3}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

export const FORMATS = {
  'plain-text': { validate: isPlainText, words: 'api.field.format.plainText' },
  'email-address': { validate: isEmail, words: 'api.field.format.email' },
  'email-address-or-empty': { validate: (v: string) => v === '' || isEmail(v), words: 'api.field.format.emailOrEmpty' },
  'phone-number': { validate: isPhone, words: 'api.field.format.phone' },
  'phone-number-or-empty': { validate: (v: string) => v === '' || isPhone(v), words: 'api.field.format.phoneOrEmpty' },
  'push-public-key': { validate: isPushPublicKey, words: 'api.field.format.pushKey' },
  'push-auth-secret': { validate: isPushAuthSecret, words: 'api.field.format.pushSecret' },
  'calendar-date': { validate: isCalendarDate, words: 'api.field.format.calendarDate' },
  words: { validate: isWords, words: 'api.field.sayWhy' },
  'words-or-empty': { validate: (v: string) => v === '' || isWords(v), words: 'api.field.sayWhy' },
} as const satisfies Record<FormatName, { validate: (value: string) => boolean; words: MessageKey }>;

/** The formats in the shape ajv's `formats` option takes. */
export const ajvFormats = Object.fromEntries(Object.entries(FORMATS).map(([name, { validate }]) => [name, validate]));
