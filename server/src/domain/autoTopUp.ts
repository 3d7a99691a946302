/**
 * The once-per-crossing claim of the automatic top-up (docs/LIVE.md "Automatic top-up"). A fall
 * of the credit below the threshold charges once: the one conditional update of
 * {@link claimAutoTopUp} sets `armed` false and records the crossing's order in the same
 * transaction, so two processes (or a retry) find nothing left to claim. Only a credit that
 * reaches the threshold again re-arms it ({@link rearmAutoTopUp}, run by every ledger credit).
 */
import type { Transaction } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';

type Trx = Transaction<DatabaseSchema>;

/** What the claimed crossing charges: the order created for it, and the card. */
export interface ClaimedAutoTopUp {
  orderId: string;
  amountCents: number;
  customerRef: string;
  paymentMethodRef: string;
}

/**
 * Claims this crossing when automatic top-up is on, armed, has a card and the credit is below the
 * threshold, and creates its pending top-up order; null when there is nothing to claim.
 */
export async function claimAutoTopUp(trx: Trx, userId: string, currency: string, now: Date): Promise<ClaimedAutoTopUp | null> {
  // The credit is read under the user row's lock, which every ledger change takes first: a credit
  // in flight (a top-up being settled, which may re-arm) commits before the claim reads the credit
  // and the armed flag. Read without it, a claim that waited for the row below could see the
  // re-arm of the top-up just paid beside the credit from before it, and charge a second time.
  const { credit_cents } = await trx.selectFrom('users').select('credit_cents').where('id', '=', userId).forNoKeyUpdate().executeTakeFirstOrThrow();
  const claimed = await trx
    .updateTable('auto_top_ups')
    .set({ armed: false })
    .where('user_id', '=', userId)
    .where('enabled', '=', true)
    .where('armed', '=', true)
    .where('payment_method_ref', 'is not', null)
    .where('customer_ref', 'is not', null)
    .where('threshold_cents', '>', credit_cents)
    .returning(['amount_cents', 'customer_ref', 'payment_method_ref'])
    .executeTakeFirst();
  if (!claimed) return null;
  const order = await trx
    .insertInto('orders')
    .values({ user_id: userId, kind: 'topup', amount_cents: claimed.amount_cents, currency, membership_plan_id: null, provider_ref: null, created_at: now, settled_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.updateTable('auto_top_ups').set({ last_order_id: order.id }).where('user_id', '=', userId).execute();
  return { orderId: order.id, amountCents: claimed.amount_cents, customerRef: claimed.customer_ref!, paymentMethodRef: claimed.payment_method_ref! };
}

/** The credit is now `balanceCents`: a claimed crossing is re-armed once the credit reaches the threshold. */
export async function rearmAutoTopUp(trx: Trx, userId: string, balanceCents: number): Promise<void> {
  await trx.updateTable('auto_top_ups').set({ armed: true }).where('user_id', '=', userId).where('armed', '=', false).where('threshold_cents', '<=', balanceCents).execute();
}
