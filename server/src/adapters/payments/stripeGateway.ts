/** Stripe Checkout: a hosted payment page per order, and signed webhooks that report the outcome. */
import Stripe from 'stripe';
import type { Language } from '@blockpilot/shared/constants';
import {
  InvalidWebhookError,
  type CardSavedEvent,
  type CardSetupRequest,
  type Checkout,
  type CheckoutRequest,
  type PaymentEvent,
  type PaymentGateway,
  type Refund,
  type RefundRequest,
  type SavedCardCharge,
  type SavedCardOutcome,
} from './types.js';

/** How Stripe's pages name each language the app speaks (its Spanish for Latin America, like ours). */
const STRIPE_LOCALES: Record<Language, Stripe.Checkout.SessionCreateParams.Locale> = { en: 'en', es: 'es-419' };

export class StripeGateway implements PaymentGateway {
  readonly kind = 'stripe';

  /**
   * @param stripe  a client made with the secret key (tests pass one with a fake HTTP client)
   * @param publicUrl  this app's address, for Stripe's return URLs
   */
  constructor(
    private readonly stripe: Stripe,
    private readonly webhookSecret: string,
    private readonly publicUrl: string,
  ) {}

  static fromSecretKey(secretKey: string, webhookSecret: string, publicUrl: string): StripeGateway {
    return new StripeGateway(new Stripe(secretKey), webhookSecret, publicUrl);
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: request.currency, unit_amount: request.amountCents, product_data: { name: request.description } } }],
        customer_email: request.customerEmail,
        locale: STRIPE_LOCALES[request.language],
        client_reference_id: request.orderId,
        metadata: { orderId: request.orderId },
        success_url: this.publicUrl + request.successPath,
        cancel_url: this.publicUrl + request.cancelPath,
      },
      // A retried create (network fault) must not open a second checkout for the same order.
      { idempotencyKey: `checkout:${request.orderId}` },
    );
    if (!session.url) throw new Error(`Stripe returned no checkout URL for order ${request.orderId}`);
    return { url: session.url, providerRef: session.id };
  }

  async refund({ orderId, paymentRef, providerRef }: RefundRequest): Promise<Refund> {
    // An automatic top-up's reference is its PaymentIntent itself; a checkout's is its session.
    let paymentIntent = paymentRef ?? (providerRef?.startsWith('pi_') ? providerRef : undefined);
    if (!paymentIntent && providerRef) {
      const session = await this.stripe.checkout.sessions.retrieve(providerRef);
      paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
    }
    if (!paymentIntent) throw new Error(`order ${orderId} has no Stripe payment to refund: refund it in the Stripe dashboard`);
    // One refund per order however often this is asked (a lost answer, a second click, a replayed event).
    const refund = await this.stripe.refunds.create({ payment_intent: paymentIntent, metadata: { orderId } }, { idempotencyKey: `refund:${orderId}` });
    return { refundRef: refund.id };
  }

  /** A Checkout session in setup mode: Stripe runs a SetupIntent for a customer made here when the driver has none yet. */
  async createCardSetup({ setupId, customerEmail, customerRef, returnPath, language }: CardSetupRequest): Promise<{ url: string }> {
    const customer = customerRef ?? (await this.stripe.customers.create({ email: customerEmail, metadata: { setupId } }, { idempotencyKey: `customer:${setupId}` })).id;
    const session = await this.stripe.checkout.sessions.create(
      {
        mode: 'setup',
        customer,
        locale: STRIPE_LOCALES[language],
        payment_method_types: ['card'],
        setup_intent_data: { metadata: { setupId } },
        success_url: this.publicUrl + returnPath,
        cancel_url: this.publicUrl + returnPath,
      },
      { idempotencyKey: `card-setup:${setupId}` },
    );
    if (!session.url) throw new Error(`Stripe returned no setup URL for setup ${setupId}`);
    return { url: session.url };
  }

  /** An off-session PaymentIntent confirmed at once; the order's idempotency key makes a retry the same payment. */
  async chargeSavedCard({ orderId, amountCents, currency, customerRef, paymentMethodRef }: SavedCardCharge): Promise<SavedCardOutcome> {
    try {
      const intent = await this.stripe.paymentIntents.create(
        { amount: amountCents, currency, customer: customerRef, payment_method: paymentMethodRef, off_session: true, confirm: true, metadata: { orderId } },
        { idempotencyKey: `auto-top-up:${orderId}` },
      );
      if (intent.status === 'succeeded') return { status: 'paid', paymentRef: intent.id };
      return { status: 'declined', reason: 'The card needs the cardholder to confirm the payment.' };
    } catch (error) {
      // A card error (declined, expired, authentication required) is an answer; anything else is unknown.
      if (error instanceof Stripe.errors.StripeCardError) return { status: 'declined', reason: error.message };
      throw error;
    }
  }

  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent | CardSavedEvent | null {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature ?? '', this.webhookSecret);
    } catch (error) {
      throw new InvalidWebhookError(error instanceof Error ? error.message : 'signature does not verify');
    }
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        // A completed session with a delayed method (bank debit) is paid only on async_payment_succeeded.
        if (session.payment_status !== 'paid') return null;
        const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;
        return { type: 'paid', orderId: orderIdOf(session), amountCents: session.amount_total ?? 0, paymentRef: paymentIntent };
      }
      case 'setup_intent.succeeded':
        return cardSavedOf(event.data.object);
      case 'checkout.session.expired':
      case 'checkout.session.async_payment_failed':
        return { type: 'cancelled', orderId: orderIdOf(event.data.object) };
      default:
        return null;
    }
  }
}

function cardSavedOf(intent: Stripe.SetupIntent): CardSavedEvent | null {
  const setupId = intent.metadata?.setupId;
  const customerRef = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
  const paymentMethodRef = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
  // A setup intent not made by createCardSetup (another integration of the account): not ours.
  if (!setupId || !customerRef || !paymentMethodRef) return null;
  const card = typeof intent.payment_method === 'object' ? intent.payment_method?.card : undefined;
  return { type: 'cardSaved', setupId, customerRef, paymentMethodRef, cardLabel: card ? `${card.brand} ending ${card.last4}` : 'Saved card' };
}

function orderIdOf(session: Stripe.Checkout.Session): string {
  const orderId = session.client_reference_id ?? session.metadata?.orderId;
  if (!orderId) throw new InvalidWebhookError(`checkout session ${session.id} names no order`);
  return orderId;
}
