import { useEffect, useState } from 'react';
import styled from 'styled-components';
import type { PreviewState } from '../types';
import { previewState } from './remotes';

const Bar = styled.div<{ $refused: boolean }>`
  padding: 8px 16px;
  font-size: 0.875rem;
  color: #fff;
  background: ${({ theme, $refused }) => ($refused ? theme.palette.error : theme.palette.warning)};
`;

/** Tells the tester which remote is previewed from where, or why a preview was refused. */
export function PreviewBanner() {
  const [state, setState] = useState<PreviewState>({ kind: 'none' });
  useEffect(() => {
    previewState().then(setState, () => undefined);
  }, []);
  if (state.kind === 'none') return null;
  const endLink = (
    <a href="?remotePreview=" style={{ color: '#fff' }}>
      End preview
    </a>
  );
  return state.kind === 'active' ? (
    <Bar $refused={false} role="status" data-preview="active">
      Previewing {state.override.remote} from {state.origin}. {endLink}
    </Bar>
  ) : (
    <Bar $refused role="alert" data-preview="refused">
      Preview of {state.override.remote} refused: {state.reason}. {endLink}
    </Bar>
  );
}
