import { RELEASE_PREVIEW_KEY, type RemotesManifest } from '@blockpilot/shared';
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { releasePreviewState } from './remotes';

const Bar = styled.div<{ $refused: boolean }>`
  padding: 8px 16px;
  font-size: 0.875rem;
  color: #fff;
  background: ${({ theme, $refused }) => ($refused ? theme.palette.error : theme.palette.warning)};
`;

/** Says which release a signed preview link swapped in for this tab, or that the link is no good (docs/RELEASES.md "Preview links"). */
export function ReleasePreviewBanner() {
  const [state, setState] = useState<RemotesManifest['releasePreview']>(undefined);
  useEffect(() => {
    releasePreviewState().then(setState, () => undefined);
  }, []);
  if (!state) return null;
  const endLink = (
    <a href={`?${RELEASE_PREVIEW_KEY}=`} style={{ color: '#fff' }}>
      End preview
    </a>
  );
  return 'invalid' in state ? (
    <Bar $refused role="alert" data-release-preview="invalid">
      This preview link is invalid or has expired; you see the live app. {endLink}
    </Bar>
  ) : (
    <Bar $refused={false} role="status" data-release-preview="active">
      Previewing {state.remote} {state.version}
      {state.channel ? ` (as on ${state.channel})` : ''} in this tab, until {new Date(state.expiresAt).toLocaleString()}. {endLink}
    </Bar>
  );
}
