/** Small helpers over Fastify requests shared by the route modules. */
import type { FastifyRequest } from 'fastify';

/** A header as one string, or null when absent or empty. */
export function headerValue(req: FastifyRequest, name: string): string | null {
  const value = req.headers[name];
  const first = Array.isArray(value) ? value[0] : value;
  return first ? first : null;
}

/** The path without the query string. */
export function requestPath(req: FastifyRequest): string {
  const q = req.url.indexOf('?');
  return q < 0 ? req.url : req.url.slice(0, q);
}

/** Scheme://host of this request, for URLs the simulator hands out (e.g. the captcha page). */
export function requestOrigin(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}`;
}
