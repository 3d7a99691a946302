/** GET /api/user/stats: the driver's earnings and offer funnel over a span of days (docs/LIVE.md "The driver's app"). */
import type { FastifyInstance } from 'fastify';
import { dayRangeQuery, driverStatsSchema } from '@blockpilot/shared/api/schemas';
import type { AppContext } from '../../context.js';
import { contractRoutes } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { bearerAuth, responses } from '../../http/schemas.js';
import { currentUser } from '../auth/authenticate.js';
import { driverStats } from './aggregate.js';
import { checkDayRange, driverZone } from './range.js';

export async function statsRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = contractRoutes(fastify);
  app.get(
    '/api/user/stats',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['user'],
        summary: "Blocks, hours, pay and fees per day and week, and the offer funnel per station and hour, in the driver's time zone (errors per field: from, to)",
        security: bearerAuth,
        querystring: dayRangeQuery,
        response: responses(driverStatsSchema, [400, 401]),
      },
    },
    async (request) => {
      const user = currentUser(request).row;
      return ok(await driverStats(ctx.db, user.id, driverZone(user), checkDayRange(request.query)));
    },
  );
}
