/**
 * A page loaded as its own chunk (React.lazy): a spinner while the chunk comes, and if it cannot
 * come (offline, a release replaced meanwhile) a notice with a reload, instead of the whole remote
 * failing. Keeps heavy pages (Stats, with its chart library) out of the dashboard's first load
 * (docs/FRONTEND.md "Route chunks").
 */
import { Button, Notice, PageContainer, Spinner } from '@blockpilot/shared/ui';
import { Component, Suspense, type ReactNode } from 'react';
import { useT, type MessageKey } from '../i18n';

function ChunkFailed() {
  const t = useT();
  return (
    <PageContainer>
      <Notice tone="error" title={t('lazy.failed.title')}>
        <p>{t('lazy.failed.body')}</p>
        <p>
          <Button type="button" $variant="outlined" onClick={() => window.location.reload()}>
            {t('lazy.failed.reload')}
          </Button>
        </p>
      </Notice>
    </PageContainer>
  );
}

/** What a chunk that cannot come leaves in its place: by default, the page's notice with a reload. */
export class ChunkBoundary extends Component<{ children: ReactNode; failed?: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? (this.props.failed ?? <ChunkFailed />) : this.props.children;
  }
}

/** `label`: what the spinner says while the page's chunk loads ("Loading your stats…"). */
export function LazyPage({ label, children }: { label: MessageKey; children: ReactNode }) {
  const t = useT();
  return (
    <ChunkBoundary>
      <Suspense
        fallback={
          <PageContainer>
            <Spinner label={t(label)} />
          </PageContainer>
        }
      >
        {children}
      </Suspense>
    </ChunkBoundary>
  );
}
