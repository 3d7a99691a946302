/** GET /dev/outbox: the e-mail the embedded mail adapter kept, newest first (operators, browser tests). */
import type { FastifyInstance } from 'fastify';
import { readOutbox } from '../../adapters/mail/outboxMailer.js';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { optionalText } from '@blockpilot/shared/api/schemas';
import { localDeveloperOnly } from '../../http/localDeveloperOnly.js';

export async function outboxRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get<{ Querystring: { to?: string; limit?: string } }>(
    '/dev/outbox',
    {
      onRequest: localDeveloperOnly,
      schema: {
        tags: ['development'],
        summary: 'E-mail kept by the embedded mail adapter (only without SMTP_URL, only from this machine)',
        querystring: {
          type: 'object',
          properties: { to: optionalText(254), limit: { type: 'string', pattern: '^[0-9]{1,3}$' } },
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { to, limit } = request.query;
      return ok(await readOutbox(ctx.db, { ...(to ? { to } : {}), ...(limit ? { limit: Number(limit) } : {}) }));
    },
  );
}
