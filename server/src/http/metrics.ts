/**
 * Prometheus metrics at GET /metrics: request counts and latency by route pattern and status,
 * plus the process's own (CPU, memory, event loop). The route pattern (/api/user, not each URL)
 * keeps label values few; paths nothing answers count as "unmatched".
 */
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

export const metricsPlugin = fp(async (app: FastifyInstance) => {
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

  app.get('/metrics', { schema: { tags: ['operations'], summary: 'Prometheus metrics (text exposition format)' } }, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store').type(registry.contentType);
    return registry.metrics();
  });
});
