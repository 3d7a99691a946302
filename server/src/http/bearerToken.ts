/** The bearer token of a request, for the routes that take one (sessions, /metrics). */
import type { FastifyRequest } from 'fastify';

/** The token of `Authorization: Bearer <token>`, or null. */
export function bearerTokenOf(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1] ?? null;
}
