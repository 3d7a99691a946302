/**
 * The operator console (docs/OPERATIONS.md). The shell loads this remote only for operators; the
 * role is checked again here (its standalone preview has no shell), and the server checks every
 * call. Support sees drivers, the inbox, the knowledge base and the engine's health; admins also edit the knowledge
 * base, send promotions, read the audit log, manage the release registry's deploy tokens, roll releases back and end
 * canaries, and take the money and account actions.
 */
import { isOperator, PAGES, routeOf, SUB_PAGES, useSession } from '@blockpilot/shared';
import { NoAccess, Spinner } from '@blockpilot/shared/ui';
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ConsoleNav } from './components/ConsoleNav';
import { AuditScreen } from './screens/AuditScreen';
import { DeployTokensScreen } from './screens/DeployTokensScreen';
import { DriverScreen } from './screens/DriverScreen';
import { DriversScreen } from './screens/DriversScreen';
import { KnowledgeBaseScreen } from './screens/KnowledgeBaseScreen';
import { PromotionsScreen } from './screens/PromotionsScreen';
import { ReleasesScreen } from './screens/ReleasesScreen';
import { TicketScreen } from './screens/TicketScreen';
import { TicketsScreen } from './screens/TicketsScreen';
import { useT } from './i18n';

// Its own chunk: the charts load only when an operator opens the screen.
const EngineHealthScreen = lazy(() => import('./screens/EngineHealthScreen'));

export default function App() {
  return (
    // The first screen shown in a language other than English waits (suspends) for this remote's
    // catalog (docs/FRONTEND.md, "Languages"): a bare spinner holds its place, as its words are
    // what is loading; the shell around it stays.
    <Suspense fallback={<Spinner label="" />}>
      <Console />
    </Suspense>
  );
}

function Console() {
  const t = useT();
  const { account } = useSession();
  if (!account) return <Spinner label={t('console.loadingAccount')} />;
  if (!isOperator(account.role)) return <NoAccess />;
  const admin = account.role === 'admin';
  return (
    <>
      <ConsoleNav admin={admin} />
      <Routes>
        <Route path={SUB_PAGES.admin.user} element={<DriverScreen admin={admin} />} />
        <Route path={SUB_PAGES.admin.users} element={<DriversScreen />} />
        <Route path={SUB_PAGES.admin.ticket} element={<TicketScreen />} />
        <Route path={SUB_PAGES.admin.tickets} element={<TicketsScreen />} />
        <Route path={SUB_PAGES.admin.knowledgeBase} element={<KnowledgeBaseScreen admin={admin} />} />
        <Route
          path={SUB_PAGES.admin.engineHealth}
          element={
            <Suspense fallback={<Spinner label={t('engine.loading')} />}>
              <EngineHealthScreen />
            </Suspense>
          }
        />
        <Route path={SUB_PAGES.admin.promotions} element={admin ? <PromotionsScreen /> : <NoAccess message={t('console.onlyAdmin.promotions')} />} />
        <Route path={SUB_PAGES.admin.audit} element={admin ? <AuditScreen /> : <NoAccess message={t('console.onlyAdmin.audit')} />} />
        <Route path={SUB_PAGES.admin.deployTokens} element={admin ? <DeployTokensScreen /> : <NoAccess message={t('console.onlyAdmin.deployTokens')} />} />
        <Route path={SUB_PAGES.admin.releases} element={admin ? <ReleasesScreen /> : <NoAccess message={t('console.onlyAdmin.releases')} />} />
        <Route path={routeOf(PAGES.admin)} element={<Navigate to={SUB_PAGES.admin.users} replace />} />
      </Routes>
    </>
  );
}
