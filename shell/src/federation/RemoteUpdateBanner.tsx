import { STICKY_BAR_HEIGHT_VARIABLE, useSession } from '@blockpilot/shared';
import { Button, DIALOG_LAYER } from '@blockpilot/shared/ui';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useT } from '../i18n';
import { releasesChanged } from './releaseList';
import { watchRemoteReleases } from './remotes';

/**
 * Fixed under the navigation bar (and under a bar a screen keeps stuck there, as the toasts on a
 * phone), above every dialog's backdrop: a blocking dialog (e.g. a purchase in progress) never hides it.
 */
const Bar = styled.div`
  position: fixed;
  top: calc(${({ theme }) => theme.navHeight + 8}px + var(${STICKY_BAR_HEIGHT_VARIABLE}, 0px));
  left: 8px;
  right: 8px;
  z-index: ${DIALOG_LAYER + 1};
  max-width: 560px;
  margin: 0 auto;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px 12px;
  padding: 12px 16px;
  border-left: 4px solid ${({ theme }) => theme.palette.primary};
  border-radius: ${({ theme }) => theme.radius}px;
  background: ${({ theme }) => theme.palette.paper};
  color: ${({ theme }) => theme.palette.text};
  box-shadow: ${({ theme }) => theme.shadow};
  p {
    flex: 1 1 200px;
    margin: 0;
    font-weight: 500;
  }
`;

const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

/**
 * Says that a screen this tab already shows has a new release, and reloads only when the driver
 * asks (docs/RELEASES.md "Open tabs"): a remote is never swapped under them, so nothing typed is
 * lost. The driver's live stream says when a release went live (docs/LIVE.md "New releases"), so
 * the offer comes within seconds; "Not now" hides it until the next time the list is read.
 */
export function RemoteUpdateBanner() {
  const t = useT();
  const { onLive } = useSession();
  const [changed, setChanged] = useState<string[]>([]);
  const [dismissed, setDismissed] = useState(false);
  useEffect(
    () =>
      watchRemoteReleases((names) => {
        setChanged(names);
        setDismissed(false);
      }),
    [],
  );
  useEffect(
    () =>
      onLive((event) => {
        if (event.type === 'releases') releasesChanged();
      }),
    [onLive],
  );
  if (!changed.length || dismissed) return null;
  return (
    <Bar role="status" data-release-update={changed.join(' ')}>
      <p>{t('update.available')}</p>
      <Choices>
        <Button type="button" onClick={() => window.location.reload()}>
          {t('update.reload')}
        </Button>
        <Button type="button" $variant="text" onClick={() => setDismissed(true)}>
          {t('update.later')}
        </Button>
      </Choices>
    </Bar>
  );
}
