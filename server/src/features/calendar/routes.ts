/**
 * The calendar (docs/LIVE.md "The driver's app"): the accepted blocks of a span of days for the
 * calendar screen, the private feed link (make or replace, revoke, state), and the feed itself,
 * which calendar apps fetch with no Authorization header: its token is its only key.
 */
import type { FastifyInstance } from 'fastify';
import { formatCents } from '@blockpilot/shared/format';
import { calendarFeedParams, calendarFeedSchema, dayRangeQuery, logEntrySchema } from '@blockpilot/shared/api/schemas';
import type { AppContext } from '../../context.js';
import { contractRoutes } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { notFound } from '../../domain/errors.js';
import { translate } from '../../domain/translate.js';
import { bearerAuth, nullData, responses } from '../../http/schemas.js';
import { currentUser } from '../auth/authenticate.js';
import { toServiceArea } from '../platform/serviceAreas.js';
import { checkDayRange, driverZone } from '../stats/range.js';
import { REGIONS } from '../../domain/regions.js';
import { blocksInRange, feedBlocks } from './blocks.js';
import { feedOwner, feedState, feedUrl, revokeFeed, rotateFeed } from './feed.js';
import { ICS_CONTENT_TYPE, renderCalendar } from './ics.js';

const tags = ['user'];

export async function calendarRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = contractRoutes(fastify);
  const signedIn = { onRequest: app.requireUser };

  app.get(
    '/api/user/blocks',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Accepted blocks (not forfeited) starting on the span's days in the driver's time zone, earliest first (errors per field: from, to)",
        security: bearerAuth,
        querystring: dayRangeQuery,
        response: responses({ type: 'array', items: logEntrySchema }, [400, 401]),
      },
    },
    async (request) => {
      const user = currentUser(request).row;
      return ok(await blocksInRange(ctx.db, user.id, driverZone(user), checkDayRange(request.query)));
    },
  );

  app.get(
    '/api/user/calendarFeed',
    { ...signedIn, schema: { tags, summary: 'Whether the driver has a calendar feed link, and since when', security: bearerAuth, response: responses(calendarFeedSchema, [401]) } },
    async (request) => ok(await feedState(ctx.db, currentUser(request).id)),
  );

  app.post(
    '/api/user/calendarFeed',
    {
      ...signedIn,
      config: { noJsonBody: true },
      schema: {
        tags,
        summary: 'Make a new calendar feed link; the earlier one stops working. The URL is shown only in this answer.',
        security: bearerAuth,
        response: responses(calendarFeedSchema, [401]),
      },
    },
    async (request) => {
      const now = ctx.clock.now();
      const { token, replaced } = await rotateFeed(ctx.db, currentUser(request).id, now);
      // "The earlier link no longer works" only when there was one: a first link replaces nothing.
      const alert = translate(request.language, replaced ? 'api.alert.calendarLinkReplaced' : 'api.alert.calendarLinkReady');
      return ok({ createdAt: now.getTime(), url: feedUrl(ctx.config.publicUrl, token) }, { alert });
    },
  );

  app.delete(
    '/api/user/calendarFeed',
    { ...signedIn, schema: { tags, summary: 'Revoke the calendar feed link: it answers 404 from now on', security: bearerAuth, response: responses(nullData, [401]) } },
    async (request) => {
      const removed = await revokeFeed(ctx.db, currentUser(request).id);
      return ok(null, { alert: translate(request.language, removed ? 'api.alert.calendarLinkRevoked' : 'api.alert.calendarLinkNone') });
    },
  );

  app.get(
    '/api/calendar/:token.ics',
    {
      config: { notJsonAnswer: true },
      schema: {
        tags,
        summary: "The driver's accepted blocks as an iCalendar feed (text/calendar), from a month back on; the link's token is its only key (no Authorization header)",
        params: calendarFeedParams,
      },
    },
    async (request, reply) => {
      const owner = await feedOwner(ctx.db, request.params.token);
      if (!owner) throw notFound('api.error.noSuchCalendarLink');
      const now = ctx.clock.now();
      const [blocks, account] = await Promise.all([
        feedBlocks(ctx.db, owner.id, now),
        ctx.db.selectFrom('platform_accounts').select('service_areas').where('user_id', '=', owner.id).executeTakeFirst(),
      ]);
      const names = new Map((account?.service_areas ?? []).map((area) => [area.id, toServiceArea(area).fullName]));
      const symbol = REGIONS[owner.country_code].currencySymbol;
      // A calendar app sends no language of its own: the feed speaks the account's (docs/FRONTEND.md, "Languages").
      const { language } = owner;
      const events = blocks.map((block) => {
        const station = names.get(block.serviceAreaId) ?? block.serviceAreaId;
        const pay = formatCents(symbol, Math.round(block.rateInfo.priceAmount * 100), language);
        return {
          block,
          summary: translate(language, 'calendar.block.summary', { station }),
          location: station,
          description: translate(language, 'calendar.block.description', { pay }),
        };
      });
      const feed = renderCalendar(translate(language, 'calendar.name'), events, now);
      // Private to the driver: no shared cache keeps it, and the link never leaks as a referrer.
      return reply.type(ICS_CONTENT_TYPE).header('cache-control', 'private, no-store').send(feed);
    },
  );
}
