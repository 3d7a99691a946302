import { RELEASE_PREVIEW_KEY, type RemotesManifest } from '@blockpilot/shared';
import { formatLocalDateTime } from '@blockpilot/shared/format';
import { useLanguage } from '@blockpilot/shared/i18n';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useT } from '../i18n';
import { releasePreviewState } from './remotes';

const Bar = styled.div<{ $refused: boolean }>`
  padding: 8px 16px;
  font-size: 0.875rem;
  color: #fff;
  background: ${({ theme, $refused }) => ($refused ? theme.palette.error : theme.palette.warning)};
`;

/** Says which release a signed preview link swapped in for this tab, or that the link is no good (docs/RELEASES.md "Preview links"). */
export function ReleasePreviewBanner() {
  const t = useT();
  const { language } = useLanguage();
  const [state, setState] = useState<RemotesManifest['releasePreview']>(undefined);
  useEffect(() => {
    releasePreviewState().then(setState, () => undefined);
  }, []);
  if (!state) return null;
  const endLink = (
    <a href={`?${RELEASE_PREVIEW_KEY}=`} style={{ color: '#fff' }}>
      {t('preview.end')}
    </a>
  );
  if ('invalid' in state) {
    return (
      <Bar $refused role="alert" data-release-preview="invalid">
        {t('releasePreview.invalid')} {endLink}
      </Bar>
    );
  }
  // A moment with its year, as the console writes its moments (docs/FRONTEND.md "Money and dates").
  const until = formatLocalDateTime(Date.parse(state.expiresAt), language);
  const values = { remote: state.remote, version: state.version, until };
  return (
    <Bar $refused={false} role="status" data-release-preview="active">
      {state.channel ? t('releasePreview.activeOnChannel', { ...values, channel: state.channel }) : t('releasePreview.active', values)} {endLink}
    </Bar>
  );
}
