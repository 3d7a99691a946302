/**
 * Promotions (docs/OPERATIONS.md "Promotions"): admins only; every API process runs the send
 * batches. Registered inside the admin plugin (routes.ts), whose session and role checks run
 * first.
 */
import type { FastifyInstance } from 'fastify';
import { byPromotionId, promotionAudienceSchema, promotionBody, promotionSchema } from '@blockpilot/shared/api/schemas';
import { translate } from '../../domain/translate.js';
import { ok } from '../../http/envelope.js';
import { bearerAuth, responses } from '../../http/schemas.js';
import { currentUser } from '../auth/authenticate.js';
import { createPromotion, getPromotion, listPromotions, promotionAudience, sendPromotion, startPromotionDelivery, updatePromotion } from './promotions.js';
import type { AppContext } from '../../context.js';
import { contractRoutes } from '../../http/contract.js';
import { ADMIN_ONLY, tags } from './consoleRoutes.js';

export async function promotionRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = contractRoutes(fastify);

  let stopSweeping: () => void = () => undefined;
  app.addHook('onReady', async () => {
    stopSweeping = await startPromotionDelivery(ctx);
  });
  app.addHook('onClose', async () => stopSweeping());

  app.get(
    '/api/admin/promotions',
    {
      config: ADMIN_ONLY,
      schema: { tags, summary: 'Promotions newest first, with their delivery', security: bearerAuth, response: responses({ type: 'array', items: promotionSchema }, [401, 403]) },
    },
    // Polled every 2 s while a promotion sends: data about no driver, not recorded.
    async () => ok(await listPromotions(ctx.db)),
  );

  app.get(
    '/api/admin/promotions/audience',
    {
      config: ADMIN_ONLY,
      schema: {
        tags,
        summary: 'How many drivers a promotion sent now would reach (confirmed address, not opted out, not suspended)',
        security: bearerAuth,
        response: responses(promotionAudienceSchema, [401, 403]),
      },
    },
    // A count, about no driver: not recorded.
    async () => ok({ drivers: await promotionAudience(ctx.db) }),
  );

  app.get(
    '/api/admin/promotions/:id',
    {
      config: ADMIN_ONLY,
      schema: {
        tags,
        summary: 'One promotion and how far its sending has got',
        security: bearerAuth,
        params: byPromotionId,
        response: responses(promotionSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => ok(await getPromotion(ctx.db, Number(request.params.id))),
  );

  app.post(
    '/api/admin/promotions',
    {
      config: ADMIN_ONLY,
      schema: { tags, summary: 'Compose a promotion (a draft until sent)', security: bearerAuth, body: promotionBody, response: responses(promotionSchema, [400, 401, 403]) },
    },
    async (request) => ok(await createPromotion(ctx, currentUser(request), request.body), { alert: translate(request.language, 'api.alert.promotionDraftSaved') }),
  );

  app.post(
    '/api/admin/promotions/:id',
    {
      config: ADMIN_ONLY,
      schema: { tags, summary: 'Edit a draft', security: bearerAuth, params: byPromotionId, body: promotionBody, response: responses(promotionSchema, [400, 401, 403, 404, 409]) },
    },
    async (request) =>
      ok(await updatePromotion(ctx, currentUser(request), Number(request.params.id), request.body), { alert: translate(request.language, 'api.alert.draftSaved') }),
  );

  app.post(
    '/api/admin/promotions/:id/send',
    {
      config: { ...ADMIN_ONLY, noJsonBody: true },
      schema: {
        tags,
        summary: 'Send to every driver not opted out, in batches in the background; once: sending again sends nobody anything twice',
        security: bearerAuth,
        params: byPromotionId,
        response: responses(promotionSchema, [400, 401, 403, 404]),
      },
    },
    async (request) => {
      const { promotion, started } = await sendPromotion(ctx, currentUser(request), Number(request.params.id));
      return ok(promotion, {
        alert: started
          ? translate(request.language, 'api.alert.promotionSending', { drivers: promotion.delivery.recipients })
          : translate(request.language, 'api.alert.promotionAlreadySent'),
      });
    },
  );
}
