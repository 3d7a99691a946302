/** /api/store: membership plans, checkout of credit or a plan, the order status the purchase dialog polls, and the automatic top-up. */
import type { FastifyInstance } from 'fastify';
import type { AutoTopUpSettings } from '@blockpilot/shared/types';
import { AUTO_TOP_UP_THRESHOLD, TOP_UP_SLIDER } from '@blockpilot/shared/constants';
import type { AppContext } from '../../context.js';
import { notFound, validationError } from '../../domain/errors.js';
import { translate } from '../../domain/translate.js';
import { ok } from '../../http/envelope.js';
import { bearerAuth, responses, uuid } from '../../http/schemas.js';
import { currentUser } from '../auth/authenticate.js';
import { autoTopUpOf, removeCard, saveAutoTopUp, startAutoTopUpCheck, startCardSetup } from './autoTopUp.js';
import { createOrder, orderOf } from './orders.js';
import { MEMBERSHIP_PLANS, membershipPlanSchema } from './plans.js';
import { PURCHASE_CANCELLED_PATH } from './returnPaths.js';

const tags = ['store'];

const topUpAmountSchema = {
  type: 'integer',
  minimum: TOP_UP_SLIDER.min,
  maximum: TOP_UP_SLIDER.max,
  multipleOf: TOP_UP_SLIDER.step,
  description: `Cents, ${TOP_UP_SLIDER.min}-${TOP_UP_SLIDER.max} in steps of ${TOP_UP_SLIDER.step}`,
} as const;

const orderRequestSchema = {
  type: 'object',
  additionalProperties: false,
  description: 'Either topup_amount (credit) or membership_plan_id (a plan)',
  properties: {
    topup_amount: topUpAmountSchema,
    membership_plan_id: { type: 'string', enum: MEMBERSHIP_PLANS.map((plan) => plan.id) },
  },
} as const;

const autoTopUpSettingsSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['enabled', 'amount', 'threshold'],
  properties: {
    enabled: { type: 'boolean' },
    amount: topUpAmountSchema,
    threshold: { type: 'integer', minimum: AUTO_TOP_UP_THRESHOLD.min, maximum: AUTO_TOP_UP_THRESHOLD.max, description: 'Cents: a fall of the credit below it tops up' },
  },
} as const;

const autoTopUpSchema = {
  type: 'object',
  properties: {
    enabled: { type: 'boolean' },
    amount: { type: 'integer', description: 'Cents' },
    threshold: { type: 'integer', description: 'Cents' },
    card: { type: ['object', 'null'], properties: { label: { type: 'string' } } },
    lastCharge: {
      type: ['object', 'null'],
      properties: { amount: { type: 'integer' }, status: { type: 'string', enum: ['pending', 'paid', 'cancelled', 'refunded'] }, at: { type: 'number', description: 'Epoch ms' } },
    },
    lastFailure: { type: ['object', 'null'], properties: { reason: { type: 'string' }, at: { type: 'number', description: 'Epoch ms' } } },
  },
} as const;

const paidOrderSchema = {
  type: ['object', 'null'],
  description: 'null until the order is paid',
  properties: {
    orderStatusId: { type: 'string' },
    kind: { type: 'string', enum: ['topup', 'membership'] },
    amount: { type: 'integer', description: 'Cents' },
    paidAt: { type: 'number', description: 'Epoch ms' },
  },
} as const;

export async function storeRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
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

  app.put<{ Body: AutoTopUpSettings }>(
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
    { ...signedIn, schema: { tags, summary: 'Membership plans on sale', security: bearerAuth, response: responses({ type: 'array', items: membershipPlanSchema }, [401]) } },
    async () => ok(MEMBERSHIP_PLANS),
  );

  app.post<{ Body: { topup_amount?: number; membership_plan_id?: string } }>(
    '/api/store/createStripeOrder',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Start a checkout for credit or a membership; answers with the payment page URL',
        security: bearerAuth,
        body: orderRequestSchema,
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

  app.get<{ Querystring: { orderStatusId: string; time?: string } }>(
    '/api/store/getOrderStatus',
    {
      ...signedIn,
      schema: {
        tags,
        summary: 'Whether an order is paid (truthy data); a cancelled order redirects to the credit section',
        security: bearerAuth,
        querystring: {
          type: 'object',
          required: ['orderStatusId'],
          properties: { orderStatusId: uuid, time: { type: 'string', description: 'Cache buster, ignored' } },
        },
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
