import { PAGES, useSession, type Session } from '@blockpilot/shared';
import { useNavigate } from 'react-router-dom';

/**
 * After login, register or a password change: keep the returned token and go home. The shell then
 * loads the account and sends the page on to the role's home: the console for an operator, the
 * dashboard for a driver (docs/OPERATIONS.md "Roles").
 */
export function useStartSession(): (session: Session) => void {
  const { signIn } = useSession();
  const navigate = useNavigate();
  return ({ accessToken }) => {
    signIn(accessToken);
    navigate(PAGES.home.path, { replace: true });
  };
}
