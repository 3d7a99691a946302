/**
 * The pieces the API contract's schemas are built from (docs/ARCHITECTURE.md section 4.1, "The
 * contract"), and how a schema becomes its TypeScript type. Plain objects written `as const`: the
 * type of a body is derived from its schema (`FromContract`), never written beside it.
 */
import type { FromSchema, JSONSchema } from 'json-schema-to-ts';

/**
 * String formats a schema may name. The server holds each one's rule and message
 * (server/src/http/formats.ts, which must cover every name here).
 */
export type FormatName =
  | 'plain-text'
  | 'email-address'
  | 'email-address-or-empty'
  | 'phone-number'
  | 'phone-number-or-empty'
  | 'push-public-key'
  | 'push-auth-secret'
  | 'calendar-date'
  | 'words'
  | 'words-or-empty';

/**
 * How a schema reads as a type. JSON Schema has no tuple of one item type, so a two-item number
 * array (a two-handle slider's `[low, high]`, the only such array in the contract) reads as a pair.
 */
export interface ContractOptions {
  deserialize: [
    { pattern: { type: 'array'; minItems: 2; maxItems: 2; items: { type: 'number' } }; output: Range },
    { pattern: { type: 'array'; minItems: 2; maxItems: 2; items: { type: 'integer' } }; output: Range },
  ];
}

/** A two-handle slider value: [low, high]. */
export type Range = [number, number];

/** Any JSON schema of the contract. */
export type ContractSchema = JSONSchema;

/** The TypeScript type of the values a contract schema accepts. */
export type FromContract<Schema extends JSONSchema> = FromSchema<Schema, ContractOptions>;

export function stringOf<const Format extends FormatName, const MaxLength extends number = 254>(format: Format, maxLength: MaxLength = 254 as MaxLength) {
  return { type: 'string', format, maxLength } as const;
}

/** A required text field: non-empty, bounded, plain text. */
export function text<const MaxLength extends number>(maxLength: MaxLength) {
  return { type: 'string', format: 'plain-text', minLength: 1, maxLength } as const;
}

/** An optional text field: may be empty, bounded, plain text. */
export function optionalText<const MaxLength extends number>(maxLength: MaxLength) {
  return { type: 'string', format: 'plain-text', maxLength } as const;
}

/**
 * A closed object: these properties, these required, and what documents it (a description). The
 * request bodies, queries and path parameters of the contract are closed, so a misspelt field is
 * reported, not ignored; the answers are closed, so the server never sends a field the contract
 * does not name.
 */
export function closedObject<
  const Required extends readonly string[],
  const Properties extends Record<string, JSONSchema>,
  const Annotations extends { description?: string } = Record<never, never>,
>(required: Required, properties: Properties, annotations?: Annotations) {
  return { type: 'object', additionalProperties: false, required, properties, ...(annotations as Annotations) } as const;
}

/**
 * The id of a row. ajv's `uuid` format also takes `urn:uuid:<uuid>`, which PostgreSQL refuses
 * (a 500 before this pattern); the pattern keeps only the form the database reads.
 */
export const uuid = { type: 'string', format: 'uuid', pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$' } as const;

/** Passwords: long enough to resist guessing, bounded so hashing cannot be abused. */
export const newPassword = { type: 'string', format: 'plain-text', minLength: 8, maxLength: 128 } as const;
/** A password being checked, not set: any length a set one could have. */
export const existingPassword = { type: 'string', format: 'plain-text', minLength: 1, maxLength: 128 } as const;
