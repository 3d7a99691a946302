/**
 * Routes typed by the API contract (docs/ARCHITECTURE.md section 4.1, "The contract"): a feature
 * registers its routes on `contractRoutes(app)`, hands each route its body, query, path and
 * header schemas from `@blockpilot/shared/api/schemas`, and its handler reads `request.body`,
 * `request.query` and `request.params` with the types those schemas derive (Fastify's type
 * provider for json-schema-to-ts). No request type is written by hand, and a route without a
 * schema sees `unknown`. `requireContractSchemas` keeps it so: the app refuses to start with an
 * /api/ route whose request schema is not the contract's, or that answers JSON without a response
 * schema for its success (fast-json-stringify writes only what the schema names), or whose success
 * answer's data is not a schema of the contract (the client's types are derived from those, so a
 * shape written beside a route would drift from them unseen).
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import * as contract from '@blockpilot/shared/api/schemas';
import type { ContractOptions } from '@blockpilot/shared/api/schemas';

/** Reads a route's schemas as the front end's API client does (the same options, shared's fields.ts). */
export type ContractTypeProvider = JsonSchemaToTsProvider<{ ValidatorSchemaOptions: ContractOptions }>;

/** The app whose routes take their request types from their schemas. */
export function contractRoutes(app: FastifyInstance) {
  return app.withTypeProvider<ContractTypeProvider>();
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads no JSON body: none at all, or a raw one (a signed webhook's). */
    noJsonBody?: true;
    /** The route answers something other than JSON (an iCalendar feed, an event stream), so it has no response schema. */
    notJsonAnswer?: true;
  }
}

/** Every schema the contract exports, by identity: a route must hand in one of these, not a copy. */
const CONTRACT_SCHEMAS = new Set<unknown>(Object.values(contract).filter((value) => typeof value === 'object' && value !== null));

const REQUEST_PARTS = ['body', 'querystring', 'params', 'headers'] as const;
/** The OpenAPI document and its viewer (http/openapi.ts), whose routes the swagger plugin adds. */
const API_DOCS_PATH = '/api/docs';
const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/** Data with no shape of its own: a bare null, flag, text or number (a URL, a state). */
const BARE_TYPES = new Set(['null', 'boolean', 'string', 'integer', 'number']);

/** Whether an answer's data is the contract's: one of its schemas, a list of one, or a bare value. */
function dataFromContract(data: unknown): boolean {
  if (CONTRACT_SCHEMAS.has(data)) return true;
  if (typeof data !== 'object' || data === null) return false;
  const { type, items, properties } = data as { type?: unknown; items?: unknown; properties?: unknown };
  if (type === 'array') return CONTRACT_SCHEMAS.has(items);
  return typeof type === 'string' && BARE_TYPES.has(type) && properties === undefined;
}

/** The data of a success answer's schema: what its envelope (`{ data, alert?, redirect? }`) holds. */
function successData(schema: unknown): unknown {
  return (schema as { properties?: { data?: unknown } } | undefined)?.properties?.data;
}

/** Why a route breaks the contract rule, or null when it keeps it (routes outside /api/ are not the API's). */
export function contractProblem(route: Pick<RouteOptions, 'method' | 'url' | 'schema' | 'config'>): string | null {
  if (!route.url.startsWith('/api/')) return null;
  for (const part of REQUEST_PARTS) {
    const schema = route.schema?.[part];
    if (schema !== undefined && !CONTRACT_SCHEMAS.has(schema)) return `its ${part} schema is not one of @blockpilot/shared/api/schemas`;
  }
  const takesBody = [route.method].flat().some((method) => METHODS_WITH_BODY.has(method));
  if (takesBody && route.schema?.body === undefined && !route.config?.noJsonBody) return 'it takes a body but has no body schema (or config.noJsonBody)';
  // A JSON answer without a schema is written by JSON.stringify whole: any field a handler adds
  // (a password hash included) would go out, and nothing says the shape the client reads.
  const answers = Object.keys(route.schema?.response ?? {});
  const successes = answers.filter((status) => /^(2\d\d|2xx)$/.test(status));
  if (!route.config?.notJsonAnswer && !route.url.startsWith(API_DOCS_PATH) && successes.length === 0) {
    return 'it answers JSON without a response schema for its success (or config.notJsonAnswer)';
  }
  const response = route.schema?.response as Record<string, unknown> | undefined;
  if (successes.some((status) => !dataFromContract(successData(response?.[status])))) {
    return "its success answer's data is not one of @blockpilot/shared/api/schemas (nor a list of one, nor a bare value)";
  }
  return null;
}

/**
 * Refuses, while the app is built, any /api/ route that breaks the contract rule. Answers the
 * function that ends the check once the app's own routes are in (tests add routes of their own).
 */
export function requireContractSchemas(app: FastifyInstance): () => void {
  let checking = true;
  app.addHook('onRoute', (route) => {
    const problem = checking ? contractProblem(route) : null;
    if (problem) throw new Error(`${[route.method].flat().join(',')} ${route.url}: ${problem} (docs/ARCHITECTURE.md section 4.1, "The contract")`);
  });
  return () => {
    checking = false;
  };
}
