import { useSession, type Session } from '@blockpilot/shared';
import { useNavigate } from 'react-router-dom';

/**
 * After login, register or a password change: keep the returned token and open the dashboard.
 * The shell then loads the account and shows the signed-in routes.
 */
export function useStartSession(): (session: Session) => void {
  const { signIn } = useSession();
  const navigate = useNavigate();
  return ({ accessToken }) => {
    signIn(accessToken);
    navigate('/dashboard', { replace: true });
  };
}
