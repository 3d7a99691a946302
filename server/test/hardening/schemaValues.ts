/**
 * Values a route schema accepts, as fast-check arbitraries: the starting point the fuzzer
 * mutates, so most requests are one or two steps away from valid and reach deep into the
 * handler's checks. Values the database knows (the fuzzing driver's filter id, order ids) are
 * mixed into UUID fields, so requests also hit real rows, not only misses.
 */
import fc from 'fast-check';
import { typesOf, type JsonSchema } from './jsonSchema.js';

/** Values of the attacked database to use where a schema wants an id. */
export interface KnownValues {
  ids: readonly string[];
  /** Put only these ids in id fields (aim every id field at one user's objects). */
  onlyThese?: boolean;
}

const EXAMPLES: Record<string, readonly string[]> = {
  'email-address': ['driver@example.com', 'Someone.Else+tag@example.co.uk'],
  'phone-number': ['+1 555 555 0100', '+44 20 7946 0958', '(555) 555-0100'],
};

function stringValue(schema: JsonSchema, known: KnownValues): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, Math.max(minLength, 40));
  const format = schema.format?.replace(/-or-empty$/, '');
  if (format === 'uuid') {
    if (!known.ids.length) return fc.uuid();
    return known.onlyThese ? fc.constantFrom(...known.ids) : fc.oneof(fc.constantFrom(...known.ids), fc.uuid());
  }
  if (format && EXAMPLES[format]) {
    const examples = fc.constantFrom(...EXAMPLES[format]!);
    return schema.format!.endsWith('-or-empty') ? fc.oneof(examples, fc.constant('')) : examples;
  }
  // A pattern bounds the length itself (a 71-character hash pattern can never fit the 40 we cap
  // free text at): filter only by the schema's own limits, or fast-check would draw forever.
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity));
  return fc.string({ unit: 'grapheme', minLength, maxLength });
}

function numberValue(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1_000_000;
  const max = schema.maximum ?? 1_000_000;
  const step = schema.multipleOf ?? (integer ? 1 : undefined);
  if (step === undefined) return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  return fc.integer({ min: Math.ceil(min / step), max: Math.floor(max / step) }).map((k) => k * step);
}

function objectValue(schema: JsonSchema, known: KnownValues): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const names = Object.keys(properties);
  const required = new Set(schema.required ?? []);
  // Aiming at one user's objects, an optional id field is always sent (saveFilter's `id`: without
  // it the call adds a filter instead of naming one), or the request would aim at nothing.
  const aimed = known.onlyThese ? names.filter((name) => !required.has(name) && properties[name]!.format === 'uuid') : [];
  const optional = names.filter((name) => !required.has(name) && !aimed.includes(name));
  const sent = required.size + aimed.length;
  const fewest = Math.max(0, (schema.minProperties ?? 0) - sent);
  const most = Math.max(0, Math.min(optional.length, (schema.maxProperties ?? Infinity) - sent));
  // Which optional fields appear is chosen first, so min/maxProperties hold.
  return fc.subarray(optional, { minLength: Math.min(fewest, most), maxLength: most }).chain((chosen) => {
    const present = [...required, ...aimed, ...chosen];
    return fc.record(Object.fromEntries(present.map((name) => [name, validValue(properties[name]!, known)])));
  });
}

export function validValue(schema: JsonSchema, known: KnownValues): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  const options = schema.anyOf ?? schema.oneOf;
  if (options) return fc.oneof(...options.map((option) => validValue(option, known)));
  const types = typesOf(schema).filter((type) => type !== 'null' || typesOf(schema).length === 1);
  return fc.constantFrom(...types).chain((type): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        return stringValue(schema, known);
      case 'integer':
      case 'number':
        return numberValue(schema, type === 'integer');
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      case 'array': {
        const items = schema.items ? validValue(schema.items, known) : fc.string();
        const constraints = { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 4, Math.max(schema.minItems ?? 0, 4)) };
        return schema.uniqueItems ? fc.uniqueArray(items, { ...constraints, selector: (item) => JSON.stringify(item) }) : fc.array(items, constraints);
      }
      default:
        return objectValue(schema, known);
    }
  });
}
