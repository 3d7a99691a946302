/** The routes this remote owns inside the shell (the shell decides which paths reach it). */
import { CALENDAR_PATH, STATS_PATH } from '@blockpilot/shared';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { CatalogPending } from './components/CatalogPending';
import { LazyPage } from './components/LazyPage';
import { ConnectAccount } from './screens/ConnectAccount/ConnectAccount';
import { PagePreload } from './components/pagePreload';
import { PAGE_CHUNKS, preloadPage } from './pageChunks';
import { Dashboard } from './screens/Dashboard/Dashboard';

// Chunks of their own, loaded when opened or when a link to them is about to be: the charts stay
// out of the dashboard's first load.
const Stats = lazy(PAGE_CHUNKS[STATS_PATH]);
const Calendar = lazy(PAGE_CHUNKS[CALENDAR_PATH]);

export default function App() {
  return (
    // A page opened in a language whose texts are not loaded yet waits for them here, instead of
    // flashing English (docs/FRONTEND.md, "Languages"); the shell mounts remotes without a boundary.
    <Suspense fallback={<CatalogPending />}>
      <PagePreload.Provider value={preloadPage}>
        <Routes>
          <Route path="/connectAccount" element={<ConnectAccount />} />
          <Route
            path={STATS_PATH}
            element={
              <LazyPage label="stats.loading">
                <Stats />
              </LazyPage>
            }
          />
          <Route
            path={CALENDAR_PATH}
            element={
              <LazyPage label="calendar.loading">
                <Calendar />
              </LazyPage>
            }
          />
          {/* One route for every dashboard view, so moving between them keeps the screen mounted. */}
          <Route path="/dashboard/*" element={<Dashboard />} />
        </Routes>
      </PagePreload.Provider>
    </Suspense>
  );
}
