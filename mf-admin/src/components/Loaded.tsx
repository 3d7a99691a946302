import { Button, Notice, Spinner } from '@blockpilot/shared/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { useT } from '../i18n';
import type { Load } from '../useLoad';

const Failed = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 12px;
`;

export interface LoadedProps<T> {
  load: Load<T>;
  /** What is loading, for the spinner ("Loading drivers…"). */
  loadingLabel: string;
  /** What could not be loaded ("The drivers could not be loaded."). */
  failure: string;
  retry: () => void;
  /** Shown instead of `children` when the data is empty. */
  empty?: (data: T) => ReactNode | null;
  children: (data: T) => ReactNode;
}

/** The loading, failed (with Try again), empty and loaded states of one {@link useLoad}. */
export function Loaded<T>({ load, loadingLabel, failure, retry, empty, children }: LoadedProps<T>) {
  const t = useT();
  if (load.kind === 'loading') return <Spinner label={loadingLabel} />;
  if (load.kind === 'failed') {
    return (
      <Failed>
        <Notice tone="error" title={failure}>
          {load.message}
        </Notice>
        <Button type="button" $variant="outlined" onClick={retry}>
          {t('common.tryAgain')}
        </Button>
      </Failed>
    );
  }
  const emptyState = empty?.(load.data);
  if (emptyState) return <Notice tone="neutral">{emptyState}</Notice>;
  return <>{children(load.data)}</>;
}
