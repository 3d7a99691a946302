/**
 * The routes this remote owns inside the shell (the shell decides which paths reach it). Every
 * route shows the same account page, so moving between them keeps what was typed; sub-routes
 * open their section, the purchase routes add their dialog over the credit section.
 */
import { PAGES, routeLabel, routeOf, SUB_PAGES } from '@blockpilot/shared';
import { Spinner } from '@blockpilot/shared/ui';
import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AccountScreen } from './screens/account/AccountScreen';
import { ProcessingPurchaseDialog } from './screens/purchase/ProcessingPurchaseDialog';
import { PurchaseCompletedDialog } from './screens/purchase/PurchaseCompletedDialog';

export default function App() {
  return (
    // The first screen shown in a language other than English waits (suspends) for this remote's
    // catalog (docs/FRONTEND.md, "Languages"): a bare spinner holds its place, as its words are
    // what is loading; the shell around it stays.
    <Suspense fallback={<Spinner label="" />}>
      <Routes>
        <Route path={SUB_PAGES.account.inviteCode} element={<AccountScreen section="inviteCode" route={SUB_PAGES.account.inviteCode} />} />
        <Route path={SUB_PAGES.account.notificationPreferences} element={<AccountScreen section="notificationPreferences" route={SUB_PAGES.account.notificationPreferences} />} />
        <Route path={SUB_PAGES.account.credit} element={<AccountScreen section="credit" route={SUB_PAGES.account.credit} />} />
        <Route path={SUB_PAGES.account.checkoutCancelled} element={<AccountScreen section="credit" route={SUB_PAGES.account.checkoutCancelled} />} />
        <Route path={SUB_PAGES.account.processingOrder} element={<AccountScreen route={routeLabel(SUB_PAGES.account.processingOrder)} dialog={<ProcessingPurchaseDialog />} />} />
        {/* Without an order id there is nothing to wait for (docs/PRODUCT.md section 4). */}
        <Route path={SUB_PAGES.account.processingPurchase} element={<Navigate to={PAGES.account.path} replace />} />
        <Route path={SUB_PAGES.account.purchaseCompleted} element={<AccountScreen route={SUB_PAGES.account.purchaseCompleted} dialog={<PurchaseCompletedDialog />} />} />
        <Route path={routeOf(PAGES.account)} element={<AccountScreen route={PAGES.account.path} />} />
      </Routes>
    </Suspense>
  );
}
