/**
 * Membership plans on sale: while one is active no fee is charged (docs/PRODUCT.md section 10). Prices are in the
 * cents of the driver's own currency. Changing a plan here changes what new orders cost; paid
 * orders keep their amount.
 */
import type { MembershipPlan } from '@blockpilot/shared/types';

export const MEMBERSHIP_PLANS: readonly MembershipPlan[] = [
  { id: 'week', name: 'Weekly', price: 1499, days: 7, description: 'No fees on accepted blocks for 7 days.' },
  { id: 'month', name: 'Monthly', price: 4999, days: 30, description: 'No fees on accepted blocks for 30 days: the best value for full-time drivers.' },
];

export function planById(id: string): MembershipPlan | undefined {
  return MEMBERSHIP_PLANS.find((plan) => plan.id === id);
}

export const membershipPlanSchema = {
  type: 'object',
  required: ['id', 'name', 'price', 'days'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    price: { type: 'integer', description: 'Cents' },
    days: { type: 'integer' },
    description: { type: 'string' },
  },
} as const;
