/** /invite/{inviteCode}: remember the code for registration, then go to the landing page. */
import { PAGES, writeStored } from '@blockpilot/shared';
import { useEffect } from 'react';
import { Navigate, useParams } from 'react-router-dom';

export function InviteCapture() {
  const { inviteCode } = useParams();
  useEffect(() => {
    if (inviteCode) writeStored('inviteCode', inviteCode);
  }, [inviteCode]);
  return <Navigate to={PAGES.landing.path} replace />;
}
