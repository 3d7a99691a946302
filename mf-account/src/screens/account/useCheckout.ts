/**
 * Sending the browser to the payment page: the store call answers with the checkout URL
 * (createStripeOrder for credit, buyMembership for a plan) and the page goes there. A failure is
 * only logged (docs/PRODUCT.md section 8); the buttons come back so the driver can try again.
 */
import { useCallback, useEffect, useState } from 'react';
import { leavePage } from '../../leavePage';
import { logFailure } from '../../logFailure';

export interface Checkout {
  /** What is being bought right now (e.g. 'topup', a plan id), or null. */
  pending: string | null;
  /** Opens the order and leaves for its checkout; ignored while another one is opening. */
  start(what: string, openOrder: () => Promise<string>): Promise<void>;
}

export function useCheckout(): Checkout {
  const [pending, setPending] = useState<string | null>(null);

  // Back from the payment page, a browser may restore this page as it was left ("Opening
  // checkout…"); a page restored from the back-forward cache starts afresh.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPending(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const start = useCallback(
    async (what: string, openOrder: () => Promise<string>) => {
      if (pending) return;
      setPending(what);
      try {
        const url = await openOrder();
        if (!url) throw new Error('the store answered without a checkout URL');
        // Stays pending: the page is being replaced by the checkout.
        leavePage.assign(url);
      } catch (error) {
        logFailure(`opening the checkout (${what})`, error);
        setPending(null);
      }
    },
    [pending],
  );

  return { pending, start };
}
