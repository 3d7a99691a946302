/** getLogs and forfeitBlock (docs/PRODUCT.md section 7): the driver's offer log, and giving an accepted block back. */
import type { FastifyInstance } from 'fastify';
import { forfeitBlockBody, getLogsBody, logEntrySchema } from '@blockpilot/shared/api/schemas';
import { formatCents } from '@blockpilot/shared/format';
import type { AppContext } from '../../context.js';
import { translate } from '../../domain/translate.js';
import { contractRoutes } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { bearerAuth, nullData, responses } from '../../http/schemas.js';
import { currentSession, currentUser } from '../auth/authenticate.js';
import { REGIONS } from '../../domain/regions.js';
import { forfeitBlock } from './forfeit.js';
import { PAGE_SIZE, readLogPage } from './query.js';

const tags = ['user'];

/** Registers getLogs and forfeitBlock. */
export async function logRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = contractRoutes(fastify);
  const signedIn = { onRequest: app.requireUser };
  // getLogs needs only who calls: no user-row read.
  const withSession = { onRequest: app.requireSession };

  app.post(
    '/api/user/getLogs',
    {
      ...withSession,
      schema: {
        tags,
        summary: `A page of the offer log, newest first (${PAGE_SIZE} entries, more when the last ones share their time)`,
        security: bearerAuth,
        body: getLogsBody,
        response: responses({ type: 'array', items: logEntrySchema }, [400, 401]),
      },
    },
    async (request) => ok(await readLogPage(ctx.db, currentSession(request).id, request.body.query)),
  );

  app.post(
    '/api/user/forfeitBlock',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Forfeit an accepted block inside the forfeit window: the platform forfeits it, the fee is refunded, the entry leaves the log',
        security: bearerAuth,
        body: forfeitBlockBody,
        response: responses(nullData, [400, 401, 404, 409, 410, 429]),
      },
    },
    async (request) => {
      const user = currentUser(request).row;
      const refunded = await forfeitBlock(ctx, user, request.body.logId);
      const symbol = REGIONS[user.country_code].currencySymbol;
      return ok(null, {
        alert:
          refunded > 0
            ? translate(request.language, 'api.alert.forfeitedRefunded', { fee: formatCents(symbol, refunded, request.language) })
            : translate(request.language, 'api.alert.forfeited'),
      });
    },
  );
}
