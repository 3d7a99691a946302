/**
 * The embedded-mode tools (outbox, dev checkout) answer only to this machine: a server started
 * without SMTP or Stripe by mistake on a public host must not show reset links or hand out
 * free credit to the internet.
 */
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../http/errors.js';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export async function loopbackOnly(request: FastifyRequest): Promise<void> {
  if (!LOOPBACK.has(request.ip)) throw forbidden('This development tool is only available on the machine running BlockPilot.');
}
