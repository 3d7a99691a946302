import { describe, it } from 'node:test';
import { expect } from 'expect';
import { MEMBERSHIP_PLAN_IDS } from '@blockpilot/shared/api/schemas';
import { membershipPlans } from './plans.js';

describe('membership plans', () => {
  it('sells exactly the plans a checkout may name in the API contract, in its order', () => {
    expect(membershipPlans().map((plan) => plan.id)).toEqual([...MEMBERSHIP_PLAN_IDS]);
  });
});
