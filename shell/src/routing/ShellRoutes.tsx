/**
 * Picks who renders the current path. Signed-in paths wait until the account is loaded (docs/PRODUCT.md
 * section 2: "once user and settings are loaded"). Each remote is keyed by name so switching
 * remotes mounts afresh, while moving within one remote keeps it mounted.
 */
import { homePathOf, isOperator, useSession } from '@blockpilot/shared';
import { NoAccess, Spinner } from '@blockpilot/shared/ui';
import { Navigate, useLocation } from 'react-router-dom';
import { useT } from '../i18n';
import { RemoteApp } from '../federation/RemoteApp';
import { Logout } from './Logout';
import { ownerOf, signedInOwners, signedOutOwners } from './owners';

export function ShellRoutes() {
  const t = useT();
  const { accessToken, ready, account } = useSession();
  const { pathname } = useLocation();
  if (accessToken && !ready) return <Spinner label={t('loadingAccount')} />;
  const owner = ownerOf(accessToken ? signedInOwners : signedOutOwners, pathname);
  if ('home' in owner) return <Navigate to={homePathOf(account?.role)} replace />;
  if ('shell' in owner) return <Logout />;
  // The console's remote is not even downloaded for a driver (docs/OPERATIONS.md "Roles").
  if (owner.operatorsOnly && !isOperator(account?.role)) return <NoAccess />;
  return <RemoteApp key={owner.remote} name={owner.remote} />;
}
