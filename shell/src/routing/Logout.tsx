import { api, useSession } from '@blockpilot/shared';
import { Spinner } from '@blockpilot/shared/ui';
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useT } from '../i18n';

/** Revokes the token on the server (best effort: sign-out must work offline too), then clears the session. */
export function Logout() {
  const t = useT();
  const { signOut } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      signOut();
      navigate('/', { replace: true });
    };
    api.auth.logout().then(finish, finish);
  }, [signOut, navigate]);
  return <Spinner label={t('signingOut')} />;
}
