/**
 * /api/admin: the operator console's API (docs/OPERATIONS.md). One encapsulated plugin: every
 * route in it needs a live session and declares the least role it needs (`config.minimumRole`),
 * checked by this plugin's hook before the handler runs (after the schema); a route that declares none stops the
 * server at start. Every change writes an audit entry; a read of personal data is recorded once per
 * operator, subject and hour (who looked at whom); lists of data about no driver are not recorded
 * (docs/OPERATIONS.md "Audit").
 */
import type { FastifyInstance } from 'fastify';
import {
  articleBody,
  articleOrderBody,
  auditQuery,
  byAdjustmentId,
  byArticleId,
  byOrderId,
  byPromotionId,
  byTicketId,
  byTokenId,
  byUserId,
  closedObject,
  creditBody,
  engineHealthQuery,
  idempotencyHeaders,
  mintDeployTokenBody,
  promotionBody,
  setRoleBody,
  ticketListQuery,
  ticketReplyBody,
  ticketStatusBody,
  userSearchQuery,
  withReason,
} from '@blockpilot/shared/api/schemas';
import type { AppContext } from '../../context.js';
import { notFound, validationError } from '../../domain/errors.js';
import { translate, type MessageKey } from '../../domain/translate.js';
import { formatCents } from '@blockpilot/shared/format';
import { contractRoutes } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { bearerAuth, responses } from '../../http/schemas.js';
import { currentUser } from '../auth/authenticate.js';
import { NO_SUCH_DRIVER, refundOrder, restoreDriver, setRole, stopDriverSearch, suspendDriver } from './actions.js';
import { recordRead, searchAudit, type AuditRead } from './audit.js';
import { adjustCredit, approveAdjustment, pendingAdjustments } from './creditAdjustments.js';
import { applyAdminEmails } from './adminEmails.js';
import { countSearch } from './searchLimit.js';
import { driverDetail, searchDrivers } from './drivers.js';
import { engineHealth, engineWorkers, sampleEveryMinute } from './engineHealth.js';
import { ENGINE_HEALTH_MINUTES } from '../../engine/health.js';
import { writeHealthEvery } from '../../engine/healthStore.js';
import { actorOf, requireRole } from './roles.js';
import { createArticle, deleteArticle, listArticles, reorderArticles, updateArticle } from './knowledgeBase.js';
import { createPromotion, getPromotion, listPromotions, sendPromotion, startPromotionDelivery, updatePromotion } from './promotions.js';
import { listTokens, mintToken, revokeToken } from './deployTokens.js';
import { adminReleaseRoutes } from './releaseRoutes.js';
import type { ReleaseRegistry } from '../releases/registry.js';
import {
  auditEntrySchema,
  creditAdjustmentSchema,
  deployTokenSchema,
  engineHealthSchema,
  engineWorkersSchema,
  knowledgeBaseArticleSchema,
  mintedDeployTokenSchema,
  orderSchema,
  promotionSchema,
  ticketSchema,
  ticketSummarySchema,
  userDetailSchema,
  userSummarySchema,
} from './schemas.js';
import { listTickets, replyToTicket, setTicketStatus, ticketOf } from './tickets.js';

const tags = ['admin'];
const support = { minimumRole: 'support' } as const;
const admin = { minimumRole: 'admin' } as const;

/** Minutes the engine-health screen shows unless told otherwise: the last hour. */
const DEFAULT_HEALTH_MINUTES = 60;

export async function adminRoutes(fastify: FastifyInstance, { ctx, releases }: { ctx: AppContext; releases: ReleaseRegistry }): Promise<void> {
  const app = contractRoutes(fastify);
  app.addHook('onRoute', (route) => {
    if (!route.config?.minimumRole) throw new Error(`${route.method} ${route.url} is an operator route without config.minimumRole`);
  });
  app.addHook('onRequest', app.requireUser);
  // ADMIN_EMAILS as it is now (adminEmails.ts); in production mode an unverified listed account stops the start.
  app.addHook('onReady', async () => applyAdminEmails(ctx));
  // After validation: a malformed request is a 400 with its fields for anyone signed in, as on every route.
  app.addHook('preHandler', async (request) => void requireRole(request));

  const read = (request: Parameters<typeof currentUser>[0], record: AuditRead) => recordRead(ctx.db, actorOf(currentUser(request)), record, ctx.clock.now());
  const search = (request: Parameters<typeof currentUser>[0]) => countSearch(ctx.rateLimiter, currentUser(request).id);

  // Drivers.

  app.get(
    '/api/admin/users',
    {
      config: support,
      schema: {
        tags,
        summary: 'Drivers by e-mail or name (part of it), platform account id or account id; the newest 50 without q',
        security: bearerAuth,
        querystring: userSearchQuery,
        response: responses({ type: 'array', items: userSummarySchema }, [400, 401, 403, 429]),
      },
    },
    async (request) => {
      await search(request);
      const q = request.query.q ?? '';
      const users = await searchDrivers(ctx.db, q);
      await read(request, { action: 'users.search', subject: `search:${q}`, after: { q, found: users.length } });
      return ok(users);
    },
  );

  app.get(
    '/api/admin/users/:id',
    {
      config: support,
      schema: {
        tags,
        summary: 'Everything about one driver: profile, credit and ledger, orders, trial and membership, invites, search and recent log, notifications, tickets',
        security: bearerAuth,
        params: byUserId,
        response: responses(userDetailSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const detail = await driverDetail(ctx.db, request.params.id);
      if (!detail) throw notFound(NO_SUCH_DRIVER);
      await read(request, { action: 'user.view', subject: `user:${detail.id}`, targetUserId: detail.id });
      return ok(detail);
    },
  );

  app.post(
    '/api/admin/users/:id/credit',
    {
      config: admin,
      schema: {
        tags,
        summary:
          "Adjust credit by a ledger entry (once per Idempotency-Key); answers the new balance. Past the admin's daily bound the adjustment waits for another admin's approval (pendingAdjustment)",
        security: bearerAuth,
        params: byUserId,
        headers: idempotencyHeaders,
        body: creditBody,
        response: responses(
          closedObject(['credit'], {
            credit: { type: 'integer', description: 'Cents' },
            pendingAdjustment: { ...creditAdjustmentSchema, description: 'Set when the adjustment waits for approval: the credit did not move' },
          }),
          [400, 401, 403, 404, 409],
        ),
      },
    },
    async (request) => {
      const { amountCents, reason: why } = request.body;
      if (amountCents === 0) throw validationError({ amountCents: 'api.field.notZero' });
      const { balance, duplicate, pending } = await adjustCredit(ctx, currentUser(request), request.params.id, {
        amountCents,
        reason: why,
        requestKey: request.headers['idempotency-key'],
      });
      if (pending) {
        const limit = ctx.config.auth.adminDailyAdjustmentLimitCents;
        const alert = duplicate
          ? translate(request.language, 'api.alert.adjustmentStillPending')
          : translate(request.language, 'api.alert.adjustmentPending', { limit: formatCents('', limit, request.language) });
        return ok({ credit: balance, pendingAdjustment: pending }, { alert });
      }
      return ok({ credit: balance }, { alert: translate(request.language, duplicate ? 'api.alert.adjustmentDuplicate' : 'api.alert.creditAdjusted') });
    },
  );

  app.get(
    '/api/admin/adjustments',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Credit adjustments waiting for a second admin, oldest first',
        security: bearerAuth,
        response: responses({ type: 'array', items: creditAdjustmentSchema }, [401, 403]),
      },
    },
    async (request) => {
      const waiting = await pendingAdjustments(ctx);
      await read(request, { action: 'adjustments.list', subject: 'adjustments:pending', after: { found: waiting.length } });
      return ok(waiting);
    },
  );

  app.post(
    '/api/admin/adjustments/:id/approve',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Approve a waiting credit adjustment (not one you asked for): credited once, however often approved',
        security: bearerAuth,
        params: byAdjustmentId,
        body: withReason,
        response: responses(creditAdjustmentSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const { adjustment, duplicate } = await approveAdjustment(ctx, currentUser(request), request.params.id, request.body.reason);
      return ok(adjustment, { alert: translate(request.language, duplicate ? 'api.alert.adjustmentAlreadyApproved' : 'api.alert.adjustmentApproved') });
    },
  );

  const accountAction = (path: string, summary: string, minimumRole: 'support' | 'admin', act: typeof stopDriverSearch, alert: MessageKey) =>
    app.post(
      `/api/admin/users/:id/${path}`,
      {
        config: { minimumRole },
        schema: { tags, summary, security: bearerAuth, params: byUserId, body: withReason, response: responses({ type: 'null' }, [400, 401, 403, 404, 409]) },
      },
      async (request) => {
        await act(ctx, currentUser(request), request.params.id, request.body.reason);
        return ok(null, { alert: translate(request.language, alert) });
      },
    );
  accountAction('stopSearch', "Stop the driver's search", 'support', stopDriverSearch, 'api.alert.driverSearchStopped');
  accountAction('suspend', 'Suspend the account: sessions end, the search stops, no sign-in until restored', 'admin', suspendDriver, 'api.alert.accountSuspended');
  accountAction('restore', 'Lift a suspension', 'admin', restoreDriver, 'api.alert.accountRestored');

  app.post(
    '/api/admin/users/:id/role',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Grant or revoke an operator role (not on oneself)',
        security: bearerAuth,
        params: byUserId,
        body: setRoleBody,
        response: responses({ type: 'null' }, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      await setRole(ctx, currentUser(request), request.params.id, request.body.role, request.body.reason);
      return ok(null, { alert: translate(request.language, 'api.alert.roleChanged') });
    },
  );

  app.post(
    '/api/admin/orders/:id/refund',
    {
      config: admin,
      schema: {
        tags,
        summary: "Refund a paid order through the payments adapter (a top-up's credit is taken back; a membership is cut short)",
        security: bearerAuth,
        params: byOrderId,
        body: withReason,
        response: responses(orderSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => ok(await refundOrder(ctx, currentUser(request), request.params.id, request.body.reason), { alert: translate(request.language, 'api.alert.orderRefunded') }),
  );

  // Support inbox.

  app.get(
    '/api/admin/tickets',
    {
      config: support,
      schema: {
        tags,
        summary: 'Contact and help messages, newest first',
        security: bearerAuth,
        querystring: ticketListQuery,
        response: responses({ type: 'array', items: ticketSummarySchema }, [400, 401, 403, 429]),
      },
    },
    async (request) => {
      await search(request);
      const tickets = await listTickets(ctx.db, request.query);
      const { status = 'all', q = '' } = request.query;
      await read(request, { action: 'tickets.list', subject: `tickets:${status}:${q}`, after: { ...request.query, found: tickets.length } });
      return ok(tickets);
    },
  );

  app.get(
    '/api/admin/tickets/:id',
    {
      config: support,
      schema: { tags, summary: 'One ticket with its replies', security: bearerAuth, params: byTicketId, response: responses(ticketSchema, [400, 401, 403, 404]) },
    },
    async (request) => {
      const ticket = await ticketOf(ctx.db, Number(request.params.id));
      await read(request, { action: 'ticket.view', targetUserId: ticket.userId, subject: `ticket:${ticket.id}` });
      return ok(ticket);
    },
  );

  app.post(
    '/api/admin/tickets/:id/reply',
    {
      config: support,
      schema: {
        tags,
        summary: 'E-mail a reply to the sender (through the mail adapter); kept on the ticket, which becomes answered',
        security: bearerAuth,
        params: byTicketId,
        body: ticketReplyBody,
        response: responses(ticketSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) =>
      ok(await replyToTicket(ctx, currentUser(request), Number(request.params.id), request.body.text), { alert: translate(request.language, 'api.alert.replySent') }),
  );

  app.post(
    '/api/admin/tickets/:id/status',
    {
      config: support,
      schema: {
        tags,
        summary: 'Close or reopen a ticket',
        security: bearerAuth,
        params: byTicketId,
        body: ticketStatusBody,
        response: responses(ticketSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) =>
      ok(await setTicketStatus(ctx, currentUser(request), Number(request.params.id), request.body.status, request.body.reason || undefined), {
        alert: translate(request.language, request.body.status === 'closed' ? 'api.alert.ticketClosed' : 'api.alert.ticketReopened'),
      }),
  );

  // Knowledge base (docs/OPERATIONS.md "Knowledge base"): support reads, admins edit.

  app.get(
    '/api/admin/knowledgeBase',
    {
      config: support,
      schema: {
        tags,
        summary: 'Every article, drafts included, in order',
        security: bearerAuth,
        response: responses({ type: 'array', items: knowledgeBaseArticleSchema }, [401, 403]),
      },
    },
    async () => ok(await listArticles(ctx.db)),
  );

  app.post(
    '/api/admin/knowledgeBase',
    {
      config: admin,
      schema: { tags, summary: 'A new article, last in the order', security: bearerAuth, body: articleBody, response: responses(knowledgeBaseArticleSchema, [400, 401, 403]) },
    },
    async (request) => ok(await createArticle(ctx, currentUser(request), request.body), { alert: translate(request.language, 'api.alert.articleAdded') }),
  );

  app.post(
    '/api/admin/knowledgeBase/order',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Set the order: every article id once',
        security: bearerAuth,
        body: articleOrderBody,
        response: responses({ type: 'array', items: knowledgeBaseArticleSchema }, [400, 401, 403]),
      },
    },
    async (request) => ok(await reorderArticles(ctx, currentUser(request), request.body.ids), { alert: translate(request.language, 'api.alert.articleOrderSaved') }),
  );

  app.post(
    '/api/admin/knowledgeBase/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Edit an article (publish or unpublish it with `published`)',
        security: bearerAuth,
        params: byArticleId,
        body: articleBody,
        response: responses(knowledgeBaseArticleSchema, [400, 401, 403, 404]),
      },
    },
    async (request) =>
      ok(await updateArticle(ctx, currentUser(request), Number(request.params.id), request.body), { alert: translate(request.language, 'api.alert.articleSaved') }),
  );

  app.delete(
    '/api/admin/knowledgeBase/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Delete an article (kept in the audit log)',
        security: bearerAuth,
        params: byArticleId,
        response: responses({ type: 'null' }, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      await deleteArticle(ctx, currentUser(request), Number(request.params.id));
      return ok(null, { alert: translate(request.language, 'api.alert.articleDeleted') });
    },
  );

  // Promotions (docs/OPERATIONS.md "Promotions"): admins only. Every API process runs batches and
  // resumes those a stopped process left.

  let stopSweeping: () => void = () => undefined;
  app.addHook('onReady', async () => {
    stopSweeping = await startPromotionDelivery(ctx);
  });
  app.addHook('onClose', async () => stopSweeping());

  app.get(
    '/api/admin/promotions',
    {
      config: admin,
      schema: { tags, summary: 'Promotions newest first, with their delivery', security: bearerAuth, response: responses({ type: 'array', items: promotionSchema }, [401, 403]) },
    },
    // Polled every 2 s while a promotion sends: data about no driver, not recorded.
    async () => ok(await listPromotions(ctx.db)),
  );

  app.get(
    '/api/admin/promotions/:id',
    {
      config: admin,
      schema: {
        tags,
        summary: 'One promotion and how far its sending has got',
        security: bearerAuth,
        params: byPromotionId,
        response: responses(promotionSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => ok(await getPromotion(ctx.db, Number(request.params.id))),
  );

  app.post(
    '/api/admin/promotions',
    {
      config: admin,
      schema: { tags, summary: 'Compose a promotion (a draft until sent)', security: bearerAuth, body: promotionBody, response: responses(promotionSchema, [400, 401, 403]) },
    },
    async (request) => ok(await createPromotion(ctx, currentUser(request), request.body), { alert: translate(request.language, 'api.alert.promotionDraftSaved') }),
  );

  app.post(
    '/api/admin/promotions/:id',
    {
      config: admin,
      schema: { tags, summary: 'Edit a draft', security: bearerAuth, params: byPromotionId, body: promotionBody, response: responses(promotionSchema, [400, 401, 403, 404, 409]) },
    },
    async (request) =>
      ok(await updatePromotion(ctx, currentUser(request), Number(request.params.id), request.body), { alert: translate(request.language, 'api.alert.draftSaved') }),
  );

  app.post(
    '/api/admin/promotions/:id/send',
    {
      config: { ...admin, noJsonBody: true },
      schema: {
        tags,
        summary: 'Send to every driver not opted out, in batches in the background; once: sending again sends nobody anything twice',
        security: bearerAuth,
        params: byPromotionId,
        response: responses(promotionSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { promotion, started } = await sendPromotion(ctx, currentUser(request), Number(request.params.id));
      return ok(promotion, {
        alert: started
          ? translate(request.language, 'api.alert.promotionSending', { drivers: promotion.delivery.recipients })
          : translate(request.language, 'api.alert.promotionAlreadySent'),
      });
    },
  );

  // Engine health (docs/OPERATIONS.md "Engine health"): support and admins.

  const stopSampling = sampleEveryMinute(ctx);
  // This process's minutes go to the database, where every process's are read (engine/healthStore.ts).
  const healthWriter = writeHealthEvery({ db: ctx.db, series: ctx.engineHealth, processName: ctx.config.scaling.workerId, now: () => ctx.clock.now(), log: ctx.log });
  app.addHook('onClose', async () => {
    stopSampling();
    await healthWriter.stop();
  });

  app.get(
    '/api/admin/engineHealth',
    {
      config: support,
      schema: {
        tags,
        summary: "The search engine minute by minute (every process's counts, kept 24 hours) and the drivers' search states now",
        security: bearerAuth,
        querystring: engineHealthQuery,
        response: responses(engineHealthSchema, [400, 401, 403]),
      },
    },
    async (request) => {
      const minutes = Number(request.query.minutes ?? DEFAULT_HEALTH_MINUTES);
      if (minutes > ENGINE_HEALTH_MINUTES) throw validationError({ minutes: { key: 'api.field.engineHealthMinutes', values: { max: ENGINE_HEALTH_MINUTES } } });
      return ok(await engineHealth(ctx, healthWriter, minutes));
    },
  );

  app.get(
    '/api/admin/engineHealth/workers',
    {
      config: support,
      schema: {
        tags,
        summary: 'The search workers (registry and leases in Redis) and the job queues, now',
        security: bearerAuth,
        response: responses(engineWorkersSchema, [401, 403]),
      },
    },
    async () => ok(await engineWorkers(ctx)),
  );

  // Deploy tokens of the release registry (docs/OPERATIONS.md "Deploy tokens"): admins only.

  app.get(
    '/api/admin/deployTokens',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Deploy tokens newest first, revoked ones included (never the tokens themselves)',
        security: bearerAuth,
        response: responses({ type: 'array', items: deployTokenSchema }, [401, 403]),
      },
    },
    async () => ok(await listTokens(ctx)),
  );

  app.post(
    '/api/admin/deployTokens',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Mint a deploy token that publishes and moves releases of one remote; the answer holds the token, shown this once',
        security: bearerAuth,
        body: mintDeployTokenBody,
        response: responses(mintedDeployTokenSchema, [400, 401, 403]),
      },
    },
    async (request) => ok(await mintToken(ctx, currentUser(request), request.body), { alert: translate(request.language, 'api.alert.copyTokenNow') }),
  );

  app.post(
    '/api/admin/deployTokens/:id/revoke',
    {
      config: admin,
      schema: {
        tags,
        summary: 'Revoke a deploy token: every later request with it is refused',
        security: bearerAuth,
        params: byTokenId,
        body: withReason,
        response: responses(deployTokenSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => ok(await revokeToken(ctx, currentUser(request), request.params.id, request.body.reason), { alert: translate(request.language, 'api.alert.tokenRevoked') }),
  );

  // Releases (docs/OPERATIONS.md "Releases"): admins only; under this plugin's session and role checks.

  await app.register(adminReleaseRoutes, { ctx, registry: releases });

  // Audit log.

  app.get(
    '/api/admin/audit',
    {
      config: admin,
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
