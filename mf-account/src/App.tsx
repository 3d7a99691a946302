/** The routes this remote owns inside the shell (the shell decides which paths reach it). */
import { Route, Routes } from 'react-router-dom';
import { Placeholder } from './screens/Placeholder';

export default function App() {
  return (
    <Routes>
      <Route path="/account/inviteCode" element={<Placeholder title="Account: invite code" route="/account/inviteCode" />} />
      <Route
        path="/account/notificationPreferences"
        element={<Placeholder title="Account: notification preferences" route="/account/notificationPreferences" />}
      />
      <Route path="/account/credit" element={<Placeholder title="Account: credit" route="/account/credit" />} />
      <Route
        path="/account/processingPurchase/:orderStatusId"
        element={<Placeholder title="Account: processing purchase" route="/account/processingPurchase/{orderStatusId}" />}
      />
      <Route path="/account/purchaseCompleted" element={<Placeholder title="Account: purchase completed" route="/account/purchaseCompleted" />} />
      <Route path="/account/*" element={<Placeholder title="Account" route="/account" />} />
    </Routes>
  );
}
