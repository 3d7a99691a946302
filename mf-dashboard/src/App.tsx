/** The routes this remote owns inside the shell (the shell decides which paths reach it). */
import { Route, Routes } from 'react-router-dom';
import { Placeholder } from './screens/Placeholder';

export default function App() {
  return (
    <Routes>
      <Route path="/connectAccount" element={<Placeholder title="Connect your account" route="/connectAccount" />} />
      <Route path="/dashboard/settings" element={<Placeholder title="Dashboard: filters" route="/dashboard/settings" />} />
      <Route path="/dashboard/logs" element={<Placeholder title="Dashboard: logs" route="/dashboard/logs" />} />
      <Route path="/dashboard/*" element={<Placeholder title="Dashboard: filters" route="/dashboard" />} />
    </Routes>
  );
}
