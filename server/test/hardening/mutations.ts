/**
 * Breaking a valid value one step at a time: at a random place in it, a value of another type,
 * a hostile value, the boundary just past a schema limit, a missing required field, a field the
 * route did not ask for, or an operator object. The schema of the place is known, so boundary
 * mutations hit the exact limits (maxLength + 1, minimum - 1, a step off multipleOf).
 */
import fc from 'fast-check';
import { extraFieldName, hostileValue, OPERATOR_OBJECTS } from './hostileValues.js';
import type { JsonSchema } from './jsonSchema.js';
import { RawNumber } from './jsonText.js';

/** A place in a value: how to read and replace it, and the schema that applies there. */
interface Site {
  path: string;
  schema: JsonSchema;
  value: unknown;
  replace(next: unknown): void;
  /** Removes it from its parent object (only for object members). */
  remove?: () => void;
}

/** What one mutation does, drawn before the value it applies to is known. */
export interface MutationDraw {
  site: number;
  kind: number;
  hostile: unknown;
  extraName: string;
  pick: number;
}

export const mutationDraw: fc.Arbitrary<MutationDraw> = fc.record({
  site: fc.nat(),
  kind: fc.nat(),
  hostile: hostileValue,
  extraName: extraFieldName,
  pick: fc.nat(),
});

function sitesOf(root: { value: unknown }, schema: JsonSchema): Site[] {
  const sites: Site[] = [];
  const visit = (holder: Record<string | number, unknown>, key: string | number, own: JsonSchema, path: string, removable: boolean) => {
    const value = holder[key];
    sites.push({
      path,
      schema: own,
      value,
      replace: (next) => Object.defineProperty(holder, key, { value: next, enumerable: true, writable: true, configurable: true }),
      ...(removable ? { remove: () => delete holder[key] } : {}),
    });
    if (Array.isArray(value)) value.forEach((_, i) => visit(value as unknown as Record<number, unknown>, i, own.items ?? {}, `${path}/${i}`, false));
    else if (typeof value === 'object' && value !== null && !(value instanceof RawNumber)) {
      for (const name of Object.keys(value)) visit(value as Record<string, unknown>, name, own.properties?.[name] ?? {}, `${path}/${name}`, true);
    }
  };
  visit(root as Record<string, unknown>, 'value', schema, '', false);
  return sites;
}

/** Values just past (or exactly at) the schema's limits at a site. */
function boundaryValues(schema: JsonSchema, current: unknown): unknown[] {
  const values: unknown[] = [];
  const step = schema.multipleOf;
  if (schema.minimum !== undefined) values.push(schema.minimum, schema.minimum - (step ?? 1), schema.minimum - 0.5);
  if (schema.maximum !== undefined) values.push(schema.maximum, schema.maximum + (step ?? 1), schema.maximum + 0.5);
  if (step !== undefined && typeof current === 'number') values.push(current + step / 2, current + step / 3);
  if (typeof current === 'number') values.push(current + 0.5, -current, current * 1e12);
  if (schema.maxLength !== undefined) values.push('x'.repeat(schema.maxLength), 'x'.repeat(schema.maxLength + 1), '😀'.repeat(schema.maxLength), 'é'.repeat(schema.maxLength + 1));
  if (schema.minLength !== undefined && schema.minLength > 0) values.push('x'.repeat(schema.minLength - 1));
  if (Array.isArray(current)) {
    const item = current[0] ?? 'x';
    if (schema.maxItems !== undefined) values.push(Array.from({ length: schema.maxItems + 1 }, () => item));
    if (current.length) values.push([...current, current[0]]);
    values.push([]);
  }
  if (schema.enum) values.push(`${String(schema.enum[0])} `, String(schema.enum[0]).toLowerCase(), schema.enum);
  if (typeof current === 'string') values.push(current.toUpperCase(), ` ${current} `, `${current}\u0000`, current.slice(0, -1));
  return values.length ? values : [current];
}

/**
 * A deep copy that keeps {@link RawNumber}s and own `__proto__` keys: drawn values are shared
 * between samples (constants), and a later mutation must not change them for the next request.
 */
function copy(value: unknown): unknown {
  if (value instanceof RawNumber || typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map(copy);
  return Object.fromEntries(Object.entries(value).map(([key, field]) => [key, copy(field)]));
}

/** Applies one drawn mutation to `root.value` in place. */
function mutate(root: { value: unknown }, schema: JsonSchema, draw: MutationDraw): void {
  const sites = sitesOf(root, schema);
  const site = sites[draw.site % sites.length]!;
  const choose = <T>(options: readonly T[]): T => copy(options[draw.pick % options.length]!) as T;
  switch (draw.kind % 6) {
    case 0:
      site.replace(copy(draw.hostile));
      return;
    case 1:
      site.replace(choose(boundaryValues(site.schema, site.value)));
      return;
    case 2:
      if (site.remove) site.remove();
      else site.replace(undefined);
      return;
    case 3:
      if (typeof site.value === 'object' && site.value !== null && !Array.isArray(site.value)) {
        Object.defineProperty(site.value, draw.extraName, { value: copy(draw.hostile), enumerable: true, writable: true, configurable: true });
      } else site.replace(Object.fromEntries([[draw.extraName, copy(draw.hostile)]]));
      return;
    case 4:
      site.replace(choose(OPERATOR_OBJECTS));
      return;
    default:
      // The same value in another JSON type: "5" for 5, 5 for "5", [x] for x, {x} for [x].
      site.replace(
        typeof site.value === 'string'
          ? Number(site.value) || site.value.length
          : typeof site.value === 'number'
            ? String(site.value)
            : Array.isArray(site.value)
              ? { ...site.value }
              : [site.value],
      );
  }
}

/** Text that stays within a string site's schema but is hard to store or display. */
function hostileText(schema: JsonSchema, draw: MutationDraw, current: string): string {
  if (schema.format === 'uuid') return [`urn:uuid:${current}`, current.toUpperCase(), `{${current}}`][draw.pick % 3]!;
  if (schema.format?.startsWith('email-address')) return [`a\u0000b@example.com`, `\ud800@example.com`, `a@exa\u0000mple.com`, `"><script>@x.co`][draw.pick % 4]!;
  const hostile = typeof draw.hostile === 'string' && draw.hostile ? draw.hostile : '\u0000\ud800';
  const points = [...hostile.repeat(Math.ceil((schema.minLength ?? 0) / [...hostile].length) || 1)];
  return points.slice(0, schema.maxLength ?? points.length).join('');
}

/**
 * `base` with the text at a few of its string places replaced by hostile text that still fits
 * the schema's length and format, so the request passes validation and the text reaches the
 * handler and the database (NUL bytes, lone surrogates, `urn:uuid:` ids).
 */
export function withHostileText(base: unknown, schema: JsonSchema, draws: readonly MutationDraw[]): unknown {
  const root = { value: copy(base) };
  for (const draw of draws) {
    const strings = sitesOf(root, schema).filter((site) => typeof site.value === 'string' && !site.schema.enum && !site.schema.pattern);
    const site = strings[draw.site % Math.max(1, strings.length)];
    site?.replace(hostileText(site.schema, draw, site.value as string));
  }
  return root.value;
}

/** `base` changed by each draw in turn (on a copy). */
export function mutated(base: unknown, schema: JsonSchema, draws: readonly MutationDraw[]): unknown {
  const root = { value: copy(base) };
  for (const draw of draws) mutate(root, schema, draw);
  return root.value;
}
