/** /api/store: membership plans, checkout of credit or a plan, and the order status the purchase dialog polls. */
import type { FastifyInstance } from 'fastify';
import { TOP_UP_SLIDER } from '@blockpilot/shared/constants';
import type { AppContext } from '../../context.js';
import { notFound, validationError } from '../../http/errors.js';
import { ok } from '../../http/envelope.js';
import { bearerAuth, responses, uuid } from '../../http/schemas.js';
import { currentUser } from '../auth/authenticate.js';
import { createOrder, orderOf } from './orders.js';
import { MEMBERSHIP_PLANS, membershipPlanSchema } from './plans.js';
import { PURCHASE_CANCELLED_PATH } from './returnPaths.js';

const tags = ['store'];

const orderRequestSchema = {
  type: 'object',
  additionalProperties: false,
  description: 'Either topup_amount (credit) or membership_plan_id (a plan)',
  properties: {
    topup_amount: {
      type: 'integer',
      minimum: TOP_UP_SLIDER.min,
      maximum: TOP_UP_SLIDER.max,
      multipleOf: TOP_UP_SLIDER.step,
      description: `Cents, ${TOP_UP_SLIDER.min}-${TOP_UP_SLIDER.max} in steps of ${TOP_UP_SLIDER.step}`,
    },
    membership_plan_id: { type: 'string', enum: MEMBERSHIP_PLANS.map((plan) => plan.id) },
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
      if (topup_amount !== undefined && membership_plan_id !== undefined) throw validationError({ topup_amount: 'Buy credit or a membership, one at a time.' });
      if (topup_amount === undefined && membership_plan_id === undefined) throw validationError({ topup_amount: 'Choose an amount.' });
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
      if (!order) throw notFound('This order does not exist.');
      if (order.status === 'cancelled') return ok(null, { alert: 'The payment was cancelled: nothing was charged.', redirect: PURCHASE_CANCELLED_PATH });
      if (order.status === 'pending') return ok(null);
      return ok({ orderStatusId: order.id, kind: order.kind, amount: order.amount_cents, paidAt: order.settled_at!.getTime() });
    },
  );
}
