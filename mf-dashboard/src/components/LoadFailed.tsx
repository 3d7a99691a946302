/** The notice of something a screen could not load, with its retry (the dashboard's pages, Connect Account). */
import { Button, Notice } from '@blockpilot/shared/ui';
import type { ReactNode } from 'react';
import { useT } from '../i18n';

/** What could not be loaded, and a button to try again. */
export function LoadFailed({ title, onRetry, children }: { title: string; onRetry(): void; children?: ReactNode }) {
  const t = useT();
  return (
    <Notice tone="error" title={title}>
      {children ?? <p>{t('common.checkConnection')}</p>}
      <p>
        <Button type="button" $variant="outlined" onClick={onRetry}>
          {t('common.tryAgain')}
        </Button>
      </p>
    </Notice>
  );
}
