/**
 * Shown in place of a remote that could not load or crashed: what failed, whose fault it is (the
 * driver's connection, or ours when a server said so), and a retry. Never the federation runtime's
 * own error text, which means nothing to a driver; that goes to the console (RemoteApp).
 */
import type { RemoteName } from '@blockpilot/shared';
import { Button, Notice, PageContainer, Paper } from '@blockpilot/shared/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { RemoteFailure } from './diagnose';

/** What a driver calls the part of BlockPilot each remote renders. */
const PAGE_NAMES: Record<RemoteName, string> = {
  mf_landing: 'This page',
  mf_auth: 'The sign-in page',
  mf_dashboard: 'Your dashboard',
  mf_account: 'Your account page',
  mf_admin: 'The operator console',
};

function pageName(remote: string): string {
  return PAGE_NAMES[remote as RemoteName] ?? 'This page';
}

/** Why it failed and what to do, in the driver's words; null while the shell is still checking. */
export function failureText(failure: RemoteFailure | null): string {
  switch (failure?.kind) {
    case undefined:
      return 'Checking what went wrong…';
    case 'offline':
      return 'Your device seems to be offline. Check your connection, then retry.';
    case 'serverError':
      return `BlockPilot's server answered with an error (${failure.status}). This is not your connection: the fault is on our side. Retry in a minute.`;
    case 'remoteUnreachable':
      return "BlockPilot's server for this page did not answer. This is not your connection: the fault is on our side. Retry in a minute.";
    case 'broken':
      return 'This page failed to start because of an error on our side, not your connection. Retry in a minute.';
  }
}

const Body = styled(Paper)`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 12px;
  h1 {
    margin: 0;
    font-size: 1.25rem;
  }
  p {
    margin: 0;
  }
`;

export interface RemoteFallbackProps {
  remote: string;
  failure: RemoteFailure | null;
  onRetry: () => void;
  /** What the shell still offers in place of the page (the dashboard's Stop). */
  children?: ReactNode;
}

export function RemoteFallback({ remote, failure, onRetry, children }: RemoteFallbackProps) {
  return (
    <PageContainer data-remote-fallback={remote}>
      <Body>
        <div role="alert">
          <h1>{pageName(remote)} could not be loaded</h1>
          <p>{failureText(failure)}</p>
        </div>
        <Button type="button" onClick={onRetry} disabled={failure === null}>
          Retry
        </Button>
        {children}
      </Body>
    </PageContainer>
  );
}

/**
 * Over a prerendered page whose remote failed: the page stays as it is (its text and links work
 * without the remote), and this says what does not.
 */
const NoticeBar = styled.div`
  max-width: ${({ theme }) => theme.containerMaxWidth}px;
  margin: 0 auto;
  padding: 16px 16px 0;
`;

export function PrerenderedPageNotice({ failure, onRetry }: { failure: RemoteFailure | null; onRetry: () => void }) {
  return (
    // Not a second `main`: the page under it has its own.
    <NoticeBar data-remote-fallback="prerendered">
      <Notice tone="warning" title="Some parts of this page could not start">
        <p>{failureText(failure)} Reading and links work as usual.</p>
        <p>
          <Button type="button" $variant="text" onClick={onRetry} disabled={failure === null}>
            Retry
          </Button>
        </p>
      </Notice>
    </NoticeBar>
  );
}
