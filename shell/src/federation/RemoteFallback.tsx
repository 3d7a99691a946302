/**
 * Shown in place of a remote that could not load or crashed: what failed, whose fault it is (the
 * driver's connection, or ours when a server said so), and a retry. Never the federation runtime's
 * own error text, which means nothing to a driver; that goes to the console (RemoteApp).
 */
import type { RemoteName } from '@blockpilot/shared';
import { Button, Notice, PageContainer, Paper } from '@blockpilot/shared/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useT, type ShellMessage, type ShellTranslate } from '../i18n';
import type { RemoteFailure } from './diagnose';

/** What failed, named the way a driver knows it ("Your dashboard", "Your account page"). */
const TITLES: Record<RemoteName, ShellMessage> = {
  mf_landing: 'fallback.title.mf_landing',
  mf_auth: 'fallback.title.mf_auth',
  mf_dashboard: 'fallback.title.mf_dashboard',
  mf_account: 'fallback.title.mf_account',
  mf_admin: 'fallback.title.mf_admin',
};

function titleOf(remote: string, t: ShellTranslate): string {
  return t(TITLES[remote as RemoteName] ?? TITLES.mf_landing);
}

/** Why it failed and what to do, in the driver's words; null while the shell is still checking. */
export function failureText(failure: RemoteFailure | null, t: ShellTranslate): string {
  switch (failure?.kind) {
    case undefined:
      return t('failure.checking');
    case 'offline':
      return t('failure.offline');
    case 'serverError':
      return t('failure.serverError', { status: failure.status });
    case 'remoteUnreachable':
      return t('failure.remoteUnreachable');
    case 'broken':
      return t('failure.broken');
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
  const t = useT();
  return (
    <PageContainer data-remote-fallback={remote}>
      <Body>
        <div role="alert">
          <h1>{titleOf(remote, t)}</h1>
          <p>{failureText(failure, t)}</p>
        </div>
        <Button type="button" onClick={onRetry} disabled={failure === null}>
          {t('fallback.retry')}
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
  const t = useT();
  return (
    // Not a second `main`: the page under it has its own.
    <NoticeBar data-remote-fallback="prerendered">
      <Notice tone="warning" title={t('prerendered.title')}>
        <p>
          {failureText(failure, t)} {t('prerendered.stillWorks')}
        </p>
        <p>
          <Button type="button" $variant="text" onClick={onRetry} disabled={failure === null}>
            {t('fallback.retry')}
          </Button>
        </p>
      </Notice>
    </NoticeBar>
  );
}
