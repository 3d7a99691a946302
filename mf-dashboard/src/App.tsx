/** The routes this remote owns inside the shell (the shell decides which paths reach it). */
import { CALENDAR_PATH, STATS_PATH } from '@blockpilot/shared';
import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LazyPage } from './components/LazyPage';
import { ConnectAccount } from './screens/ConnectAccount/ConnectAccount';
import { Dashboard } from './screens/Dashboard/Dashboard';

// Chunks of their own, loaded when opened: the charts stay out of the dashboard's first load.
const Stats = lazy(() => import(/* webpackChunkName: "stats" */ './screens/Stats/Stats'));
const Calendar = lazy(() => import(/* webpackChunkName: "calendar" */ './screens/Calendar/Calendar'));

export default function App() {
  return (
    <Routes>
      <Route path="/connectAccount" element={<ConnectAccount />} />
      <Route
        path={STATS_PATH}
        element={
          <LazyPage label="Loading your stats…">
            <Stats />
          </LazyPage>
        }
      />
      <Route
        path={CALENDAR_PATH}
        element={
          <LazyPage label="Loading your calendar…">
            <Calendar />
          </LazyPage>
        }
      />
      {/* One route for every dashboard view, so moving between them keeps the screen mounted. */}
      <Route path="/dashboard/*" element={<Dashboard />} />
    </Routes>
  );
}
