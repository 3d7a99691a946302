/** The routes this remote owns inside the shell (the shell decides which paths reach it). */
import { PAGES, routeOf } from '@blockpilot/shared';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { CatalogPending } from './components/CatalogPending';
import { LazyPage } from './components/LazyPage';
import { PagePreload } from './components/pagePreload';
import { PAGE_CHUNKS, preloadPage } from './pageChunks';
import { Dashboard } from './screens/Dashboard/Dashboard';

// Pages that are chunks of their own, loaded when opened or when a link to them is about to be:
// the charts, the calendar and the Connect Account steps stay out of the dashboard's first load.
const LAZY_PAGES = Object.entries(PAGE_CHUNKS).map(([path, chunk]) => ({ path, loading: chunk.loading, Page: lazy(() => chunk.load()) }));

export default function App() {
  return (
    // A page opened in a language whose texts are not loaded yet waits for them here, instead of
    // flashing English (docs/FRONTEND.md, "Languages"); the shell mounts remotes without a boundary.
    <Suspense fallback={<CatalogPending />}>
      <PagePreload.Provider value={preloadPage}>
        <Routes>
          {LAZY_PAGES.map(({ path, loading, Page }) => (
            <Route
              key={path}
              path={path}
              element={
                <LazyPage label={loading}>
                  <Page />
                </LazyPage>
              }
            />
          ))}
          {/* One route for every dashboard view, so moving between them keeps the screen mounted. */}
          <Route path={routeOf(PAGES.dashboard)} element={<Dashboard />} />
        </Routes>
      </PagePreload.Provider>
    </Suspense>
  );
}
