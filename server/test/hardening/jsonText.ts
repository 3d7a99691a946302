/**
 * JSON text with tokens JSON.stringify cannot write (1e999, -0, numbers beyond double
 * precision), so the fuzzer can send what a hostile client can, and the value the server will
 * see once it parses that text.
 */

/** A number token written as is into the JSON text. */
export class RawNumber {
  constructor(readonly text: string) {}
}

const PLACEHOLDER = /"\\u0001raw(\d+)\\u0001"/g;

/** The JSON text of a value that may hold {@link RawNumber}s. */
export function toJsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, field: unknown) => {
    if (field instanceof RawNumber) return `\u0001raw${raws.push(field.text) - 1}\u0001`;
    return field;
  });
  return (text ?? 'null').replace(PLACEHOLDER, (_match, index: string) => raws[Number(index)]!);
}

/**
 * What the server's JSON parser makes of the text, or `refused` when it refuses it: invalid
 * JSON, or a `__proto__` / `constructor.prototype` key (Fastify's secure-json-parse).
 */
export function parsedByServer(text: string): { refused: true } | { refused: false; value: unknown } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { refused: true };
  }
  return poisoned(value) ? { refused: true } : { refused: false, value };
}

function poisoned(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (Object.hasOwn(value, '__proto__')) return true;
  const constructor = (value as Record<string, unknown>).constructor;
  if (Object.hasOwn(value, 'constructor') && typeof constructor === 'object' && constructor !== null && Object.hasOwn(constructor, 'prototype')) return true;
  return Object.values(value).some(poisoned);
}
