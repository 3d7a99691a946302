/**
 * Values a hostile or broken client sends: every JSON type, extreme and malformed numbers,
 * strings that break encodings (NUL, lone surrogates), look like code (SQL, HTML, templates) or
 * are huge, operator objects of document databases (`{ "$ne": null }`), and deep or wide
 * structures. Generators of the bad-input suite; each is deterministic under a fast-check seed.
 */
import fc from 'fast-check';
import { RawNumber } from './jsonText.js';

/** Query operators of document databases: a route that passed them on would match everything. */
export const OPERATOR_OBJECTS: readonly object[] = [
  { $ne: null },
  { $gt: '' },
  { $gt: 0 },
  { $lt: 8.64e15 },
  { $in: ['BLOCK_ACCEPT', 'BLOCK_IGNORE'] },
  { $nin: [] },
  { $regex: '.*' },
  { $where: 'sleep(1000)' },
  { $exists: true },
  { $or: [{}, { $ne: null }] },
];

const SPECIAL_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(64),
  '\ud800',
  'x\udfffy',
  '\ud83d',
  '\u202egnp.exe',
  '\u200b\u200c\u200d',
  '\ufeffBOM',
  'e\u0301\u0301\u0301',
  '\u0085\u2028\u2029',
  '\r\nSet-Cookie: admin=1',
  '%00',
  '%s%n%x',
  "' OR '1'='1",
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '${7*7}{{7*7}}',
  'urn:uuid:00000000-0000-4000-8000-000000000000',
  '00000000-0000-0000-0000-000000000000',
  'null',
  'undefined',
  'NaN',
  '-1',
  '1e309',
  'true',
  '[object Object]',
  '__proto__',
  'a@b.co',
  '+1 555 555 0100',
];

/** A single character from the ranges that break text handling. */
const awkwardCharacter = fc.oneof(
  fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
  fc.constantFrom('\u007f', '\u00a0', '\u0301', '\u200f', '\ufffd', '\uffff', '😀', '𝕏', 'ß', 'İ', 'Ω'),
);

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...SPECIAL_STRINGS),
  fc.string({ unit: awkwardCharacter, minLength: 1, maxLength: 24 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.tuple(fc.constantFrom('x', '😀', '\u0000', 'é'), fc.integer({ min: 100, max: 12_000 })).map(([unit, count]) => unit.repeat(count)),
);

export const hostileNumber: fc.Arbitrary<number | RawNumber> = fc.oneof(
  fc.constantFrom(0, -0, -1, 1, 0.5, -0.5, 1e-7, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 2, -(2 ** 53) - 2, 1.7976931348623157e308, -1.7976931348623157e308, 5e-324),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
  fc.constantFrom('1e999', '-1e999', '-0', '1E-400', '123456789012345678901234567890', '0.1e1', '-0.0').map((text) => new RawNumber(text)),
);

/** Any JSON value, weighted towards the troublesome ones. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.constantFrom(null, true, false),
    fc.constantFrom(...OPERATOR_OBJECTS),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom('$ne', '$gt', 'constructor', 'toString', 'valueOf', ''), fc.string({ maxLength: 8 })), tie('value'), { maxKeys: 3 }),
    fc.integer({ min: 100, max: 5000 }).map((n) => Array.from({ length: n }, (_, i) => i)),
    fc.integer({ min: 20, max: 400 }).map((depth) => nested(depth)),
  ),
})).value;

/** `[[[...]]]` `depth` levels deep. */
function nested(depth: number): unknown {
  let value: unknown = [];
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** Names of fields a route did not ask for: operators, prototype keys, privileges, ids. */
export const extraFieldName: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('$ne', '$gt', '$where', '__proto__', 'constructor', 'prototype', 'admin', 'isAdmin', 'role', 'userId', 'user_id', 'id', 'credit', 'credit_cents', 'balance'),
  fc.string({ minLength: 1, maxLength: 12 }),
);
