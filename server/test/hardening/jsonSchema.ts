/** The part of JSON Schema (as the OpenAPI document writes it) the route schemas use. */
export interface JsonSchema {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  multipleOf?: number;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  minProperties?: number;
  maxProperties?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  description?: string;
}

/** The JSON types a schema allows (all of them when it does not say). */
export function typesOf(schema: JsonSchema): string[] {
  const declared = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  const types = declared.length ? declared : ['string', 'number', 'integer', 'boolean', 'null', 'array', 'object'];
  return schema.nullable ? [...types, 'null'] : types;
}

/** The JSON type of a value as JSON Schema names it. */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Whether `value`'s JSON type is one the schema allows (an integer is also a number). */
export function typeAllowed(schema: JsonSchema, value: unknown): boolean {
  const type = jsonTypeOf(value);
  const allowed = typesOf(schema);
  return allowed.includes(type) || (type === 'integer' && allowed.includes('number'));
}
