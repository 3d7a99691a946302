/**
 * The books after the money suite's storm, checked against the rules of docs/ARCHITECTURE.md section 5.4 and
 * against what each operation reported: every balance equals the sum of its ledger entries and
 * is not negative; every paid order is credited exactly once (a membership paid and spent in the
 * same breath) and no other order is; each invited driver earns their inviter one reward once
 * their paid top-ups reach the threshold; a refund gives back exactly its fee, at most once; each
 * block the engine accepted is charged its cost once and, when forfeited, refunded exactly that
 * once; and every balance is what the reported outcomes add up to. Returns each discrepancy found.
 */
import { INVITE_REWARD_CENTS, INVITE_REWARD_THRESHOLD_CENTS, SIGN_UP_BONUS_CENTS } from '@blockpilot/shared/constants';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../../src/db/schema.js';
import { ledgerKey } from '../../src/domain/ledger.js';
import { planById } from '../../src/features/store/plans.js';

const DAY_MS = 86_400_000;

/** What the operations said happened, by fee log id. */
export interface ReportedOutcomes {
  /** Charges that reported `applied`, with their amount (one per log id if all is well). */
  appliedCharges: Map<string, number[]>;
  /** Refunds that reported `applied`, by log id. */
  appliedRefunds: Map<string, number>;
  /** Orders some report must have made paid. */
  mustBePaid: Set<string>;
  /** The clocks of the servers that settled: a membership runs from the first settlement's "now". */
  settlementClocks: Date[];
  /** Forfeit answers that said the fee was refunded, by offer-log id. */
  forfeitRefunds: Map<string, number>;
}

export async function auditLedger(db: Kysely<DatabaseSchema>, reported: ReportedOutcomes): Promise<string[]> {
  const problems: string[] = [];
  const users = await db.selectFrom('users').select(['id', 'credit_cents', 'invited_by', 'membership_ends_at']).execute();
  const entries = await db.selectFrom('ledger_entries').select(['user_id', 'key', 'kind', 'amount_cents']).execute();
  const orders = await db.selectFrom('orders').select(['id', 'user_id', 'kind', 'amount_cents', 'status', 'membership_plan_id', 'refunded_at', 'provider_ref']).execute();
  const entryByKey = new Map(entries.map((entry) => [entry.key, entry]));

  const sums = new Map<string, number>();
  for (const entry of entries) sums.set(entry.user_id, (sums.get(entry.user_id) ?? 0) + entry.amount_cents);

  // Orders: paid exactly when a correct report arrived; credited once when paid, never otherwise.
  const paidTopUps = new Map<string, number>();
  for (const order of orders) {
    // A cancel or expiry that won the race ends a paid-for order: its payment is refunded (Stripe), never credited.
    const cancelledFirst = order.status === 'cancelled' && (order.provider_ref === null || order.refunded_at !== null);
    const shouldBePaid = reported.mustBePaid.has(order.id) && !cancelledFirst;
    if ((order.status === 'paid') !== shouldBePaid) problems.push(`order ${order.id} is ${order.status}, ${shouldBePaid ? 'but was paid' : 'but no valid payment arrived'}`);
    const keys =
      order.kind === 'topup'
        ? [[ledgerKey.topup(order.id), order.amount_cents]]
        : [
            [ledgerKey.payment(order.id), order.amount_cents],
            [ledgerKey.membership(order.id), -order.amount_cents],
          ];
    for (const [key, amount] of keys as Array<[string, number]>) {
      const entry = entryByKey.get(key);
      if (order.status === 'paid' && (entry?.amount_cents !== amount || entry.user_id !== order.user_id))
        problems.push(`paid order ${order.id} has ${key} = ${entry?.amount_cents}, not ${amount}`);
      if (order.status !== 'paid' && entry) problems.push(`unpaid order ${order.id} has ledger entry ${key}`);
    }
    if (order.status === 'paid' && order.kind === 'topup') paidTopUps.set(order.user_id, (paidTopUps.get(order.user_id) ?? 0) + order.amount_cents);
  }

  // Memberships: each paid plan adds its days once, from the first settlement on.
  const membershipDays = new Map<string, number>();
  for (const order of orders.filter((o) => o.kind === 'membership' && o.status === 'paid')) {
    membershipDays.set(order.user_id, (membershipDays.get(order.user_id) ?? 0) + (planById(order.membership_plan_id ?? '')?.days ?? NaN));
  }
  for (const user of users) {
    const days = membershipDays.get(user.id);
    const start = user.membership_ends_at && days !== undefined ? user.membership_ends_at.getTime() - days * DAY_MS : null;
    const fromAClock = start !== null && reported.settlementClocks.some((clock) => Math.abs(clock.getTime() - start) < 1000);
    if ((days !== undefined || user.membership_ends_at) && !fromAClock)
      problems.push(`user ${user.id} has ${days} paid membership days but the membership ends ${user.membership_ends_at?.toISOString()}`);
  }

  // Fees and refunds: each applied once, a refund equal to its fee and only after it.
  for (const [logId, amounts] of reported.appliedCharges) {
    if (amounts.length > 1) problems.push(`fee ${logId} reported applied ${amounts.length} times`);
    if (entryByKey.get(ledgerKey.fee(logId))?.amount_cents !== -amounts[0]!)
      problems.push(`fee ${logId} applied but its entry is ${entryByKey.get(ledgerKey.fee(logId))?.amount_cents}`);
  }
  for (const entry of entries.filter((e) => e.kind === 'refund')) {
    const logId = entry.key.slice('refund:'.length);
    const fee = entryByKey.get(ledgerKey.fee(logId));
    if (!fee || fee.amount_cents !== -entry.amount_cents || fee.user_id !== entry.user_id)
      problems.push(`refund ${entry.key} of ${entry.amount_cents} does not match its fee ${fee?.amount_cents}`);
  }
  for (const [logId, count] of reported.appliedRefunds) if (count > 1) problems.push(`refund ${logId} reported applied ${count} times`);

  // Balances: the sum of entries, not negative, and what the reported outcomes add up to.
  const rewards = new Map<string, number>();
  for (const user of users) {
    const reached = (paidTopUps.get(user.id) ?? 0) >= INVITE_REWARD_THRESHOLD_CENTS;
    const reward = entryByKey.get(ledgerKey.invite(user.id));
    if (user.invited_by && reached !== Boolean(reward)) problems.push(`invited driver ${user.id} reached the threshold: ${reached}, reward: ${Boolean(reward)}`);
    if (reward && (reward.user_id !== user.invited_by || reward.amount_cents !== INVITE_REWARD_CENTS))
      problems.push(`invite reward for ${user.id} went to ${reward.user_id}: ${reward.amount_cents}`);
    if (user.invited_by && reached) rewards.set(user.invited_by, (rewards.get(user.invited_by) ?? 0) + INVITE_REWARD_CENTS);
  }
  const feesByUser = new Map<string, number>();
  // The engine's blocks: charged their cost once (nothing when free), refunded exactly that once when forfeited, else never.
  const blocks = await db.selectFrom('offer_logs').select(['id', 'user_id', 'cost_cents', 'forfeited_at']).where('action', '=', 'BLOCK_ACCEPT').execute();
  for (const block of blocks) {
    const fee = entryByKey.get(ledgerKey.fee(block.id));
    const refund = entryByKey.get(ledgerKey.refund(block.id));
    const refundDue = block.forfeited_at ? block.cost_cents : 0;
    if ((fee?.amount_cents ?? 0) !== -block.cost_cents || (fee && fee.user_id !== block.user_id))
      problems.push(`block ${block.id} cost ${block.cost_cents} but its fee entry is ${fee?.amount_cents}`);
    if ((refund?.amount_cents ?? 0) !== refundDue)
      problems.push(`block ${block.id} (forfeited: ${Boolean(block.forfeited_at)}) has refund ${refund?.amount_cents}, not ${refundDue}`);
    const refundsReported = reported.forfeitRefunds.get(block.id) ?? 0;
    if (refundsReported !== (refundDue > 0 ? 1 : 0)) problems.push(`block ${block.id}: ${refundsReported} forfeit answers reported a refund of ${refundDue}`);
    feesByUser.set(block.user_id, (feesByUser.get(block.user_id) ?? 0) + block.cost_cents - refundDue);
  }
  for (const [logId, amounts] of reported.appliedCharges) {
    const userId = logId.slice(0, logId.indexOf(':'));
    const refunded = reported.appliedRefunds.has(logId) ? amounts[0]! : 0;
    feesByUser.set(userId, (feesByUser.get(userId) ?? 0) + amounts[0]! - refunded);
  }
  for (const user of users) {
    if (user.credit_cents !== (sums.get(user.id) ?? 0)) problems.push(`user ${user.id} holds ${user.credit_cents} but the ledger sums to ${sums.get(user.id)}`);
    if (user.credit_cents < 0) problems.push(`user ${user.id} is below zero: ${user.credit_cents}`);
    const expected = SIGN_UP_BONUS_CENTS + (paidTopUps.get(user.id) ?? 0) + (rewards.get(user.id) ?? 0) - (feesByUser.get(user.id) ?? 0);
    if (user.credit_cents !== expected) problems.push(`user ${user.id} holds ${user.credit_cents}; the reported outcomes add up to ${expected}`);
  }
  return problems;
}
