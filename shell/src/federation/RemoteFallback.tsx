import { Button, PageContainer, Paper } from '@blockpilot/shared/ui';
import styled from 'styled-components';

const Detail = styled.p`
  color: ${({ theme }) => theme.palette.textMuted};
  font-size: 0.875rem;
  word-break: break-word;
`;

/** Shown in place of a remote that could not load or crashed. */
export function RemoteFallback({ remote, error, onRetry }: { remote: string; error: Error; onRetry: () => void }) {
  return (
    <PageContainer data-remote-fallback={remote}>
      <Paper role="alert">
        <h1>This page could not be loaded</h1>
        <p>Check your connection and try again. The rest of BlockPilot keeps working.</p>
        <Detail>
          {remote}: {error.message}
        </Detail>
        <Button type="button" onClick={onRetry}>
          Retry
        </Button>
      </Paper>
    </PageContainer>
  );
}
