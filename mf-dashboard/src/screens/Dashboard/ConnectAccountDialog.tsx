/**
 * Shown over the dashboard while no delivery account is connected (docs/PRODUCT.md section 2). It is
 * blocking: no close button, no Escape, no backdrop tap; the way on is Continue. It holds the
 * keyboard, so it also offers what the navigation bar under it would: Help and Logout.
 */
import { Button, Dialog } from '@blockpilot/shared/ui';
import { useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { useT } from '../../i18n';

const Elsewhere = styled.p`
  display: flex;
  gap: 16px;
  font-size: 0.875rem;
`;

export function ConnectAccountDialog({ open }: { open: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const continueRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      blocking
      title={t('connectDialog.title')}
      initialFocus={continueRef}
      actions={
        <Button ref={continueRef} type="button" onClick={() => navigate('/connectAccount')}>
          {t('connectDialog.continue')}
        </Button>
      }
    >
      <p>{t('connectDialog.why')}</p>
      <p>{t('connectDialog.password')}</p>
      <Elsewhere>
        <Link to="/help">{t('connectDialog.help')}</Link>
        <Link to="/logout">{t('connectDialog.logout')}</Link>
      </Elsewhere>
    </Dialog>
  );
}
