/**
 * The routes to attack, read from the app itself so a route added later is attacked without
 * editing a suite: the operations of the OpenAPI document (method, path, body and query schemas,
 * whether a bearer token is needed), and every route the router holds, to catch one that is
 * missing from the document.
 */
import type { FastifyInstance } from 'fastify';
import type { JsonSchema } from './jsonSchema.js';

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path: `/dev/checkout/{orderId}`. */
  path: string;
  /** The application/json body schema, if the route declares one. */
  body?: JsonSchema;
  /** The query parameters as one object schema. */
  query?: JsonSchema;
  /** The path parameters as one object schema. */
  params?: JsonSchema;
  /** The bearer token the document says the route takes: an access token, a reset token, or none. */
  /** The bearer token the route takes: a driver's access or reset token, a release deploy token, or none. */
  credential: 'access' | 'reset' | 'deploy' | 'none';
  /** Its OpenAPI tags; `development` marks the embedded tools that answer only on this machine. */
  tags: string[];
}

interface OpenApiParameter {
  in: string;
  name: string;
  required?: boolean;
  schema: JsonSchema;
}

interface OpenApiOperation {
  tags?: string[];
  security?: Array<Record<string, unknown>>;
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

function parametersSchema(parameters: OpenApiParameter[], where: string): JsonSchema | undefined {
  const own = parameters.filter((p) => p.in === where);
  if (!own.length) return undefined;
  return {
    type: 'object',
    properties: Object.fromEntries(own.map((p) => [p.name, p.schema])),
    required: own.filter((p) => p.required).map((p) => p.name),
  };
}

function credentialOf(operation: OpenApiOperation): Operation['credential'] {
  const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
  if (schemes.includes('resetToken')) return 'reset';
  if (schemes.includes('deployToken')) return 'deploy';
  return schemes.includes('bearerAuth') ? 'access' : 'none';
}

export function documentedOperations(app: FastifyInstance): Operation[] {
  const document = app.swagger() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const parameters = operation.parameters ?? [];
      const body = operation.requestBody?.content?.['application/json']?.schema;
      const query = parametersSchema(parameters, 'query');
      const params = parametersSchema(parameters, 'path');
      operations.push({
        method: method.toUpperCase() as Operation['method'],
        path,
        ...(body ? { body } : {}),
        ...(query ? { query } : {}),
        ...(params ? { params } : {}),
        credential: credentialOf(operation),
        tags: operation.tags ?? [],
      });
    }
  }
  return operations;
}

/** `METHOD /path` of every route the router holds (HEAD twins left out), paths in OpenAPI form. */
export function registeredRoutes(app: FastifyInstance): string[] {
  const routes: string[] = [];
  const pathAtDepth: string[] = [];
  // printRoutes draws a tree: four characters of indentation per level, then the path segment.
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const path = (depth > 0 ? pathAtDepth[depth - 1]! : '') + match[2]!;
    pathAtDepth[depth] = path;
    for (const method of (match[3] ?? '').split(', ').filter((m) => m && m !== 'HEAD')) {
      routes.push(`${method} ${path.replace(/:(\w+)/g, '{$1}')}`);
    }
  }
  return routes.sort();
}
