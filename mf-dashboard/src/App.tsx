/** The routes this remote owns inside the shell (the shell decides which paths reach it). */
import { Route, Routes } from 'react-router-dom';
import { ConnectAccount } from './screens/ConnectAccount/ConnectAccount';
import { Dashboard } from './screens/Dashboard/Dashboard';

export default function App() {
  return (
    <Routes>
      <Route path="/connectAccount" element={<ConnectAccount />} />
      {/* One route for every dashboard view, so moving between them keeps the screen mounted. */}
      <Route path="/dashboard/*" element={<Dashboard />} />
    </Routes>
  );
}
