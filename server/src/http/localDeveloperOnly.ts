/**
 * The dev tools (outbox, dev checkout, recorded messages, simulator page) answer only the
 * developer's own browser on this machine (docs/SECURITY.md "Modes"). "From loopback" alone
 * is not enough: behind a reverse proxy on the same host every request comes from loopback, so
 * a request carrying any forwarding header is refused; and a page of another site whose name was
 * re-pointed at 127.0.0.1 (DNS rebinding) reaches loopback too, so the Host must name this
 * machine. The socket's own address is read, never the client address a proxy reported.
 */
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../domain/errors.js';

const LOOPBACK_SOCKETS = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const LOCAL_HOST_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-real-ip', 'via'];

/** The host name of a Host header (`localhost:3000` → `localhost`), lower case. */
function hostNameOf(host: string | undefined): string {
  return (host ?? '').toLowerCase().replace(/:\d*$/, '');
}

/** True for a request sent straight from this machine to a local name, through no proxy. */
export function isLocalDeveloper(request: FastifyRequest): boolean {
  if (!LOOPBACK_SOCKETS.has(request.socket.remoteAddress ?? '')) return false;
  if (FORWARDING_HEADERS.some((header) => request.headers[header] !== undefined)) return false;
  return LOCAL_HOST_NAMES.has(hostNameOf(request.headers.host));
}

export async function localDeveloperOnly(request: FastifyRequest): Promise<void> {
  if (!isLocalDeveloper(request)) throw forbidden('api.error.localDeveloperOnly');
}
