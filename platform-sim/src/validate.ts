/**
 * Small checks for JSON input (options, control API bodies). They throw {@link InputError}, which
 * the HTTP layer turns into a 400, so in-process callers and HTTP callers get the same validation.
 */

/** Bad input from a caller (a 400 over HTTP). */
export class InputError extends Error {
  override readonly name = 'InputError';
}

/** A plain JSON object. */
export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asObject(value: unknown, what: string): JsonObject {
  if (value === undefined || value === null) return {};
  if (!isObject(value)) throw new InputError(`${what} must be an object`);
  return value;
}

export function optionalString(obj: JsonObject, key: string): string | undefined {
  const value = obj[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value === '') throw new InputError(`${key} must be a non-empty string`);
  return value;
}

export function optionalBoolean(obj: JsonObject, key: string): boolean | undefined {
  const value = obj[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw new InputError(`${key} must be a boolean`);
  return value;
}

export interface NumberRange {
  min?: number;
  max?: number;
  integer?: boolean;
}

export function checkNumber(value: unknown, key: string, range: NumberRange = {}): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new InputError(`${key} must be a finite number`);
  if (range.integer && !Number.isInteger(value)) throw new InputError(`${key} must be an integer`);
  if (range.min !== undefined && value < range.min) throw new InputError(`${key} must be >= ${range.min}`);
  if (range.max !== undefined && value > range.max) throw new InputError(`${key} must be <= ${range.max}`);
  return value;
}

export function optionalNumber(obj: JsonObject, key: string, range?: NumberRange): number | undefined {
  const value = obj[key];
  return value === undefined ? undefined : checkNumber(value, key, range);
}

/** A number, or null when the caller asks for "none" (e.g. no rivals). */
export function optionalNullableNumber(obj: JsonObject, key: string, range?: NumberRange): number | null | undefined {
  const value = obj[key];
  if (value === null) return null;
  return optionalNumber(obj, key, range);
}

export function optionalStringArray(obj: JsonObject, key: string): string[] | undefined {
  const value = obj[key];
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) {
    throw new InputError(`${key} must be an array of strings`);
  }
  return value as string[];
}

export function optionalOneOf<T extends string>(obj: JsonObject, key: string, allowed: readonly T[]): T | undefined {
  const value = obj[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new InputError(`${key} must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}
