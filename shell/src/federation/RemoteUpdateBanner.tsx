import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useT } from '../i18n';
import { watchRemoteReleases } from './remotes';

const Bar = styled.div`
  padding: 8px 16px;
  font-size: 0.875rem;
  color: #fff;
  background: ${({ theme }) => theme.palette.primary};
`;

/**
 * Says that a screen this tab already shows has a new release, and reloads only when the driver
 * asks (docs/RELEASES.md "Open tabs"): a remote is never swapped under them, so nothing typed is lost.
 */
export function RemoteUpdateBanner() {
  const t = useT();
  const [changed, setChanged] = useState<string[]>([]);
  useEffect(() => watchRemoteReleases(setChanged), []);
  if (!changed.length) return null;
  return (
    <Bar role="status" data-release-update={changed.join(' ')}>
      {t('update.available')}{' '}
      <button type="button" onClick={() => window.location.reload()}>
        {t('update.reload')}
      </button>
    </Bar>
  );
}
