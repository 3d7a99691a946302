/** getSearchState and toggleSearchState (SPEC.md section 7): whether the driver's search runs, and Start/Stop. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { ok } from '../../http/envelope.js';
import { bearerAuth, responses } from '../../http/schemas.js';
import { currentUser } from '../auth/authenticate.js';
import { checkedTimeZone, toggleSearch } from './toggle.js';

const tags = ['user'];

/** Registers getSearchState and toggleSearchState. */
export async function searchRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const signedIn = { onRequest: app.requireUser };

  app.get(
    '/api/user/getSearchState',
    { ...signedIn, schema: { tags, summary: "Whether the driver's search is running", security: bearerAuth, response: responses({ type: 'boolean' }, [401]) } },
    async (request) => ok(currentUser(request).row.searching),
  );

  app.post<{ Body: { timezoneOffset: number; timeZone?: string; searching?: boolean } }>(
    '/api/user/toggleSearchState',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Start or stop the driver's search (refused with an alert when not connected, no filter is enabled, or no fee could be paid)",
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
            searching: { type: 'boolean', description: 'The wanted state: true starts, false stops, and either changes nothing when already so; absent: toggle' },
          },
        },
        response: responses({ type: 'object', required: ['searching'], properties: { searching: { type: 'boolean' } } }, [400, 401, 409]),
      },
    },
    async (request) => {
      const { timezoneOffset, timeZone, searching: wanted } = request.body;
      const { searching, alert } = await toggleSearch(ctx, currentUser(request).id, { timezoneOffset, timeZone: checkedTimeZone(timeZone) }, wanted);
      return ok({ searching }, { alert });
    },
  );
}
