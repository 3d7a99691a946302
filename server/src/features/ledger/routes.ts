/** getCreditHistory: the driver's latest credit changes, fees and refunds with their block. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { bearerAuth, responses } from '../../http/schemas.js';
import { currentUser } from '../auth/authenticate.js';
import { creditHistoryEntrySchema } from '@blockpilot/shared/api/schemas';
import { creditHistoryOf, HISTORY_SIZE } from './history.js';

export async function creditHistoryRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  app.get(
    '/api/user/getCreditHistory',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['user'],
        summary: `The driver's latest ${HISTORY_SIZE} credit changes, newest first; a fee or refund with its block (forfeited ones included)`,
        security: bearerAuth,
        response: responses({ type: 'array', items: creditHistoryEntrySchema }, [401]),
      },
    },
    async (request) => ok(await creditHistoryOf(ctx.db, currentUser(request).id)),
  );
}
