/**
 * The embedded payments adapter: the "payment page" is this server's own /dev/checkout page
 * (features/devTools), where the operator completes or cancels the order. No money moves. Active
 * only when no Stripe key is configured.
 */
import {
  InvalidWebhookError,
  type CardSetupRequest,
  type Checkout,
  type CheckoutRequest,
  type PaymentEvent,
  type PaymentGateway,
  type Refund,
  type SavedCardCharge,
  type SavedCardOutcome,
} from './types.js';

/** The dev checkout page of an order. */
export function devCheckoutPath(orderId: string): string {
  return `/dev/checkout/${orderId}`;
}

/** The dev checkout's "save a card" page of a setup. */
export function devCardSetupPath(setupId: string): string {
  return `/dev/checkout/card/${setupId}`;
}

/** The dev checkout's saved cards: one that pays, and one that is always declined (for trying the failure). */
export const DEV_CARDS = {
  pays: { paymentMethodRef: 'dev_card_pays', cardLabel: 'Test card (pays)' },
  declines: { paymentMethodRef: 'dev_card_declines', cardLabel: 'Test card (declines)' },
} as const;

/** The dev checkout's customer reference (no customer exists anywhere). */
export const DEV_CUSTOMER_REF = 'dev_customer';

export class DevCheckoutGateway implements PaymentGateway {
  readonly kind = 'dev';

  async createCheckout({ orderId }: CheckoutRequest): Promise<Checkout> {
    // Relative, so it works on whichever host name the browser used to reach the server.
    return { url: devCheckoutPath(orderId), providerRef: null };
  }

  /** No money moved, so none goes back: the order is only marked refunded by the caller. */
  async refund(): Promise<Refund> {
    return { refundRef: null };
  }

  parseWebhook(): PaymentEvent | null {
    throw new InvalidWebhookError('the dev checkout has no webhooks');
  }

  async createCardSetup({ setupId }: CardSetupRequest): Promise<{ url: string }> {
    return { url: devCardSetupPath(setupId) };
  }

  /** Pays at once, the same however often asked; the declining test card is declined. */
  async chargeSavedCard({ paymentMethodRef }: SavedCardCharge): Promise<SavedCardOutcome> {
    if (paymentMethodRef === DEV_CARDS.declines.paymentMethodRef) return { status: 'declined', reason: 'The card was declined.' };
    return { status: 'paid' };
  }
}
