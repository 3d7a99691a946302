/** Where the browser lands after a checkout (the account remote's purchase dialogs, docs/PRODUCT.md section 4). */
import { pageLinks, SUB_PAGES } from '@blockpilot/shared/pages';

/** After paying: the processing dialog, which polls getOrderStatus until the order is paid. */
export function purchaseReturnPath(orderId: string): string {
  return pageLinks.processingPurchase(orderId);
}

/** After giving up: the credit section of the account page, saying nothing was charged. */
export const PURCHASE_CANCELLED_PATH = SUB_PAGES.account.checkoutCancelled;
