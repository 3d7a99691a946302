/** The routes this remote owns inside the shell (the shell decides which paths reach it). */
import { PAGES, SUB_PAGES } from '@blockpilot/shared';
import { Navigate, Route, Routes } from 'react-router-dom';
import { Login } from './screens/Login';
import { Register } from './screens/Register';
import { ResetChange } from './screens/ResetChange';
import { ResetRequest } from './screens/ResetRequest';

export default function App() {
  return (
    <Routes>
      <Route path={PAGES.login.path} element={<Login />} />
      <Route path={PAGES.register.path} element={<Register />} />
      <Route path={PAGES.resetPassword.path} element={<ResetRequest />} />
      <Route path={SUB_PAGES.resetPassword.change} element={<ResetChange />} />
      {/* The change form without a token goes back to the request form (docs/PRODUCT.md section 2). */}
      <Route path="*" element={<Navigate to={PAGES.resetPassword.path} replace />} />
    </Routes>
  );
}
