/**
 * The embedded payments adapter: the "payment page" is this server's own /dev/checkout page
 * (features/devTools), where the operator completes or cancels the order. No money moves. Active
 * only when no Stripe key is configured.
 */
import { InvalidWebhookError, type Checkout, type CheckoutRequest, type PaymentEvent, type PaymentGateway, type Refund } from './types.js';

/** The dev checkout page of an order. */
export function devCheckoutPath(orderId: string): string {
  return `/dev/checkout/${orderId}`;
}

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
}
