/**
 * /api/admin: the operator console's API (docs/OPERATIONS.md). One encapsulated plugin: every
 * route in it needs a live session and declares the least role it needs (`config.minimumRole`),
 * checked by this plugin's hook before the handler runs (after the schema); a route that declares none stops the
 * server at start. Every change writes an audit entry; a read of personal data is recorded once per
 * operator, subject and hour (who looked at whom); lists of data about no driver are not recorded
 * (docs/OPERATIONS.md "Audit"). Each resource's routes are a file of their own, registered here
 * under these checks.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import type { ReleaseRegistry } from '../releases/registry.js';
import { applyAdminEmails } from './adminEmails.js';
import { auditRoutes } from './auditRoutes.js';
import { deployTokenRoutes } from './deployTokenRoutes.js';
import { driverRoutes } from './driverRoutes.js';
import { engineHealthRoutes } from './engineHealthRoutes.js';
import { knowledgeBaseRoutes } from './knowledgeBaseRoutes.js';
import { promotionRoutes } from './promotionRoutes.js';
import { adminReleaseRoutes } from './releaseRoutes.js';
import { requireRole } from './roles.js';
import { ticketRoutes } from './ticketRoutes.js';

export async function adminRoutes(app: FastifyInstance, { ctx, releases }: { ctx: AppContext; releases: ReleaseRegistry }): Promise<void> {
  app.addHook('onRoute', (route) => {
    if (!route.config?.minimumRole) throw new Error(`${route.method} ${route.url} is an operator route without config.minimumRole`);
  });
  app.addHook('onRequest', app.requireUser);
  // ADMIN_EMAILS as it is now (adminEmails.ts); in production mode an unverified listed account stops the start.
  app.addHook('onReady', async () => applyAdminEmails(ctx));
  // After validation: a malformed request is a 400 with its fields for anyone signed in, as on every route.
  app.addHook('preHandler', async (request) => void requireRole(request));

  for (const resource of [driverRoutes, ticketRoutes, knowledgeBaseRoutes, promotionRoutes, engineHealthRoutes, deployTokenRoutes, auditRoutes]) {
    await app.register(resource, { ctx });
  }
  await app.register(adminReleaseRoutes, { ctx, registry: releases });
}
