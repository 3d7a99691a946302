/** The routes this remote owns inside the shell (the shell decides which paths reach it). */
import { Navigate, Route, Routes } from 'react-router-dom';
import { Placeholder } from './screens/Placeholder';

export default function App() {
  return (
    <Routes>
      <Route path="/login" element={<Placeholder title="Sign in" route="/login" />} />
      <Route path="/register" element={<Placeholder title="Create your account" route="/register" />} />
      <Route path="/resetPassword" element={<Placeholder title="Reset your password" route="/resetPassword" />} />
      <Route path="/resetPassword/:accessToken" element={<Placeholder title="Choose a new password" route="/resetPassword/{accessToken}" />} />
      {/* The change form without a token goes back to the request form (SPEC.md section 2). */}
      <Route path="*" element={<Navigate to="/resetPassword" replace />} />
    </Routes>
  );
}
