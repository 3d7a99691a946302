/** The calls of /api/store: checkout of credit or a membership, the order status, the automatic top-up. */
import { AUTO_TOP_UP_THRESHOLD, TOP_UP_SLIDER } from '../../constants.js';
import { closedObject, uuid, type FromContract } from './fields.js';

/** The ids of the membership plans on sale (their prices and names are the server's, features/store/plans.ts). */
export const MEMBERSHIP_PLAN_IDS = ['week', 'month'] as const;
export type MembershipPlanId = (typeof MEMBERSHIP_PLAN_IDS)[number];

const topUpAmount = {
  type: 'integer',
  minimum: TOP_UP_SLIDER.min,
  maximum: TOP_UP_SLIDER.max,
  multipleOf: TOP_UP_SLIDER.step,
  description: `Cents, ${TOP_UP_SLIDER.min}-${TOP_UP_SLIDER.max} in steps of ${TOP_UP_SLIDER.step}`,
} as const;

/** createStripeOrder's body: credit or a plan (one of the two; the server says which is missing). */
export const createOrderBody = {
  ...closedObject([], { topup_amount: topUpAmount, membership_plan_id: { type: 'string', enum: MEMBERSHIP_PLAN_IDS } }),
  description: 'Either topup_amount (credit) or membership_plan_id (a plan)',
} as const;

export const orderStatusQuery = {
  type: 'object',
  required: ['orderStatusId'],
  properties: { orderStatusId: uuid, time: { type: 'string', description: 'Cache buster, ignored' } },
} as const;

/** What the driver saves of the automatic top-up (docs/LIVE.md "Automatic top-up"). */
export const autoTopUpSettingsSchema = closedObject(['enabled', 'amount', 'threshold'], {
  enabled: { type: 'boolean' },
  amount: topUpAmount,
  threshold: { type: 'integer', minimum: AUTO_TOP_UP_THRESHOLD.min, maximum: AUTO_TOP_UP_THRESHOLD.max, description: 'Cents: a fall of the credit below it tops up' },
});

export type CreateOrderRequest = FromContract<typeof createOrderBody>;
export type AutoTopUpSettings = FromContract<typeof autoTopUpSettingsSchema>;

/*
 * What the store calls answer. The server answers with these schemas and the client's types are
 * derived from them (docs/ARCHITECTURE.md section 4.1, "The contract").
 */

/** An order's state at the payment provider. */
export const ORDER_STATUSES = ['pending', 'paid', 'cancelled', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A membership plan on sale: no fee is charged while one is active (getMembershipPlans). */
export const membershipPlanSchema = closedObject(['id', 'name', 'price', 'days'], {
  id: { type: 'string', enum: MEMBERSHIP_PLAN_IDS },
  name: { type: 'string' },
  price: { type: 'integer', description: 'Price in cents' },
  days: { type: 'integer', description: 'Length in days' },
  description: { type: 'string' },
});

const epochMs = { type: 'number', description: 'Epoch ms' } as const;

/** The automatic top-up (docs/LIVE.md "Automatic top-up"): settings, saved card, last charge or failure. */
export const autoTopUpSchema = closedObject(['enabled', 'amount', 'threshold', 'card', 'lastCharge', 'lastFailure'], {
  enabled: { type: 'boolean' },
  amount: { type: 'integer', description: "What one charge tops up, cents, within the top-up slider's range" },
  threshold: { type: 'integer', description: 'A fall of the credit below this (cents) charges the saved card once' },
  card: {
    type: ['object', 'null'],
    additionalProperties: false,
    required: ['label'],
    description: 'The card saved at the payment provider, or null',
    properties: { label: { type: 'string' } },
  },
  lastCharge: {
    type: ['object', 'null'],
    additionalProperties: false,
    required: ['amount', 'status', 'at'],
    properties: { amount: { type: 'integer', description: 'Cents' }, status: { type: 'string', enum: ORDER_STATUSES }, at: epochMs },
  },
  lastFailure: {
    type: ['object', 'null'],
    additionalProperties: false,
    required: ['reason', 'at'],
    description: 'Why the last charge failed (it turned automatic top-up off)',
    properties: { reason: { type: 'string' }, at: epochMs },
  },
});

/** getOrderStatus' answer: the order once paid, null until then. */
export const paidOrderSchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  required: ['orderStatusId', 'kind', 'amount', 'paidAt'],
  description: 'null until the order is paid',
  properties: {
    orderStatusId: { type: 'string' },
    kind: { type: 'string', enum: ['topup', 'membership'] },
    amount: { type: 'integer', description: 'Cents' },
    paidAt: epochMs,
  },
} as const;

/** What the Stripe webhook answers: what the event did (read by no client; Stripe only wants a 2xx). */
export const webhookAnswerSchema = { type: 'object', properties: { settlement: { type: 'string' } } } as const;

export type MembershipPlan = FromContract<typeof membershipPlanSchema>;
export type AutoTopUp = FromContract<typeof autoTopUpSchema>;
export type PaidOrder = FromContract<typeof paidOrderSchema>;
