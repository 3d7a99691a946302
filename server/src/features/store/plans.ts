/**
 * Membership plans on sale: while one is active no fee is charged (docs/PRODUCT.md section 10). Prices are in the
 * cents of the driver's own currency. Changing a plan here changes what new orders cost; paid
 * orders keep their amount.
 */
import { DEFAULT_LANGUAGE, type Language } from '@blockpilot/shared/constants';
import type { MembershipPlan } from '@blockpilot/shared/types';
import { translate, type MessageKey } from '../../domain/translate.js';

/** Each plan's name in the server's catalogs: the payment page names the plan in the driver's language. */
const PLAN_NAMES: Record<string, MessageKey> = { week: 'store.plan.week', month: 'store.plan.month' };

/** The plans on sale: their ids are the API contract's (MEMBERSHIP_PLAN_IDS, the ids a checkout may name). */
export const MEMBERSHIP_PLANS: readonly MembershipPlan[] = [
  { id: 'week', name: planName('week'), price: 1499, days: 7, description: 'No fees on accepted blocks for 7 days.' },
  { id: 'month', name: planName('month'), price: 4999, days: 30, description: 'No fees on accepted blocks for 30 days: the best value for full-time drivers.' },
];

/** A plan's name: "Weekly"; in Spanish "Semanal". */
export function planName(id: string, language: Language = DEFAULT_LANGUAGE): string {
  const key = PLAN_NAMES[id];
  if (!key) throw new Error(`no membership plan is called ${id}`);
  return translate(language, key);
}

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
