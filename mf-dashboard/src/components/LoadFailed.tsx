/** The notice of something a screen could not load, with its retry (the dashboard's pages, Connect Account). */
import { Button, Notice } from '@blockpilot/shared/ui';
import type { ReactNode } from 'react';

/** What could not be loaded, and a button to try again. */
export function LoadFailed({ title, onRetry, children = <p>Check your connection, then try again.</p> }: { title: string; onRetry(): void; children?: ReactNode }) {
  return (
    <Notice tone="error" title={title}>
      {children}
      <p>
        <Button type="button" $variant="outlined" onClick={onRetry}>
          Try again
        </Button>
      </p>
    </Notice>
  );
}
