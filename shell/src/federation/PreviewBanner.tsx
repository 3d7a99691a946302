import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useT, type ShellMessage } from '../i18n';
import type { PreviewRefusal, PreviewState } from '../types';
import { previewState } from './remotes';

const Bar = styled.div<{ $refused: boolean }>`
  padding: 8px 16px;
  font-size: 0.875rem;
  color: #fff;
  background: ${({ theme, $refused }) => ($refused ? theme.palette.error : theme.palette.warning)};
`;

const REFUSALS: Record<PreviewRefusal, ShellMessage> = {
  unknownRemote: 'preview.refused.unknownRemote',
  invalidUrl: 'preview.refused.invalidUrl',
  notAllowed: 'preview.refused.notAllowed',
};

/** Tells the tester which remote is previewed from where, or why a preview was refused. */
export function PreviewBanner() {
  const t = useT();
  const [state, setState] = useState<PreviewState>({ kind: 'none' });
  useEffect(() => {
    previewState().then(setState, () => undefined);
  }, []);
  if (state.kind === 'none') return null;
  const endLink = (
    <a href="?remotePreview=" style={{ color: '#fff' }}>
      {t('preview.end')}
    </a>
  );
  const { remote } = state.override;
  return state.kind === 'active' ? (
    <Bar $refused={false} role="status" data-preview="active">
      {t('preview.active', { remote, origin: state.origin })} {endLink}
    </Bar>
  ) : (
    <Bar $refused role="alert" data-preview="refused">
      {t('preview.refused', { remote, reason: t(REFUSALS[state.reason], { remote, origin: state.origin }) })} {endLink}
    </Bar>
  );
}
