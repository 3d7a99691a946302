/**
 * A page loaded as its own chunk (React.lazy): a spinner while the chunk comes, and if it cannot
 * come (offline, a release replaced meanwhile) a notice with a reload, instead of the whole remote
 * failing. Keeps heavy pages (Stats, with its chart library) out of the dashboard's first load
 * (docs/FRONTEND.md "Route chunks").
 */
import { Button, Notice, PageContainer, Spinner } from '@blockpilot/shared/ui';
import { Component, Suspense, type ReactNode } from 'react';

class ChunkBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <PageContainer>
        <Notice tone="error" title="This page could not be loaded">
          <p>Check your connection, then reload the page.</p>
          <p>
            <Button type="button" $variant="outlined" onClick={() => window.location.reload()}>
              Reload
            </Button>
          </p>
        </Notice>
      </PageContainer>
    );
  }
}

export function LazyPage({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ChunkBoundary>
      <Suspense
        fallback={
          <PageContainer>
            <Spinner label={label} />
          </PageContainer>
        }
      >
        {children}
      </Suspense>
    </ChunkBoundary>
  );
}
