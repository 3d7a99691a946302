/**
 * Drivers (docs/OPERATIONS.md "Drivers"): find and read them, adjust credit (with a second admin's
 * approval past the daily bound), roles, stop, suspend and restore, refunds. Registered inside the
 * admin plugin (routes.ts), whose session and role checks run first.
 */
import type { FastifyInstance } from 'fastify';
import {
  adminOrderSchema,
  byAdjustmentId,
  byOrderId,
  byUserId,
  creditAdjustmentResultSchema,
  creditAdjustmentSchema,
  creditBody,
  idempotencyHeaders,
  setRoleBody,
  userDetailSchema,
  userSearchQuery,
  userSummarySchema,
  withReason,
} from '@blockpilot/shared/api/schemas';
import { notFound, validationError } from '../../domain/errors.js';
import { type MessageKey, translate } from '../../domain/translate.js';
import { formatCents } from '@blockpilot/shared/format';
import { ok } from '../../http/envelope.js';
import { bearerAuth, responses } from '../../http/schemas.js';
import { currentUser } from '../auth/authenticate.js';
import { NO_SUCH_DRIVER, refundOrder, restoreDriver, setRole, stopDriverSearch, suspendDriver } from './actions.js';
import { adjustCredit, approveAdjustment, pendingAdjustments } from './creditAdjustments.js';
import { driverDetail, searchDrivers } from './drivers.js';
import type { AppContext } from '../../context.js';
import { contractRoutes } from '../../http/contract.js';
import { ADMIN_ONLY, SUPPORT_AND_ADMIN, tags, operatorRequests } from './consoleRoutes.js';

export async function driverRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = contractRoutes(fastify);
  const { read, search } = operatorRequests(ctx);

  app.get(
    '/api/admin/users',
    {
      config: SUPPORT_AND_ADMIN,
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
      config: SUPPORT_AND_ADMIN,
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
      config: ADMIN_ONLY,
      schema: {
        tags,
        summary:
          "Adjust credit by a ledger entry (once per Idempotency-Key); answers the new balance. Past the admin's daily bound the adjustment waits for another admin's approval (pendingAdjustment)",
        security: bearerAuth,
        params: byUserId,
        headers: idempotencyHeaders,
        body: creditBody,
        response: responses(creditAdjustmentResultSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => {
      const { amountCents, reason: why } = request.body;
      if (amountCents === 0) throw validationError({ amountCents: 'api.field.notZero' });
      const { balance, duplicate, pending, currencySymbol } = await adjustCredit(ctx, currentUser(request), request.params.id, {
        amountCents,
        reason: why,
        requestKey: request.headers['idempotency-key'],
      });
      if (pending) {
        const limit = ctx.config.auth.adminDailyAdjustmentLimitCents;
        const alert = duplicate
          ? translate(request.language, 'api.alert.adjustmentStillPending')
          : translate(request.language, 'api.alert.adjustmentPending', { limit: formatCents(currencySymbol, limit, request.language) });
        return ok({ credit: balance, pendingAdjustment: pending }, { alert });
      }
      return ok({ credit: balance }, { alert: translate(request.language, duplicate ? 'api.alert.adjustmentDuplicate' : 'api.alert.creditAdjusted') });
    },
  );

  app.get(
    '/api/admin/adjustments',
    {
      config: ADMIN_ONLY,
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
      config: ADMIN_ONLY,
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
      config: ADMIN_ONLY,
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
      config: ADMIN_ONLY,
      schema: {
        tags,
        summary: "Refund a paid order through the payments adapter (a top-up's credit is taken back; a membership is cut short)",
        security: bearerAuth,
        params: byOrderId,
        body: withReason,
        response: responses(adminOrderSchema, [400, 401, 403, 404, 409]),
      },
    },
    async (request) => ok(await refundOrder(ctx, currentUser(request), request.params.id, request.body.reason), { alert: translate(request.language, 'api.alert.orderRefunded') }),
  );
}
