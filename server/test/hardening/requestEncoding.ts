/**
 * How generated values become the URL of a request: the query string (repeated keys for lists,
 * `key[sub]` for objects) and the path parameters, each with the value the server will decode,
 * or word that the decoding is not certain (a lone surrogate has no percent-encoding).
 */
import { RawNumber, toJsonText } from './jsonText.js';
import type { Operation } from './routeInventory.js';

/** A query string as the server will parse it, or null where its decoding is not certain. */
export function queryOf(value: unknown): { text: string; parsed: Record<string, string | string[]> | null } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { text: '', parsed: {} };
  const pairs: Array<[string, string]> = [];
  const scalar = (field: unknown): string => (field instanceof RawNumber ? field.text : typeof field === 'string' ? field : toJsonText(field));
  for (const [key, field] of Object.entries(value)) {
    if (Array.isArray(field)) for (const item of field) pairs.push([key, scalar(item)]);
    else if (typeof field === 'object' && field !== null && !(field instanceof RawNumber)) {
      for (const [sub, item] of Object.entries(field)) pairs.push([`${key}[${sub}]`, scalar(item)]);
    } else if (field !== undefined) pairs.push([key, scalar(field)]);
  }
  let certain = true;
  const encode = (text: string) => {
    try {
      return encodeURIComponent(text);
    } catch {
      // A lone surrogate: sent as its raw UTF-16 unit, decoded however the server decodes it.
      certain = false;
      return [...text].map((c) => (/[\ud800-\udfff]/.test(c) ? `%${c.charCodeAt(0).toString(16)}` : encodeURIComponent(c))).join('');
    }
  };
  const parsed: Record<string, string | string[]> = Object.create(null);
  for (const [key, field] of pairs) {
    if (key === '__proto__') certain = false;
    const previous = parsed[key];
    parsed[key] = previous === undefined ? field : [...(Array.isArray(previous) ? previous : [previous]), field];
  }
  return { text: pairs.map(([key, field]) => `${encode(key)}=${encode(field)}`).join('&'), parsed: certain ? { ...parsed } : null };
}

/** The path with its `{name}` parameters filled in. */
export function pathOf(operation: Operation, params: unknown): { url: string; certain: boolean; parsed: Record<string, string> } {
  let certain = true;
  // Path parameters travel as text: the server reads `1` and "1" alike, so conformance is judged on the text.
  const parsed: Record<string, string> = {};
  const url = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = (params as Record<string, unknown> | undefined)?.[name];
    const text = typeof value === 'string' ? value : toJsonText(value);
    parsed[name] = text;
    try {
      return encodeURIComponent(text);
    } catch {
      certain = false;
      return 'x';
    }
  });
  return { url, certain, parsed };
}
