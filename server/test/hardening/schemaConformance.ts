/**
 * Whether a value passes a route schema, judged as the app's ajv judges it (coerceTypes off,
 * the app's own formats plus ajv-formats' uuid). The fuzzer uses it to know, before sending, if
 * a request must be refused by validation; a mistake here shows up as a failing fuzz case, not
 * as a silent pass.
 */
import { FORMATS } from '../../src/http/formats.js';
import { typeAllowed, typesOf, type JsonSchema } from './jsonSchema.js';

/** ajv-formats' uuid, which also takes the `urn:uuid:` form. */
const AJV_UUID = /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;

function formatHolds(format: string, value: string): boolean {
  if (format === 'uuid') return AJV_UUID.test(value);
  const own = (FORMATS as Record<string, { validate(v: string): boolean }>)[format];
  return own ? own.validate(value) : true;
}

function deepEqual(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** ajv's typing: integers and numbers must be finite (a parsed 1e999 is Infinity). */
function typeHolds(schema: JsonSchema, value: unknown): boolean {
  if (typeof value === 'number' && !Number.isFinite(value)) return false;
  return typeAllowed(schema, value);
}

function numberHolds(schema: JsonSchema, value: number): boolean {
  if (schema.minimum !== undefined && value < schema.minimum) return false;
  if (schema.maximum !== undefined && value > schema.maximum) return false;
  if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) return false;
  if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum) return false;
  if (schema.multipleOf !== undefined) {
    // ajv's own test, precision quirks included.
    const ratio = value / schema.multipleOf;
    if (ratio !== parseInt(String(ratio), 10)) return false;
  }
  return true;
}

function stringHolds(schema: JsonSchema, value: string): boolean {
  // ajv counts code points, not UTF-16 units.
  const length = [...value].length;
  if (schema.minLength !== undefined && length < schema.minLength) return false;
  if (schema.maxLength !== undefined && length > schema.maxLength) return false;
  if (schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test(value)) return false;
  return schema.format === undefined || formatHolds(schema.format, value);
}

function arrayHolds(schema: JsonSchema, value: unknown[]): boolean {
  if (schema.minItems !== undefined && value.length < schema.minItems) return false;
  if (schema.maxItems !== undefined && value.length > schema.maxItems) return false;
  if (schema.uniqueItems && value.some((item, i) => value.findIndex((other) => deepEqual(other, item)) !== i)) return false;
  return !schema.items || value.every((item) => conforms(schema.items!, item));
}

function objectHolds(schema: JsonSchema, value: Record<string, unknown>): boolean {
  const keys = Object.keys(value);
  if (schema.minProperties !== undefined && keys.length < schema.minProperties) return false;
  if (schema.maxProperties !== undefined && keys.length > schema.maxProperties) return false;
  if ((schema.required ?? []).some((key) => !Object.hasOwn(value, key))) return false;
  const properties = schema.properties ?? {};
  return keys.every((key) => {
    const own = properties[key];
    if (own) return conforms(own, value[key]);
    if (schema.additionalProperties === false) return false;
    return typeof schema.additionalProperties !== 'object' || conforms(schema.additionalProperties, value[key]);
  });
}

export function conforms(schema: JsonSchema, value: unknown): boolean {
  if (schema.anyOf && !schema.anyOf.some((option) => conforms(option, value))) return false;
  if (schema.oneOf && schema.oneOf.filter((option) => conforms(option, value)).length !== 1) return false;
  if (schema.enum && !schema.enum.some((option) => deepEqual(option, value))) return false;
  if ('const' in schema && !deepEqual(schema.const, value)) return false;
  if ((schema.type !== undefined || schema.nullable) && !typeHolds(schema, value)) return false;
  if (value === null && typesOf(schema).includes('null')) return true;
  if (typeof value === 'number') return numberHolds(schema, value);
  if (typeof value === 'string') return stringHolds(schema, value);
  if (Array.isArray(value)) return arrayHolds(schema, value);
  if (typeof value === 'object' && value !== null) return objectHolds(schema, value as Record<string, unknown>);
  return true;
}
