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
