/** Small helpers over Fastify requests shared by the route modules. */
import type { IncomingMessage } from 'node:http';
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

/** Whether the request carries a body (by its framing headers, before or without parsing it). */
export function hasBody(req: FastifyRequest): boolean {
  if (req.headers['transfer-encoding'] !== undefined) return true;
  const length = Number(req.headers['content-length'] ?? 0);
  return Number.isFinite(length) && length > 0;
}

/** The media type of Content-Type without parameters, lower-case ("application/json"), or null. */
export function mediaType(req: FastifyRequest): string | null {
  const value = headerValue(req, 'content-type');
  if (!value) return null;
  const type = (value.split(';')[0] ?? '').trim().toLowerCase();
  return type === '' ? null : type;
}

/**
 * Arrival times (precise clock, epoch ms with a fraction) by raw request, stamped by the first
 * hook that sees a request, so body parsing and routing do not count as the client's time. A
 * WeakMap, so nothing outlives its request.
 */
const arrivals = new WeakMap<IncomingMessage, number>();

export function markArrival(req: FastifyRequest, at: number): void {
  arrivals.set(req.raw, at);
}

/** When the request arrived; `now()`, for a request no hook stamped. */
export function arrivalOf(req: FastifyRequest, now: () => number): number {
  return arrivals.get(req.raw) ?? now();
}
