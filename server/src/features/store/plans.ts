/**
 * Membership plans on sale: while one is active no fee is charged (docs/PRODUCT.md section 10). Prices are in the
 * cents of the driver's own currency. Changing a plan here changes what new orders cost; paid
 * orders keep their amount.
 */
import { DEFAULT_LANGUAGE, type Language } from '@blockpilot/shared/constants';
import type { MembershipPlan } from '@blockpilot/shared/types';
import { translate, type MessageKey } from '../../domain/translate.js';

/** Each plan's name and description in the server's catalogs: every page and the payment page say them in the driver's language. */
const PLAN_WORDS: Record<string, { name: MessageKey; description: MessageKey }> = {
  week: { name: 'store.plan.week', description: 'store.plan.week.description' },
  month: { name: 'store.plan.month', description: 'store.plan.month.description' },
};

/** The plans on sale, without their words: their ids are the API contract's (MEMBERSHIP_PLAN_IDS, the ids a checkout may name). */
const PLANS_ON_SALE: ReadonlyArray<Pick<MembershipPlan, 'id' | 'price' | 'days'>> = [
  { id: 'week', price: 1499, days: 7 },
  { id: 'month', price: 4999, days: 30 },
];

function wordsOf(id: string): { name: MessageKey; description: MessageKey } {
  const words = PLAN_WORDS[id];
  if (!words) throw new Error(`no membership plan is called ${id}`);
  return words;
}

/** A plan's name: "Weekly"; in Spanish "Semanal". */
export function planName(id: string, language: Language = DEFAULT_LANGUAGE): string {
  return translate(language, wordsOf(id).name);
}

/** The plans on sale, named and described in `language`. */
export function membershipPlans(language: Language = DEFAULT_LANGUAGE): MembershipPlan[] {
  return PLANS_ON_SALE.map((plan) => ({ ...plan, name: planName(plan.id, language), description: translate(language, wordsOf(plan.id).description) }));
}

export function planById(id: string, language: Language = DEFAULT_LANGUAGE): MembershipPlan | undefined {
  return membershipPlans(language).find((plan) => plan.id === id);
}
