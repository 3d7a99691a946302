/** Taking payments: the interface every payments adapter implements and the events it reports. */
import type { Language } from '@blockpilot/shared/constants';

/** A checkout the provider should run for one order. */
export interface CheckoutRequest {
  orderId: string;
  amountCents: number;
  /** ISO 4217, lower case (`usd`). */
  currency: string;
  /** What the driver buys, shown on the payment page (in `language`). */
  description: string;
  /** The driver's language: the provider's payment page speaks it. */
  language: Language;
  customerEmail: string;
  /** Where the browser returns after paying / after giving up (paths of this app). */
  successPath: string;
  cancelPath: string;
}

/** Where the browser goes to pay, and the provider's reference for the checkout. */
export interface Checkout {
  url: string;
  providerRef: string | null;
}

/** A paid order to give its money back for, in full: known by its payment, or by its checkout. */
export interface RefundRequest {
  orderId: string;
  /** The provider's id of the payment (Stripe: the payment intent), when the caller has it (a payment event). */
  paymentRef?: string | undefined;
  /** The provider's reference of the order's checkout ({@link Checkout.providerRef}), to find the payment from. */
  providerRef?: string | null | undefined;
}

/** The refund's reference at the provider; null when no money moved (the dev checkout). */
export interface Refund {
  refundRef: string | null;
}

/** A card to save for later off-session charges (docs/LIVE.md "Automatic top-up"). */
export interface CardSetupRequest {
  /** This app's id of the setup, reported back when the card is saved. */
  setupId: string;
  customerEmail: string;
  /** The driver's language: the provider's page speaks it. */
  language: Language;
  /** The provider's customer of the driver, when one exists already. */
  customerRef: string | null;
  /** Where the browser returns after saving / after giving up (paths of this app). */
  returnPath: string;
}

/** An off-session charge of a saved card for one order. */
export interface SavedCardCharge {
  orderId: string;
  amountCents: number;
  /** ISO 4217, lower case. */
  currency: string;
  customerRef: string;
  paymentMethodRef: string;
}

/** What charging a saved card did: paid (settle the order), or declined (the card cannot pay; why, for the driver). */
export type SavedCardOutcome = { status: 'paid'; paymentRef?: string | undefined } | { status: 'declined'; reason: string };

/** What the provider says happened to an order. */
export type PaymentEvent =
  | {
      type: 'paid';
      orderId: string;
      amountCents: number;
      /** The provider's id of the payment (Stripe: the payment intent), to refund it; none for the dev checkout. */
      paymentRef?: string | undefined;
    }
  | { type: 'cancelled'; orderId: string };

/** The provider saved a driver's card (a setup completed): keep it for automatic top-ups. */
export interface CardSavedEvent {
  type: 'cardSaved';
  setupId: string;
  customerRef: string;
  paymentMethodRef: string;
  cardLabel: string;
}

/** A webhook call whose signature does not verify: answered 400, never acted on. */
export class InvalidWebhookError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidWebhookError';
  }
}

/**
 * A payment provider. Implementations: {@link StripeGateway} (Stripe Checkout and signed webhooks)
 * and {@link DevCheckoutGateway} (the embedded default: a checkout page served by this server).
 * Either way, a payment is acted on only through the store's one settlement path.
 */
export interface PaymentGateway {
  readonly kind: 'stripe' | 'dev';
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  /**
   * Pays an order's money back in full: a settled order an operator refunds, or a payment that
   * arrived for a cancelled order. Idempotent per order: asking again for the same order refunds
   * nothing more (a retry after a lost answer, a replayed event).
   */
  refund(request: RefundRequest): Promise<Refund>;
  /**
   * Verifies a webhook call against its signature header and reads what happened. Throws
   * {@link InvalidWebhookError} when the signature does not verify; returns null for events
   * that change no order.
   */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent | CardSavedEvent | null;
  /** Opens the page where the driver saves a card (Stripe: a setup session, a SetupIntent); the URL the browser goes to. */
  createCardSetup(request: CardSetupRequest): Promise<{ url: string }>;
  /**
   * Charges a saved card off-session for an order. Idempotent per order: asking again for the
   * same order (a retry after a lost answer, a second process) charges nothing more. Throws when
   * the outcome is unknown (the provider did not answer): the order stays pending to be retried.
   */
  chargeSavedCard(request: SavedCardCharge): Promise<SavedCardOutcome>;
}

/** Credentials of the Stripe account that takes payments. */
export interface StripeConfig {
  secretKey: string;
  /** Signing secret of the webhook endpoint (whsec_...). */
  webhookSecret: string;
}
