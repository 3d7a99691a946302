/**
 * The audit log (docs/OPERATIONS.md "Audit"): admins only. Registered inside the admin plugin
 * (routes.ts), whose session and role checks run first.
 */
import type { FastifyInstance } from 'fastify';
import { auditEntrySchema, auditQuery } from '@blockpilot/shared/api/schemas';
import { ok } from '../../http/envelope.js';
import { bearerAuth, responses } from '../../http/schemas.js';
import { searchAudit } from './audit.js';
import type { AppContext } from '../../context.js';
import { contractRoutes } from '../../http/contract.js';
import { ADMIN_ONLY, tags, operatorRequests } from './consoleRoutes.js';

export async function auditRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = contractRoutes(fastify);
  const { read, search } = operatorRequests(ctx);

  app.get(
    '/api/admin/audit',
    {
      config: ADMIN_ONLY,
      schema: {
        tags,
        summary: 'The audit log, newest first (100 a page; `before` pages back by entry id)',
        security: bearerAuth,
        querystring: auditQuery,
        response: responses({ type: 'array', items: auditEntrySchema }, [400, 401, 403, 429]),
      },
    },
    async (request) => {
      await search(request);
      const { q, userId, before } = request.query;
      const entries = await searchAudit(ctx.db, { q, targetUserId: userId, before: before === undefined ? undefined : Number(before) });
      await read(request, { action: 'audit.search', targetUserId: userId ?? null, subject: `audit:${userId ?? ''}:${q ?? ''}`, after: { q: q ?? '', found: entries.length } });
      return ok(entries);
    },
  );
}
