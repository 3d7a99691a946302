/** /api/store: membership plans, checkout of credit or a plan, the order status the purchase dialog polls, and the automatic top-up. */
import type { FastifyInstance } from 'fastify';
import { autoTopUpSchema, autoTopUpSettingsSchema, createOrderBody, membershipPlanSchema, orderStatusQuery, paidOrderSchema } from '@blockpilot/shared/api/schemas';
import type { AppContext } from '../../context.js';
import { notFound, validationError } from '../../domain/errors.js';
import { translate } from '../../domain/translate.js';
import { contractRoutes } from '../../http/contract.js';
import { ok } from '../../http/envelope.js';
import { bearerAuth, responses } from '../../http/schemas.js';
import { currentUser } from '../auth/authenticate.js';
import { autoTopUpOf, removeCard, saveAutoTopUp, startAutoTopUpCheck, startCardSetup } from './autoTopUp.js';
import { createOrder, orderOf } from './orders.js';
import { membershipPlans } from './plans.js';
import { PURCHASE_CANCELLED_PATH } from './returnPaths.js';

const tags = ['store'];

export async function storeRoutes(fastify: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const app = contractRoutes(fastify);
  const signedIn = { onRequest: app.requireUser };

  // A fee charged by a search in this process may cross the automatic top-up's threshold (docs/LIVE.md "Automatic top-up").
  const stopListening = ctx.creditWatch.listen((userId) => startAutoTopUpCheck(ctx, userId));
  app.addHook('onClose', async () => stopListening());

  app.get(
    '/api/store/autoTopUp',
    {
      ...signedIn,
      schema: { tags, summary: 'The automatic top-up: settings, saved card, last charge or failure', security: bearerAuth, response: responses(autoTopUpSchema, [401]) },
    },
    async (request) => ok(await autoTopUpOf(ctx, currentUser(request).id)),
  );

  app.put(
    '/api/store/autoTopUp',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Save the automatic top-up (turning it on needs a saved card)',
        security: bearerAuth,
        body: autoTopUpSettingsSchema,
        response: responses(autoTopUpSchema, [400, 401]),
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      await saveAutoTopUp(ctx, userId, request.body);
      return ok(await autoTopUpOf(ctx, userId), { alert: translate(request.language, 'api.alert.autoTopUpSaved') });
    },
  );

  app.post(
    '/api/store/autoTopUp/card',
    {
      ...signedIn,
      config: { noJsonBody: true },
      schema: {
        tags,
        summary: 'Start saving a card; answers with the page URL',
        security: bearerAuth,
        response: responses({ type: 'string', description: 'URL of the card page' }, [401, 503]),
      },
    },
    async (request) => ok(await startCardSetup(ctx, currentUser(request).id)),
  );

  app.delete(
    '/api/store/autoTopUp/card',
    { ...signedIn, schema: { tags, summary: 'Forget the saved card (automatic top-up goes off)', security: bearerAuth, response: responses(autoTopUpSchema, [401]) } },
    async (request) => {
      const userId = currentUser(request).id;
      await removeCard(ctx, userId);
      return ok(await autoTopUpOf(ctx, userId));
    },
  );

  app.get(
    '/api/store/getMembershipPlans',
    {
      ...signedIn,
      schema: {
        tags,
        summary: "Membership plans on sale, named and described in the request's language",
        security: bearerAuth,
        response: responses({ type: 'array', items: membershipPlanSchema }, [401]),
      },
    },
    async (request) => ok(membershipPlans(request.language)),
  );

  app.post(
    '/api/store/createStripeOrder',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Start a checkout for credit or a membership; answers with the payment page URL',
        security: bearerAuth,
        body: createOrderBody,
        response: responses({ type: 'string', description: 'URL of the payment page' }, [400, 401, 503]),
      },
    },
    async (request) => {
      const { topup_amount, membership_plan_id } = request.body;
      if (topup_amount !== undefined && membership_plan_id !== undefined) throw validationError({ topup_amount: 'api.field.oneAtATime' });
      if (topup_amount === undefined && membership_plan_id === undefined) throw validationError({ topup_amount: 'api.field.chooseAmount' });
      const purchase = membership_plan_id !== undefined ? { planId: membership_plan_id } : { topupCents: topup_amount! };
      return ok(await createOrder(ctx, currentUser(request).id, purchase));
    },
  );

  app.get(
    '/api/store/getOrderStatus',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Whether an order is paid (truthy data); a cancelled order redirects to the credit section',
        security: bearerAuth,
        querystring: orderStatusQuery,
        response: responses(paidOrderSchema, [400, 401, 404]),
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const order = await orderOf(ctx, currentUser(request).id, request.query.orderStatusId);
      if (!order) throw notFound('api.error.noSuchOrder');
      if (order.status === 'cancelled') return ok(null, { alert: translate(request.language, 'api.alert.paymentCancelled'), redirect: PURCHASE_CANCELLED_PATH });
      if (order.status === 'pending') return ok(null);
      return ok({ orderStatusId: order.id, kind: order.kind, amount: order.amount_cents, paidAt: order.settled_at!.getTime() });
    },
  );
}
