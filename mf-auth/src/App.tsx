/** The routes this remote owns inside the shell (the shell decides which paths reach it). */
import { Navigate, Route, Routes } from 'react-router-dom';
import { Login } from './screens/Login';
import { Register } from './screens/Register';
import { ResetChange } from './screens/ResetChange';
import { ResetRequest } from './screens/ResetRequest';

export default function App() {
  return (
    <Routes>
      <Route path="/login" element={<Login />} />
      <Route path="/register" element={<Register />} />
      <Route path="/resetPassword" element={<ResetRequest />} />
      <Route path="/resetPassword/:accessToken" element={<ResetChange />} />
      {/* The change form without a token goes back to the request form (docs/PRODUCT.md section 2). */}
      <Route path="*" element={<Navigate to="/resetPassword" replace />} />
    </Routes>
  );
}
