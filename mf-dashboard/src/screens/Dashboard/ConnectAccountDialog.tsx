/**
 * Shown over the dashboard while no delivery account is connected (docs/PRODUCT.md section 2). Its
 * backdrop starts under the navigation bar, which stays usable (an operator reaches the console
 * from it); Escape and the close button put it away, leaving the dashboard's "Not connected" chip
 * and Connect button (docs/FRONTEND.md "Dialogs"). Help and Logout are offered in it too.
 */
import { PAGES } from '@blockpilot/shared';
import { Button, Dialog } from '@blockpilot/shared/ui';
import { useRef } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { usePreloadOnIntent } from '../../components/pagePreload';
import { useT } from '../../i18n';

const Elsewhere = styled.p`
  display: flex;
  gap: 16px;
  font-size: 0.875rem;
`;

export function ConnectAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const continueRef = useRef<HTMLButtonElement>(null);
  const preloadOnIntent = usePreloadOnIntent();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      belowNavigation
      title={t('connectDialog.title')}
      initialFocus={continueRef}
      actions={
        <Button ref={continueRef} type="button" onClick={() => navigate(PAGES.connectAccount.path)} {...preloadOnIntent(PAGES.connectAccount.path, { focus: false })}>
          {t('connectDialog.continue')}
        </Button>
      }
    >
      <p>{t('connectDialog.why')}</p>
      <p>{t('connectDialog.password')}</p>
      <Elsewhere>
        <Link to={PAGES.help.path}>{t('connectDialog.help')}</Link>
        <Link to={PAGES.logout.path}>{t('connectDialog.logout')}</Link>
      </Elsewhere>
    </Dialog>
  );
}
