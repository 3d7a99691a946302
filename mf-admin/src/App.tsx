/**
 * The operator console (docs/OPERATIONS.md). The shell loads this remote only for operators; the
 * role is checked again here (its standalone preview has no shell), and the server checks every
 * call. Support sees drivers, the inbox, the knowledge base and the engine's health; admins also edit the knowledge
 * base, send promotions, read the audit log, manage the release registry's deploy tokens and take the money and
 * account actions.
 */
import { isOperator, useSession } from '@blockpilot/shared';
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
import { TicketScreen } from './screens/TicketScreen';
import { TicketsScreen } from './screens/TicketsScreen';

// Its own chunk: the charts load only when an operator opens the screen.
const EngineHealthScreen = lazy(() => import('./screens/EngineHealthScreen'));

export default function App() {
  const { account } = useSession();
  if (!account) return <Spinner label="Loading your account…" />;
  if (!isOperator(account.role)) return <NoAccess />;
  const admin = account.role === 'admin';
  return (
    <>
      <ConsoleNav admin={admin} />
      <Routes>
        <Route path="/admin/users/:id" element={<DriverScreen admin={admin} />} />
        <Route path="/admin/users" element={<DriversScreen />} />
        <Route path="/admin/tickets/:id" element={<TicketScreen />} />
        <Route path="/admin/tickets" element={<TicketsScreen />} />
        <Route path="/admin/knowledgeBase" element={<KnowledgeBaseScreen admin={admin} />} />
        <Route
          path="/admin/engineHealth"
          element={
            <Suspense fallback={<Spinner label="Loading the engine's health…" />}>
              <EngineHealthScreen />
            </Suspense>
          }
        />
        <Route path="/admin/promotions" element={admin ? <PromotionsScreen /> : <NoAccess message="Only an admin may send promotions." />} />
        <Route path="/admin/audit" element={admin ? <AuditScreen /> : <NoAccess message="Only an admin may read the audit log." />} />
        <Route path="/admin/deployTokens" element={admin ? <DeployTokensScreen /> : <NoAccess message="Only an admin may manage deploy tokens." />} />
        <Route path="/admin/*" element={<Navigate to="/admin/users" replace />} />
      </Routes>
    </>
  );
}
