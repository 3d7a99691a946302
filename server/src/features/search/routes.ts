/**
 * getSearchState and toggleSearchState (docs/PRODUCT.md section 7): whether the driver's search runs, and
 * Start/Stop; getSearchStatus, what it is doing; and the live stream every open device listens to
 * (docs/LIVE.md).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { translate } from '../../domain/translate.js';
import { ok } from '../../http/envelope.js';
import { bearerAuth, responses } from '../../http/schemas.js';
import { currentUser } from '../auth/authenticate.js';
import { streamLiveEvents } from './liveStream.js';
import { searchStatusOf, searchStatusSchema } from './status.js';
import { checkedTimeZone, toggleSearch } from './toggle.js';

const tags = ['user'];

/** Registers getSearchState, getSearchStatus, toggleSearchState and the live stream. */
export async function searchRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
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

  app.post<{ Body: { timezoneOffset: number; timeZone?: string; searching?: boolean } }>(
    '/api/user/toggleSearchState',
    {
      ...signedIn,
      schema: {
        tags,
        summary:
          "Start or stop the driver's search: to `searching` when given, else the opposite of its state (refused with an alert when not connected, no filter is enabled, no station of it is eligible, or no fee could be paid)",
        security: bearerAuth,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['timezoneOffset'],
          properties: {
            timezoneOffset: { type: 'integer', minimum: -1440, maximum: 1440, description: "The browser's Date.getTimezoneOffset(), minutes" },
            timeZone: {
              type: 'string',
              minLength: 1,
              maxLength: 100,
              description: "The browser's IANA time zone (Intl.DateTimeFormat().resolvedOptions().timeZone); when given, filters follow its daylight-saving changes",
            },
            searching: { type: 'boolean', description: 'The state the driver asked for (Start: true, Stop: false); without it the state flips' },
          },
        },
        response: responses({ type: 'object', required: ['searching', 'status'], properties: { searching: { type: 'boolean' }, status: searchStatusSchema } }, [400, 401, 409]),
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
