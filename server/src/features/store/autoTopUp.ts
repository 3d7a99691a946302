/**
 * Automatic top-up (docs/LIVE.md "Automatic top-up"): the driver's settings and saved card, and
 * the charge when a fee leaves the credit below the threshold. The charge is claimed once per
 * crossing in the database (domain/autoTopUp.ts), paid off-session with the order's idempotency
 * key, and settled through the store's one settlement path, so its credit is an ordinary top-up.
 * A declined card turns automatic top-up off and tells the driver once.
 */
import { randomUUID } from 'node:crypto';
import { AUTO_TOP_UP_THRESHOLD, TOP_UP_SLIDER } from '@blockpilot/shared/constants';
import { SUB_PAGES } from '@blockpilot/shared/pages';
import { sql } from 'kysely';
import type { AutoTopUp, AutoTopUpSettings } from '@blockpilot/shared/types';
import type { CardSavedEvent } from '../../adapters/payments/types.js';
import type { AppContext } from '../../context.js';
import { claimAutoTopUp, type ClaimedAutoTopUp } from '../../domain/autoTopUp.js';
import { refusal, validationError } from '../../domain/errors.js';
import { REGIONS } from '../../domain/regions.js';
import { accountChanged } from '../search/changes.js';
import { applyPaymentEvent } from './orders.js';

/** A pending automatic charge older than this whose answer never came is charged again (same idempotency key: same payment). */
const RETRY_PENDING_AFTER_MS = 60_000;

/** Where the browser returns after saving a card. */
export const CARD_SETUP_RETURN_PATH = SUB_PAGES.account.credit;

const DEFAULTS = { amount_cents: TOP_UP_SLIDER.min, threshold_cents: AUTO_TOP_UP_THRESHOLD.default };

export async function autoTopUpOf(ctx: AppContext, userId: string): Promise<AutoTopUp> {
  const row = await ctx.db
    .selectFrom('auto_top_ups')
    .leftJoin('orders', 'orders.id', 'auto_top_ups.last_order_id')
    .select(['enabled', 'auto_top_ups.amount_cents', 'threshold_cents', 'payment_method_ref', 'card_label', 'last_failure', 'last_failure_at'])
    .select(['orders.amount_cents as order_amount', 'orders.status as order_status', 'orders.created_at as order_at', 'orders.settled_at as order_settled_at'])
    .where('auto_top_ups.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return { enabled: false, amount: DEFAULTS.amount_cents, threshold: DEFAULTS.threshold_cents, card: null, lastCharge: null, lastFailure: null };
  return {
    enabled: row.enabled,
    amount: row.amount_cents,
    threshold: row.threshold_cents,
    card: row.payment_method_ref ? { label: row.card_label ?? 'Saved card' } : null,
    lastCharge:
      row.order_amount !== null && row.order_status !== null && row.order_at !== null
        ? { amount: row.order_amount, status: row.order_status, at: (row.order_settled_at ?? row.order_at).getTime() }
        : null,
    lastFailure: row.last_failure && row.last_failure_at ? { reason: row.last_failure, at: row.last_failure_at.getTime() } : null,
  };
}

/** Saves the settings (the schema checked each field's range); turning it on needs a saved card. Saving arms it and checks the credit at once. */
export async function saveAutoTopUp(ctx: AppContext, userId: string, { enabled, amount, threshold }: AutoTopUpSettings): Promise<void> {
  const current = await ctx.db.selectFrom('auto_top_ups').select('payment_method_ref').where('user_id', '=', userId).executeTakeFirst();
  if (enabled && !current?.payment_method_ref) throw validationError({ enabled: 'api.field.saveCardFirst' });
  const settings = { enabled, amount_cents: amount, threshold_cents: threshold, last_failure: null, last_failure_at: null };
  await ctx.db
    .insertInto('auto_top_ups')
    .values({ user_id: userId, ...settings })
    // Turning it on arms it; saving while on keeps the claim of a crossing already charged (never twice for one).
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...settings, armed: sql<boolean>`auto_top_ups.armed or not auto_top_ups.enabled` }))
    .execute();
  // Already below the new threshold: the saved settings apply now, not at the next fee.
  if (enabled) startAutoTopUpCheck(ctx, userId);
}

/** Opens the provider's page where the driver saves a card; the URL the browser goes to. */
export async function startCardSetup(ctx: AppContext, userId: string): Promise<string> {
  const setupId = randomUUID();
  const { email, language } = await ctx.db.selectFrom('users').select(['email', 'language']).where('id', '=', userId).executeTakeFirstOrThrow();
  const row = await ctx.db
    .insertInto('auto_top_ups')
    .values({ user_id: userId, ...DEFAULTS, setup_id: setupId })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ setup_id: setupId }))
    .returning('customer_ref')
    .executeTakeFirstOrThrow();
  try {
    const { url } = await ctx.payments.createCardSetup({ setupId, customerEmail: email, language, customerRef: row.customer_ref, returnPath: CARD_SETUP_RETURN_PATH });
    return url;
  } catch (error) {
    ctx.log.error({ err: error, userId }, 'the payments adapter could not open a card setup');
    throw refusal('BP_ERR_CHECKOUT_UNAVAILABLE');
  }
}

/** The provider saved the card of a setup (Stripe's webhook, the dev checkout's page); a setup not under way changes nothing. */
export async function saveCard(ctx: AppContext, event: CardSavedEvent): Promise<boolean> {
  const row = await ctx.db
    .updateTable('auto_top_ups')
    .set({ customer_ref: event.customerRef, payment_method_ref: event.paymentMethodRef, card_label: event.cardLabel, setup_id: null })
    .where('setup_id', '=', event.setupId)
    .returning('user_id')
    .executeTakeFirst();
  if (row) ctx.live.publish(row.user_id, { type: 'account' });
  return row !== undefined;
}

/** Forgets the saved card; automatic top-up goes off with it. */
export async function removeCard(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db
    .updateTable('auto_top_ups')
    .set({ enabled: false, customer_ref: null, payment_method_ref: null, card_label: null, setup_id: null })
    .where('user_id', '=', userId)
    .execute();
}

/** Runs {@link autoTopUpIfDue} in the background: never on the engine's live path. */
export function startAutoTopUpCheck(ctx: AppContext, userId: string): void {
  ctx.background.run('auto top-up', () => autoTopUpIfDue(ctx, userId));
}

/**
 * Charges the saved card when this fall below the threshold is not yet claimed; or charges again
 * a claimed charge whose answer never came (same order, same idempotency key, so the same
 * payment). Safe to run from any number of processes at once.
 */
export async function autoTopUpIfDue(ctx: AppContext, userId: string): Promise<void> {
  const { country_code } = await ctx.db.selectFrom('users').select('country_code').where('id', '=', userId).executeTakeFirstOrThrow();
  const { currency } = REGIONS[country_code];
  const now = ctx.clock.now();
  const claimed = (await ctx.db.transaction().execute((trx) => claimAutoTopUp(trx, userId, currency, now))) ?? (await unansweredCharge(ctx, userId, now));
  if (claimed) await chargeClaimed(ctx, userId, currency, claimed);
}

async function unansweredCharge(ctx: AppContext, userId: string, now: Date): Promise<ClaimedAutoTopUp | null> {
  const row = await ctx.db
    .selectFrom('auto_top_ups')
    .innerJoin('orders', 'orders.id', 'auto_top_ups.last_order_id')
    .select(['orders.id', 'orders.amount_cents', 'customer_ref', 'payment_method_ref'])
    .where('auto_top_ups.user_id', '=', userId)
    .where('orders.status', '=', 'pending')
    .where('orders.created_at', '<', new Date(now.getTime() - RETRY_PENDING_AFTER_MS))
    .executeTakeFirst();
  if (!row?.customer_ref || !row.payment_method_ref) return null;
  return { orderId: row.id, amountCents: row.amount_cents, customerRef: row.customer_ref, paymentMethodRef: row.payment_method_ref };
}

async function chargeClaimed(ctx: AppContext, userId: string, currency: string, claimed: ClaimedAutoTopUp): Promise<void> {
  const { orderId, amountCents } = claimed;
  // Throws when the provider did not answer: the order stays pending and is charged again later.
  const outcome = await ctx.payments.chargeSavedCard({ ...claimed, currency });
  if (outcome.status === 'paid') {
    // The payment is the order's reference at the provider: an operator's refund finds it there.
    if (outcome.paymentRef) await ctx.db.updateTable('orders').set({ provider_ref: outcome.paymentRef }).where('id', '=', orderId).execute();
    await applyPaymentEvent(ctx, { type: 'paid', orderId, amountCents, paymentRef: outcome.paymentRef });
    return;
  }
  await applyPaymentEvent(ctx, { type: 'cancelled', orderId });
  const turnedOff = await ctx.db
    .updateTable('auto_top_ups')
    .set({ enabled: false, last_failure: outcome.reason, last_failure_at: ctx.clock.now() })
    .where('user_id', '=', userId)
    .where('last_order_id', '=', orderId)
    .where('enabled', '=', true)
    .returning('user_id')
    .executeTakeFirst();
  ctx.log.warn({ userId, orderId, reason: outcome.reason }, 'automatic top-up declined: turned off');
  if (!turnedOff) return;
  ctx.notifications.autoTopUpFailed(userId, { amountCents, reason: outcome.reason });
  accountChanged(ctx, userId);
}
