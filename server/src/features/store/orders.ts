/**
 * Orders: created when the driver starts a checkout, settled when the payments adapter reports
 * the outcome. {@link applyPaymentEvent} is the one settlement path: Stripe's webhook and the dev
 * checkout page both end here, so a payment is credited the same way whoever reports it, and
 * once however often it is reported.
 */
import { INVITE_REWARD_CENTS, INVITE_REWARD_THRESHOLD_CENTS, type Language } from '@blockpilot/shared/constants';
import { formatCents } from '@blockpilot/shared/format';
import { sql, type Selectable, type Transaction } from 'kysely';
import type { PaymentEvent } from '../../adapters/payments/types.js';
import type { AppContext } from '../../context.js';
import type { DatabaseSchema, OrderTable } from '../../db/schema.js';
import { refusal, validationError } from '../../domain/errors.js';
import { charge, credit, ledgerKey } from '../../domain/ledger.js';
import { translate } from '../../domain/translate.js';
import { sendPromotionalEmail } from '../support/promotions.js';
import { REGIONS } from '../../domain/regions.js';
import { planById, planName } from './plans.js';
import { PURCHASE_CANCELLED_PATH, purchaseReturnPath } from './returnPaths.js';
import { accountChanged } from '../search/changes.js';

type Trx = Transaction<DatabaseSchema>;
type Order = Selectable<OrderTable>;

/** What the driver buys: credit, or a membership plan. */
export type Purchase = { topupCents: number } | { planId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What an order is for: its kind, price, plan, and the line shown on the payment page (in the driver's language). */
function itemOf(purchase: Purchase, currencySymbol: string, language: Language): { kind: 'topup' | 'membership'; amountCents: number; planId: string | null; description: string } {
  if ('topupCents' in purchase) {
    const amount = formatCents(currencySymbol, purchase.topupCents, language);
    return { kind: 'topup', amountCents: purchase.topupCents, planId: null, description: translate(language, 'store.item.topup', { amount }) };
  }
  const plan = planById(purchase.planId);
  if (!plan) throw validationError({ membership_plan_id: 'api.field.planNotOnSale' });
  const description = translate(language, 'store.item.membership', { plan: planName(plan.id, language), days: plan.days });
  return { kind: 'membership', amountCents: plan.price, planId: plan.id, description };
}

/** Records a pending order and opens its checkout; returns the URL the browser goes to. */
export async function createOrder(ctx: AppContext, userId: string, purchase: Purchase): Promise<string> {
  const user = await ctx.db.selectFrom('users').select(['email', 'country_code', 'language']).where('id', '=', userId).executeTakeFirstOrThrow();
  const { currency, currencySymbol } = REGIONS[user.country_code];
  const item = itemOf(purchase, currencySymbol, user.language);
  const order = await ctx.db
    .insertInto('orders')
    .values({
      user_id: userId,
      kind: item.kind,
      amount_cents: item.amountCents,
      currency,
      membership_plan_id: item.planId,
      provider_ref: null,
      created_at: ctx.clock.now(),
      settled_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  try {
    const checkout = await ctx.payments.createCheckout({
      orderId: order.id,
      amountCents: item.amountCents,
      currency,
      description: item.description,
      language: user.language,
      customerEmail: user.email,
      successPath: purchaseReturnPath(order.id),
      cancelPath: PURCHASE_CANCELLED_PATH,
    });
    await ctx.db.updateTable('orders').set({ provider_ref: checkout.providerRef }).where('id', '=', order.id).execute();
    return checkout.url;
  } catch (error) {
    ctx.log.error({ err: error, orderId: order.id }, 'the payments adapter could not open a checkout');
    await ctx.db.updateTable('orders').set({ status: 'cancelled', settled_at: ctx.clock.now() }).where('id', '=', order.id).execute();
    throw refusal('BP_ERR_CHECKOUT_UNAVAILABLE');
  }
}

/** The driver's order, or undefined when it is not theirs. */
export async function orderOf(ctx: AppContext, userId: string, orderId: string): Promise<Order | undefined> {
  return ctx.db.selectFrom('orders').selectAll().where('id', '=', orderId).where('user_id', '=', userId).executeTakeFirst();
}

/** What applying a payment event did. */
export type Settlement = 'paid' | 'cancelled' | 'unchanged' | 'unknown-order' | 'amount-mismatch' | 'refunded';

export async function applyPaymentEvent(ctx: AppContext, event: PaymentEvent): Promise<Settlement> {
  if (!UUID.test(event.orderId)) return 'unknown-order';
  const now = ctx.clock.now();
  let rewardedInviter: string | null = null;
  let payer: string | null = null;
  const settlement = await ctx.db.transaction().execute(async (trx): Promise<Settlement> => {
    // The row lock makes concurrent reports of the same order wait and then see it settled.
    const order = await trx.selectFrom('orders').selectAll().where('id', '=', event.orderId).forUpdate().executeTakeFirst();
    if (!order) return 'unknown-order';
    if (event.type === 'cancelled') {
      if (order.status !== 'pending') return 'unchanged';
      await trx.updateTable('orders').set({ status: 'cancelled', settled_at: now }).where('id', '=', order.id).execute();
      return 'cancelled';
    }
    if (order.status === 'paid') return 'unchanged';
    if (order.status === 'cancelled') {
      // Paid after it was cancelled or expired (a checkout left open, a late bank debit): never
      // completed; the money goes back. refunded_at claims the refund, so a replay refunds nothing.
      const claimed = await trx.updateTable('orders').set({ refunded_at: now }).where('id', '=', order.id).where('refunded_at', 'is', null).executeTakeFirst();
      return claimed.numUpdatedRows > 0n ? 'refunded' : 'unchanged';
    }
    if (event.amountCents !== order.amount_cents) return 'amount-mismatch';
    await trx.updateTable('orders').set({ status: 'paid', settled_at: now }).where('id', '=', order.id).execute();
    payer = order.user_id;
    if (order.kind === 'topup') {
      await credit(trx, order.user_id, ledgerKey.topup(order.id), order.amount_cents);
      rewardedInviter = await payInviteRewardIfDue(trx, order.user_id);
    } else {
      await grantMembership(trx, order, now);
    }
    return 'paid';
  });
  if (settlement === 'amount-mismatch' || settlement === 'unknown-order') ctx.log.error({ event }, `payment event not applied: ${settlement}`);
  if (settlement === 'refunded' && event.type === 'paid') await refundLatePayment(ctx, event);
  // A running search holds the driver's credit and fee-free period in memory: it reloads them now.
  if (payer) accountChanged(ctx, payer);
  if (rewardedInviter) inviteRewardPaid(ctx, rewardedInviter);
  return settlement;
}

/**
 * Refunds a payment for a cancelled order through the provider and logs it. Should the provider
 * fail, the claim is released and the error thrown, so the webhook answers 500 and the provider
 * delivers the event again.
 */
async function refundLatePayment(ctx: AppContext, event: Extract<PaymentEvent, { type: 'paid' }>): Promise<void> {
  try {
    const { refundRef } = await ctx.payments.refund({ orderId: event.orderId, paymentRef: event.paymentRef });
    ctx.log.warn({ orderId: event.orderId, amountCents: event.amountCents, refundRef }, 'payment arrived for a cancelled order: not completed, refunded');
  } catch (error) {
    await ctx.db.updateTable('orders').set({ refunded_at: null }).where('id', '=', event.orderId).execute();
    ctx.log.error({ err: error, orderId: event.orderId }, 'payment arrived for a cancelled order and could not be refunded');
    throw error;
  }
}

/** After {@link payInviteRewardIfDue} paid: the inviter's running search reloads, and they are told. */
export function inviteRewardPaid(ctx: AppContext, inviterId: string): void {
  accountChanged(ctx, inviterId);
  notifyInviter(ctx, inviterId);
}

/** The card payment goes in and pays for the plan at once; the membership runs from its current end or now. */
async function grantMembership(trx: Trx, order: Order, now: Date): Promise<void> {
  const plan = planById(order.membership_plan_id ?? '');
  if (!plan) throw new Error(`order ${order.id} names no plan on sale (${order.membership_plan_id})`);
  await credit(trx, order.user_id, ledgerKey.payment(order.id), order.amount_cents);
  const charged = await charge(trx, order.user_id, ledgerKey.membership(order.id), order.amount_cents);
  if (charged.status === 'insufficient') throw new Error(`membership order ${order.id} could not pay for itself`);
  // One statement, no read first: SELECT ... FOR UPDATE on the driver's row conflicts with the
  // key-share lock that every concurrent insert of a ledger entry for them holds (its foreign key),
  // and deadlocked with a fee or top-up credited to the same driver at the same moment.
  await trx
    .updateTable('users')
    .set({ membership_ends_at: sql<Date>`greatest(membership_ends_at, ${now}::timestamptz) + ${plan.days}::int * interval '1 day'` })
    .where('id', '=', order.user_id)
    .execute();
}

/**
 * Credits the inviter once their invited driver has verified their e-mail address and their paid
 * top-ups reach the threshold (docs/SECURITY.md "Free credit"); called on each paid top-up and on
 * verification. The ledger key (one per invited driver) makes "once" hold across later top-ups
 * and replays. Answers the rewarded inviter, or null.
 */
export async function payInviteRewardIfDue(trx: Trx, userId: string): Promise<string | null> {
  const { invited_by, email_verified_at } = await trx.selectFrom('users').select(['invited_by', 'email_verified_at']).where('id', '=', userId).executeTakeFirstOrThrow();
  if (!invited_by || !email_verified_at) return null;
  const { total } = await trx
    .selectFrom('orders')
    .select(sql<number>`coalesce(sum(amount_cents), 0)::integer`.as('total'))
    .where('user_id', '=', userId)
    .where('kind', '=', 'topup')
    .where('status', '=', 'paid')
    .executeTakeFirstOrThrow();
  if (total < INVITE_REWARD_THRESHOLD_CENTS) return null;
  const outcome = await credit(trx, invited_by, ledgerKey.invite(userId), INVITE_REWARD_CENTS);
  return outcome.status === 'applied' ? invited_by : null;
}

/** Tells the inviter of their reward by e-mail, in their language (promotional: they may opt out). */
function notifyInviter(ctx: AppContext, inviterId: string): void {
  ctx.background.run('invite-reward e-mail', async () => {
    const { country_code } = await ctx.db.selectFrom('users').select('country_code').where('id', '=', inviterId).executeTakeFirstOrThrow();
    return sendPromotionalEmail(ctx, inviterId, (language) => {
      const reward = formatCents(REGIONS[country_code].currencySymbol, INVITE_REWARD_CENTS, language);
      return { subject: translate(language, 'email.inviteReward.subject', { reward }), text: translate(language, 'email.inviteReward.text', { reward }) };
    });
  });
}
