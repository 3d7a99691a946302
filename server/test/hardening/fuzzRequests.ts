/**
 * Requests of the bad-input suite, generated from a route's OpenAPI operation: its valid body,
 * query and path parameters broken by a few mutations, or sent wrong on the wire (malformed
 * JSON, another content type, over the body limit, a poisoned prototype), or with a credential
 * that is no good. Each request says whether the app must refuse it, and at which stage, so the
 * suite can check the answer; when a request may pass, the suite only checks it does no harm.
 */
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import type { JsonSchema } from './jsonSchema.js';
import { parsedByServer, toJsonText } from './jsonText.js';
import { mutated, mutationDraw, withHostileText, type MutationDraw } from './mutations.js';
import { pathOf, queryOf } from './requestEncoding.js';
import type { Operation } from './routeInventory.js';
import { conforms } from './schemaConformance.js';
import { validValue, type KnownValues } from './schemaValues.js';

/** The app's body limit (app.ts). */
export const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Why the app must refuse a request: its schema (400 with errors per field), the wire (bad JSON,
 * content type or size: a 4xx before validation), or its credential (401); null when it may pass.
 */
export type Refusal = 'schema' | 'wire' | 'credential' | null;

export interface FuzzCase {
  /** `POST /api/user/saveFilter`: the operation attacked. */
  route: string;
  /** The token the route takes (a reset that succeeds uses its token up). */
  credential: Operation['credential'];
  request: InjectOptions;
  refusal: Refusal;
}

/**
 * Stand-ins for the bearer tokens, replaced when the request is sent ({@link withCredentials}):
 * requests are generated up front, and a reset token is used up whenever a reset succeeds.
 */
const TOKEN_PLACEHOLDER = { access: '<access-token>', reset: '<reset-token>', deploy: '<deploy-token>' } as const;

/** The request with the live tokens in place of the stand-ins. */
export function withCredentials(request: InjectOptions, tokens: Record<keyof typeof TOKEN_PLACEHOLDER, string>): InjectOptions {
  const header = request.headers?.authorization;
  if (typeof header !== 'string') return request;
  const authorization = header.replace(TOKEN_PLACEHOLDER.access, tokens.access).replace(TOKEN_PLACEHOLDER.reset, tokens.reset).replace(TOKEN_PLACEHOLDER.deploy, tokens.deploy);
  return { ...request, headers: { ...request.headers, authorization } };
}

/**
 * Bodies in a type the API does not take. text/plain only where the route has a JSON body
 * schema: Fastify parses text/plain into a string, which such a route refuses, while a route
 * without a body (logout) ignores it and acts, as it does for an empty body.
 */
const WRONG_CONTENT_TYPES = ['application/xml', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx', 'text/html', 'image/png'];
const BAD_CREDENTIALS = ['', 'Bearer', 'Bearer ', 'Bearer garbage', 'Basic dXNlcjpwYXNz', 'Bearer \u0000', `Bearer ${'A'.repeat(5000)}`, 'Bearer null', 'Bearer {"$ne":null}'];

function authorization(operation: Operation): Record<string, string> {
  return operation.credential === 'none' ? {} : { authorization: `Bearer ${TOKEN_PLACEHOLDER[operation.credential]}` };
}

type Breaker = (base: unknown, schema: JsonSchema, draws: readonly MutationDraw[]) => unknown;

/**
 * A request whose body, query and parameters were each changed by 0 to 3 draws of `breaker`:
 * mutations (mostly invalid), or hostile text that stays valid.
 */
function schemaCase(operation: Operation, known: KnownValues, breaker: Breaker): fc.Arbitrary<FuzzCase> {
  const part = (schema: JsonSchema | undefined) =>
    schema ? fc.tuple(validValue(schema, known), fc.array(mutationDraw, { maxLength: 3 })).map(([base, draws]) => breaker(base, schema, draws)) : fc.constant(undefined);
  return fc.tuple(part(operation.body), part(operation.query), part(operation.params)).map(([body, query, params]) => {
    const { url, certain: pathCertain, parsed: pathParams } = pathOf(operation, params);
    const queryString = queryOf(query);
    const text = body === undefined ? undefined : toJsonText(body);
    const parsed = text === undefined ? undefined : parsedByServer(text);
    const request: InjectOptions = {
      method: operation.method,
      url: queryString.text ? `${url}?${queryString.text}` : url,
      headers: { ...authorization(operation), ...(text === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(text === undefined ? {} : { payload: text }),
    };
    const route = `${operation.method} ${operation.path}`;
    const { credential } = operation;
    if (parsed?.refused || Buffer.byteLength(text ?? '') > BODY_LIMIT_BYTES) return { route, credential, request, refusal: 'wire' };
    const certain = pathCertain && queryString.parsed !== null;
    const valid =
      (!operation.body || conforms(operation.body, parsed?.value)) &&
      (!operation.query || queryString.parsed === null || conforms(operation.query, queryString.parsed)) &&
      (!operation.params || conforms(operation.params, pathParams));
    return { route, credential, request, refusal: valid || !certain ? null : 'schema' };
  });
}

/** A request broken on the wire: it must never reach validation, let alone the handler. */
function wireCase(operation: Operation, known: KnownValues): fc.Arbitrary<FuzzCase> {
  const validText = operation.body ? validValue(operation.body, known).map(toJsonText) : fc.constant('{}');
  const broken = fc.oneof(
    validText.chain((text) => fc.integer({ min: 0, max: Math.max(0, text.length - 1) }).map((cut) => ({ payload: text.slice(0, cut), type: 'application/json' }))),
    validText.chain((text) => fc.constantFrom('x', ',', '}', ' garbage', '\u0000', '\n{}').map((tail) => ({ payload: text + tail, type: 'application/json' }))),
    fc
      .constantFrom(
        "{'a':1}",
        '{a:1}',
        'NaN',
        '[1,]',
        '{"a":1,}',
        '{"a":undefined}',
        '\ud800',
        '/*x*/{}',
        '{"__proto__":{"admin":true}}',
        '{"constructor":{"prototype":{"admin":true}}}',
      )
      .map((payload) => ({ payload, type: 'application/json' })),
    validText.map((text) => ({ payload: text.replace(/^\{/, '{"__proto__":{"isAdmin":true},'), type: 'application/json' })),
    fc.tuple(validText, fc.constantFrom(...WRONG_CONTENT_TYPES, ...(operation.body ? ['text/plain'] : []))).map(([payload, type]) => ({ payload, type })),
    fc.tuple(validText, fc.integer({ min: BODY_LIMIT_BYTES + 1, max: 4 * BODY_LIMIT_BYTES })).map(([text, size]) => ({
      payload: `{"padding":"${'x'.repeat(size)}",${text.slice(1)}`,
      type: 'application/json',
    })),
    fc.constant({ payload: '', type: 'application/json' }),
  );
  return broken
    .filter(({ payload, type }) => type !== 'application/json' || parsedByServer(payload).refused || Buffer.byteLength(payload) > BODY_LIMIT_BYTES)
    .map(({ payload, type }) => ({
      route: `${operation.method} ${operation.path}`,
      credential: operation.credential,
      request: { method: operation.method, url: pathOf(operation, undefined).url, payload, headers: { ...authorization(operation), 'content-type': type } },
      refusal: 'wire',
    }));
}

/** A request to a route that needs a token, with one that is no good. */
function credentialCase(operation: Operation, known: KnownValues): fc.Arbitrary<FuzzCase> {
  const body = operation.body ? validValue(operation.body, known).map(toJsonText) : fc.constant(undefined);
  return fc.tuple(body, fc.constantFrom(...BAD_CREDENTIALS)).map(([payload, header]) => ({
    route: `${operation.method} ${operation.path}`,
    credential: operation.credential,
    request: {
      method: operation.method,
      url: pathOf(operation, undefined).url,
      headers: { authorization: header, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(payload === undefined ? {} : { payload }),
    },
    refusal: 'credential',
  }));
}

/**
 * A query string a client could send that is not what encodeURIComponent writes: broken percent
 * escapes, raw bytes, separators without names. How the server decodes it is not ours to
 * predict, so these may pass; they must still never cause a 5xx or a change.
 */
function rawQueryCase(operation: Operation): fc.Arbitrary<FuzzCase> {
  const piece = fc.constantFrom(
    '%',
    '%zz',
    '%E0%A4%A',
    '%00',
    '%ED%A0%80',
    '%C0%AE',
    '&&',
    '=',
    '==',
    'a[]=1',
    'a[b][c]=1',
    '__proto__=1',
    'constructor[prototype][x]=1',
    '+',
    '%2B',
    ';',
    '#',
    'é',
    '😀',
  );
  return fc
    .array(fc.tuple(fc.constantFrom(...Object.keys(operation.query?.properties ?? { q: {} })), fc.array(piece, { minLength: 1, maxLength: 4 })), { minLength: 1, maxLength: 4 })
    .map((pairs) => ({
      route: `${operation.method} ${operation.path}`,
      credential: operation.credential,
      request: {
        method: operation.method,
        url: `${pathOf(operation, undefined).url}?${pairs.map(([key, pieces]) => `${key}=${pieces.join('')}`).join('&')}`,
        headers: authorization(operation),
      },
      refusal: null,
    }));
}

const TAKES_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** Whether a route is attacked at all: it takes input (a body or query schema), or is a POST that could. */
export function isFuzzed(operation: Operation): boolean {
  return Boolean(operation.body || operation.query || operation.params) || operation.method === 'POST';
}

/**
 * Requests against the operations, spread evenly over them. A route without any input schema
 * (logout, startTrial) gets only wire-level garbage: a well-formed body would perform its action.
 */
export function fuzzCases(operations: readonly Operation[], known: KnownValues): fc.Arbitrary<FuzzCase> {
  return fc.oneof(
    ...operations.filter(isFuzzed).map((operation) => {
      const takesInput = Boolean(operation.body || operation.query || operation.params);
      const modes: Array<fc.WeightedArbitrary<FuzzCase>> = [];
      // A body on a GET is not read at all: the wire attacks of a GET are on its query string.
      if (TAKES_BODY.has(operation.method)) modes.push({ arbitrary: wireCase(operation, known), weight: takesInput ? 25 : 100 });
      else if (operation.query) modes.push({ arbitrary: rawQueryCase(operation), weight: 25 });
      if (takesInput) modes.push({ arbitrary: schemaCase(operation, known, mutated), weight: 50 }, { arbitrary: schemaCase(operation, known, withHostileText), weight: 20 });
      if (operation.credential !== 'none') modes.push({ arbitrary: credentialCase(operation, known), weight: 5 });
      return fc.oneof(...modes);
    }),
  );
}

/** A request the route's schema accepts, drawn with `seed` (its token is the access stand-in, see {@link withCredentials}). */
export function exampleRequest(operation: Operation, known: KnownValues, seed: number): InjectOptions {
  const [example] = fc.sample(
    schemaCase(operation, known, (base) => base),
    { seed, numRuns: 1 },
  );
  return example!.request;
}
