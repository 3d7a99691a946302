/**
 * Routes typed by the API contract (docs/ARCHITECTURE.md section 4, "The contract"): a feature
 * registers its routes on `contractRoutes(app)`, hands each route its body, query and path
 * schemas from `@blockpilot/shared/api/schemas`, and its handler reads `request.body`,
 * `request.query` and `request.params` with the types those schemas derive (Fastify's type
 * provider for json-schema-to-ts). No request type is written by hand, and a route without a
 * schema sees `unknown`.
 */
import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { ContractOptions } from '@blockpilot/shared/api/schemas';

/** Reads a route's schemas as the front end's API client does (the same options, shared's fields.ts). */
export type ContractTypeProvider = JsonSchemaToTsProvider<{ ValidatorSchemaOptions: ContractOptions }>;

/** The app whose routes take their request types from their schemas. */
export function contractRoutes(app: FastifyInstance) {
  return app.withTypeProvider<ContractTypeProvider>();
}
