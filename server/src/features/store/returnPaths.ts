/** Where the browser lands after a checkout (the account remote's purchase dialogs, docs/PRODUCT.md section 4). */

/** After paying: the processing dialog, which polls getOrderStatus until the order is paid. */
export function purchaseReturnPath(orderId: string): string {
  return `/account/processingPurchase/${orderId}`;
}

import { CHECKOUT_CANCELLED_PATH } from '@blockpilot/shared/constants';

/** After giving up: the credit section of the account page, saying nothing was charged. */
export const PURCHASE_CANCELLED_PATH = CHECKOUT_CANCELLED_PATH;
