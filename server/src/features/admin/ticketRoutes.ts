/**
 * The support inbox (docs/OPERATIONS.md "Support inbox"): list, read, reply, close and reopen.
 * Registered inside the admin plugin (routes.ts), whose session and role checks run first.
 */
import type { FastifyInstance } from 'fastify';
import { byTicketId, ticketListQuery, ticketReplyBody, ticketSchema, ticketStatusBody, ticketSummarySchema } from '@blockpilot/shared/api/schemas';
import { translate } from '../../domain/translate.js';
import { ok } from '../../http/envelope.js';
import { bearerAuth, responses } from '../../http/schemas.js';
import { currentUser } from '../auth/authenticate.js';
import { listTickets, replyToTicket, setTicketStatus, ticketOf } from './tickets.js';
import type { AppContext } from '../../context.js';
import { contractRoutes } from '../../http/contract.js';
import { SUPPORT_AND_ADMIN, tags, operatorRequests } from './consoleRoutes.js';

export async function ticketRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = contractRoutes(fastify);
  const { read, search } = operatorRequests(ctx);

  app.get(
    '/api/admin/tickets',
    {
      config: SUPPORT_AND_ADMIN,
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
      config: SUPPORT_AND_ADMIN,
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
      config: SUPPORT_AND_ADMIN,
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
      config: SUPPORT_AND_ADMIN,
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
}
