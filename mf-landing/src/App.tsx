/** The routes this remote owns inside the shell (the shell decides which paths reach it). */
import { Route, Routes } from 'react-router-dom';
import { InviteCapture } from './screens/InviteCapture';
import { Placeholder } from './screens/Placeholder';

export default function App() {
  return (
    <Routes>
      <Route path="/promotionOptOut/:userId" element={<Placeholder title="Promotional e-mails" route="/promotionOptOut/{userId}" />} />
      <Route path="/askAQuestion" element={<Placeholder title="Contact us" route="/askAQuestion" />} />
      <Route path="/help" element={<Placeholder title="Send us a message" route="/help" />} />
      <Route path="/knowledgeBase" element={<Placeholder title="Knowledge base" route="/knowledgeBase" />} />
      <Route path="/invite/:inviteCode" element={<InviteCapture />} />
      <Route path="*" element={<Placeholder title="Never miss a block again" route="/" />} />
    </Routes>
  );
}
