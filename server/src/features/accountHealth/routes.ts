/** GET /api/user/accountHealth: the driver's platform account over 7 days, as the platform saw the search (docs/LIVE.md "Account health"). */
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_HEALTH_DAYS, accountHealthSchema } from '@blockpilot/shared/api/schemas';
import type { AppContext } from '../../context.js';
import { loadAccountHealth, saveAccountHours } from '../../stores/accountHealthStore.js';
import { contractRoutes } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { bearerAuth, responses } from '../../http/schemas.js';
import { currentUser } from '../auth/authenticate.js';
import { accountHealthOf } from './verdict.js';

const HOUR_MS = 3_600_000;

export async function accountHealthRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = contractRoutes(fastify);
  app.get(
    '/api/user/accountHealth',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['user'],
        summary: "The platform account over the last 7 days: polls per minute against the platform's pace, throttles, puzzles, refusals, what the engine did, and a verdict",
        security: bearerAuth,
        response: responses(accountHealthSchema, [401]),
      },
    },
    async (request) => {
      const user = currentUser(request).row;
      const now = ctx.clock.now();
      // This process's hours not written yet count too (other processes' lag by at most their flush interval).
      await saveAccountHours(
        ctx.db,
        ctx.config.scaling.workerId,
        ctx.engineHealth.accounts.records().filter((record) => record.userId === user.id),
        now,
      );
      const fromHour = Math.floor(now.getTime() / HOUR_MS) - ACCOUNT_HEALTH_DAYS * 24 + 1;
      const [totals, account] = await Promise.all([
        loadAccountHealth(ctx.db, user.id, fromHour),
        ctx.db.selectFrom('platform_accounts').select('user_id').where('user_id', '=', user.id).executeTakeFirst(),
      ]);
      return ok(accountHealthOf(account !== undefined, totals));
    },
  );
}
