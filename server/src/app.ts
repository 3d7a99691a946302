/**
 * Builds the Fastify application from its parts: the error handler, then each feature as a
 * plugin. It opens nothing itself (database, simulator): main.ts and the tests hand those in, so
 * a test builds the same app around an in-memory database.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { healthRoutes } from './features/health/routes.js';
import { frontendPlugin } from './features/frontend/plugin.js';
import { installErrorHandler, sendNotFound } from './http/errorHandler.js';
import type { Database, ServerConfig } from './types.js';

/** What the app is built around. */
export interface AppDependencies {
  config: ServerConfig;
  database: Database;
  version?: string;
  /** Serve the built front end (off in API-only tests). */
  serveFrontend?: boolean;
}

export async function buildApp({ config, database, version = '0.0.0', serveFrontend = true }: AppDependencies): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    bodyLimit: 64 * 1024,
    ajv: { customOptions: { allErrors: true, coerceTypes: false, removeAdditional: false } },
  });
  installErrorHandler(app);
  await app.register(healthRoutes, { database, version });
  if (serveFrontend) await app.register(frontendPlugin, { frontend: config.frontend });
  else app.setNotFoundHandler(sendNotFound);
  return app;
}
