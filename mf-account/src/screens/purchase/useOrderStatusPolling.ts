import { api, ORDER_STATUS_POLL_MS } from '@blockpilot/shared';
import { useEffect, useRef } from 'react';

/**
 * Asks for an order's status now and then every 1 s after each answer (docs/PRODUCT.md section 4) until
 * the answer is truthy, then calls `onPaid` once. Failed polls are ignored and polling goes on
 * (section 8). Waiting for each answer keeps a slow server from piling up requests; leaving the
 * screen stops it.
 */
export function useOrderStatusPolling(orderStatusId: string, onPaid: () => void): void {
  const onPaidRef = useRef(onPaid);
  onPaidRef.current = onPaid;

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      let paid = false;
      try {
        paid = Boolean(await api.store.getOrderStatus(orderStatusId));
      } catch {
        // Ignored by design: the payment may still be confirmed on a later poll.
      }
      if (stopped) return;
      if (paid) onPaidRef.current();
      else timer = setTimeout(() => void poll(), ORDER_STATUS_POLL_MS);
    };
    void poll();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [orderStatusId]);
}
