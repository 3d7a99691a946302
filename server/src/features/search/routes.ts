/**
 * getSearchState and toggleSearchState (docs/PRODUCT.md section 7): whether the driver's search runs, and
 * Start/Stop; getSearchStatus, what it is doing; and the live stream every open device listens to
 * (docs/LIVE.md).
 */
import type { FastifyInstance } from 'fastify';
import { searchStatusSchema, searchToggleSchema, toggleSearchStateBody } from '@blockpilot/shared/api/schemas';
import type { AppContext } from '../../context.js';
import { translate } from '../../domain/translate.js';
import { contractRoutes } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { bearerAuth, responses } from '../../http/schemas.js';
import { currentUser } from '../auth/authenticate.js';
import { streamLiveEvents } from './liveStream.js';
import { searchStatusOf } from './status.js';
import { checkedTimeZone, toggleSearch } from './toggle.js';

const tags = ['user'];

/** Registers getSearchState, getSearchStatus, toggleSearchState and the live stream. */
export async function searchRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = contractRoutes(fastify);
  const signedIn = { onRequest: app.requireUser };

  app.get(
    '/api/user/getSearchState',
    { ...signedIn, schema: { tags, summary: "Whether the driver's search is running", security: bearerAuth, response: responses({ type: 'boolean' }, [401]) } },
    async (request) => ok(currentUser(request).row.searching),
  );

  app.get(
    '/api/user/getSearchStatus',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "What the driver's search is doing: running, paused for credit (and what it skipped), low credit, no eligible station",
        security: bearerAuth,
        response: responses(searchStatusSchema, [401]),
      },
    },
    async (request) => ok(await searchStatusOf(ctx.db, currentUser(request).id, ctx.clock.now().getTime())),
  );

  app.post(
    '/api/user/toggleSearchState',
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          "Start or stop the driver's search: to `searching` when given, else the opposite of its state (refused with an alert when not connected, no filter is enabled, no station of it is eligible, or no fee could be paid)",
        security: bearerAuth,
        body: toggleSearchStateBody,
        response: responses(searchToggleSchema, [400, 401, 409]),
      },
    },
    async (request) => {
      const { timezoneOffset, timeZone, searching: wanted } = request.body;
      const userId = currentUser(request).id;
      const { searching, alert } = await toggleSearch(ctx, userId, { timezoneOffset, timeZone: checkedTimeZone(timeZone) }, wanted);
      return ok({ searching, status: await searchStatusOf(ctx.db, userId, ctx.clock.now().getTime()) }, { alert: translate(request.language, alert) });
    },
  );

  streamLiveEvents(app, ctx);
}
