import { api, SUB_PAGES } from '@blockpilot/shared';
import { Page } from '@blockpilot/shared/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Loaded } from '../components/Loaded';
import { useT } from '../i18n';
import { useLoad } from '../useLoad';
import { ReleaseChannelSection } from './ReleaseChannelSection';
import { ReleaseMoveDialog, type ReleaseMove } from './ReleaseMoveDialog';

const Channels = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

const Tokens = styled.p`
  margin: -8px 0 20px;
`;

/**
 * /admin/releases (admins): what every channel of the release registry serves, each remote's
 * stable release and canary, the channel's latest moves, and the two moves an operator makes here:
 * roll a remote back, end its canary (docs/OPERATIONS.md "Releases"). Publishing and promoting stay
 * with the teams' CI, whose deploy tokens are one link away.
 */
export function ReleasesScreen() {
  const t = useT();
  const { load, reload } = useLoad(() => api.admin.releases.list(), 'releases');
  const [move, setMove] = useState<ReleaseMove | null>(null);
  const close = () => {
    setMove(null);
    // What the dialog refused may have been a channel that moved meanwhile: show it as it is now.
    void reload();
  };
  return (
    <Page title={t('releases.title')} intro={t('releases.intro')} width="wide" route={SUB_PAGES.admin.releases} remote="mf_admin">
      <Tokens>
        {t('releases.tokensText')} <Link to={SUB_PAGES.admin.deployTokens}>{t('releases.tokensLink')}</Link>
      </Tokens>
      <Loaded
        load={load}
        loadingLabel={t('releases.loading')}
        failure={t('releases.failed')}
        retry={() => void reload()}
        empty={(channels) => (channels.length === 0 ? t('releases.none') : null)}
      >
        {(channels) => (
          <Channels>
            {channels.map((channel) => (
              <ReleaseChannelSection key={channel.name} channel={channel} onMove={setMove} />
            ))}
          </Channels>
        )}
      </Loaded>
      <ReleaseMoveDialog move={move} onClose={close} onMoved={close} />
    </Page>
  );
}
