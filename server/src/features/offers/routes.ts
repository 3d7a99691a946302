/**
 * One-tap accepts of offered blocks (docs/PRODUCT.md "Notify-only filters"): by the signed token an
 * `offered` notification carries (no session: a service worker, a chat or a mail link has none),
 * and by the signed-in driver from their log. The one-tap page reads the block by token first; no
 * read ever accepts.
 */
import type { FastifyInstance } from 'fastify';
import { acceptNotifiedAnswer, acceptNotifiedBody, acceptOfferedBody, offeredBlockSchema } from '@blockpilot/shared/api/schemas';
import type { AppContext } from '../../context.js';
import { acceptTokenParts, checkAcceptToken } from '../../domain/acceptToken.js';
import { refusal } from '../../domain/errors.js';
import { translate } from '../../domain/translate.js';
import { contractRoutes } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { enforceRateLimits, RATE_LIMITS } from '../../http/rateLimits.js';
import { bearerAuth, responses } from '../../http/schemas.js';
import { ACCEPT_OFFERED_PATH } from '../../notifications/service.js';
import { currentUser } from '../auth/authenticate.js';
import { acceptNotified, acceptWithToken, type AcceptOutcome } from './acceptOffered.js';

const tags = ['offers'];

/** The alert of a tap's outcome, in the request's language. */
const alertOf = (language: Parameters<typeof translate>[0], { outcome }: AcceptOutcome) =>
  translate(language, outcome === 'accepted' ? 'api.alert.offerAccepted' : 'api.alert.offerAlreadyAccepted');

/** Registers acceptOffered, offeredBlock and acceptNotified. */
export async function offerRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = contractRoutes(fastify);

  app.post(
    ACCEPT_OFFERED_PATH,
    {
      schema: {
        tags,
        summary: "Accept an offered block with the signed token of its notification (no session): booked and charged once; a second tap answers 'alreadyAccepted'",
        body: acceptOfferedBody,
        response: responses(acceptNotifiedAnswer, [400, 404, 409, 410, 429]),
      },
    },
    async (request) => {
      await enforceRateLimits(ctx.rateLimiter, [[`accept-link:${request.ip}`, RATE_LIMITS.acceptLinksPerAddress]]);
      const outcome = await acceptWithToken(ctx, request.body.token);
      return ok(outcome, { alert: alertOf(request.language, outcome) });
    },
  );

  app.post(
    '/api/offers/offeredBlock',
    {
      schema: {
        tags,
        summary:
          'The block an accept token names, and whether it is still offered: what the one-tap page shows before the tap (reading accepts nothing); the token in the body, never in a URL',
        body: acceptOfferedBody,
        response: responses(offeredBlockSchema, [400, 429]),
      },
    },
    async (request) => {
      await enforceRateLimits(ctx.rateLimiter, [[`accept-link:${request.ip}`, RATE_LIMITS.acceptLinksPerAddress]]);
      const parts = acceptTokenParts(request.body.token);
      const entry =
        parts &&
        (await ctx.db
          .selectFrom('offer_logs')
          .innerJoin('platform_accounts', 'platform_accounts.user_id', 'offer_logs.user_id')
          .select([
            'offer_logs.user_id',
            'action',
            'reason',
            'forfeited_at',
            'start_time',
            'end_time',
            'service_area_id',
            'price_amount',
            'currency',
            'platform_accounts.service_areas',
          ])
          .where('offer_logs.id', '=', parts.logId)
          .executeTakeFirst());
      // An expired token still shows its block: the page then says it can no longer be accepted.
      if (!parts || !entry || checkAcceptToken(ctx.linkSigningKey, entry.user_id, parts, 0) === 'invalid') throw refusal('BP_ERR_ACCEPT_LINK_INVALID');
      const booked = entry.action === 'BLOCK_ACCEPT' && !entry.forfeited_at;
      return ok({
        startTime: entry.start_time,
        endTime: entry.end_time,
        serviceAreaId: entry.service_area_id,
        serviceAreaName: entry.service_areas?.find((area) => area.id === entry.service_area_id)?.name ?? null,
        priceAmount: entry.price_amount,
        currency: entry.currency,
        state: booked ? ('accepted' as const) : entry.reason === 'taken' ? ('taken' as const) : ('offered' as const),
      });
    },
  );

  app.post(
    '/api/user/acceptNotified',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['user'],
        summary: "Accept a block of the driver's log that only notify filters matched, while it is offered: booked and charged once",
        security: bearerAuth,
        body: acceptNotifiedBody,
        response: responses(acceptNotifiedAnswer, [400, 401, 404, 409, 410, 429]),
      },
    },
    async (request) => {
      const outcome = await acceptNotified(ctx, currentUser(request).row, request.body.id);
      return ok(outcome, { alert: alertOf(request.language, outcome) });
    },
  );
}
