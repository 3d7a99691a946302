/** Where the browser lands after a checkout (the account remote's purchase dialogs, SPEC.md section 4). */

/** After paying: the processing dialog, which polls getOrderStatus until the order is paid. */
export function purchaseReturnPath(orderId: string): string {
  return `/account/processingPurchase/${orderId}`;
}

/** After giving up: the credit section of the account page. */
export const PURCHASE_CANCELLED_PATH = '/account/credit';
