/**
 * The routes this remote owns inside the shell (the shell decides which paths reach it). Every
 * route shows the same account page, so moving between them keeps what was typed; sub-routes
 * open their section, the purchase routes add their dialog over the credit section.
 */
import { CHECKOUT_CANCELLED_PATH } from '@blockpilot/shared';
import { Spinner } from '@blockpilot/shared/ui';
import { Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AccountScreen } from './screens/account/AccountScreen';
import { ACCOUNT_PATH } from './screens/account/sections';
import { ProcessingPurchaseDialog } from './screens/purchase/ProcessingPurchaseDialog';
import { PurchaseCompletedDialog } from './screens/purchase/PurchaseCompletedDialog';

export default function App() {
  return (
    // The first screen shown in a language other than English waits (suspends) for this remote's
    // catalog (docs/FRONTEND.md, "Languages"): a bare spinner holds its place, as its words are
    // what is loading; the shell around it stays.
    <Suspense fallback={<Spinner label="" />}>
      <Routes>
        <Route path="/account/inviteCode" element={<AccountScreen section="inviteCode" route="/account/inviteCode" />} />
        <Route path="/account/notificationPreferences" element={<AccountScreen section="notificationPreferences" route="/account/notificationPreferences" />} />
        <Route path="/account/credit" element={<AccountScreen section="credit" route="/account/credit" />} />
        <Route path={CHECKOUT_CANCELLED_PATH} element={<AccountScreen section="credit" route={CHECKOUT_CANCELLED_PATH} />} />
        <Route
          path="/account/processingPurchase/:orderStatusId"
          element={<AccountScreen route="/account/processingPurchase/{orderStatusId}" dialog={<ProcessingPurchaseDialog />} />}
        />
        {/* Without an order id there is nothing to wait for (docs/PRODUCT.md section 4). */}
        <Route path="/account/processingPurchase" element={<Navigate to={ACCOUNT_PATH} replace />} />
        <Route path="/account/purchaseCompleted" element={<AccountScreen route="/account/purchaseCompleted" dialog={<PurchaseCompletedDialog />} />} />
        <Route path="/account/*" element={<AccountScreen route="/account" />} />
      </Routes>
    </Suspense>
  );
}
