/**
 * Prometheus metrics at GET /metrics: request counts and latency by route pattern and status,
 * plus the process's own (CPU, memory, event loop). The route pattern (/api/user, not each URL)
 * keeps label values few; paths nothing answers count as "unmatched". They tell an attacker which
 * routes are busy and how the process is doing, so they are not public: with METRICS_TOKEN the
 * scraper sends it as a bearer token; without it, only dev mode's local browser sees them
 * (docs/SECURITY.md "Operations").
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';
import { localDeveloperOnly } from './localDeveloperOnly.js';
import { unauthorized } from '../domain/errors.js';
import { bearerTokenOf } from './bearerToken.js';

/** Who may read /metrics: the holder of `token`, or (no token) dev mode's local browser; else nobody. */
export interface MetricsOptions {
  token: string | null;
  devMode: boolean;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares the presented token in constant time (both hashed first, so lengths do not leak either). */
function tokenGuard(token: string) {
  const expected = digest(token);
  return async (request: FastifyRequest) => {
    const presented = bearerTokenOf(request);
    if (presented === null || !timingSafeEqual(digest(presented), expected)) throw unauthorized('api.error.metricsToken');
  };
}

export const metricsPlugin = fp(async (app: FastifyInstance, { token, devMode }: MetricsOptions) => {
  // One registry per app, so several apps in one process (tests) do not collide.
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const labelNames = ['method', 'route', 'status_code'] as const;
  const requests = new Counter({ name: 'http_requests_total', help: 'HTTP requests answered', labelNames, registers: [registry] });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests',
    labelNames,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });

  if (!token && !devMode) return;
  const guard = token ? tokenGuard(token) : localDeveloperOnly;
  const security = token ? [{ metricsToken: [] }] : [];
  app.get(
    '/metrics',
    { onRequest: guard, schema: { tags: ['operations'], summary: 'Prometheus metrics (text exposition format), with the METRICS_TOKEN bearer token', security } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store').type(registry.contentType);
      return registry.metrics();
    },
  );
});
