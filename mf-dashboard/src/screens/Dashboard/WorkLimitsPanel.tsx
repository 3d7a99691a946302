/**
 * "Work limits" (docs/PRODUCT.md "Work limits"), under "Your filters" in the Settings view: away
 * dates (a day or a range), the most booked hours a day and a week, a weekly pay goal, and the
 * travel buffer and average speed between stations. Saved together with one button; a value the
 * server would refuse is shown under its field before anything is sent.
 *
 * The panel sits below the first screen, under the filters: its form (screens/WorkLimits/) is a
 * chunk of its own with its words, fetched as the panel nears the viewport, so the dashboard's
 * first load leaves it out. Until then the panel shows its spinner, as while the limits load.
 */
import { api } from '@blockpilot/shared';
import { Spinner } from '@blockpilot/shared/ui';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { ChunkBoundary } from '../../components/LazyPage';
import { LoadFailed } from '../../components/LoadFailed';
import { SectionCard } from '../../components/pageParts';
import { useInView } from '../../components/useInView';
import { useLoad } from '../../components/useLoad';
import { useT } from '../../i18n';

const loadForm = () => import(/* webpackChunkName: "work-limits" */ '../WorkLimits/WorkLimitsForm');
const WorkLimitsForm = lazy(loadForm);

/** How far ahead of the viewport the form starts loading, so a driver scrolling down finds it there. */
const AHEAD = '400px 0px';

export function WorkLimitsPanel() {
  const t = useT();
  const loaded = useLoad('workLimits', () => api.user.getWorkLimits());
  const titleId = useId();
  const panel = useRef<HTMLElement>(null);
  // A browser without IntersectionObserver loads it at once.
  const [near, setNear] = useState(typeof IntersectionObserver === 'undefined');
  useInView(
    panel,
    !near,
    () => {
      setNear(true);
      // Fetched alongside the limits, not after them; a failure shows when the form renders.
      loadForm().catch(() => undefined);
    },
    AHEAD,
  );
  const spinner = <Spinner label={t('limits.loading')} />;
  return (
    <SectionCard ref={panel} aria-labelledby={titleId} data-panel="work-limits">
      <h2 id={titleId}>{t('limits.title')}</h2>
      <p>{t('limits.intro')}</p>
      {loaded.state === 'error' ? (
        <LoadFailed title={t('limits.failed')} onRetry={loaded.retry} />
      ) : loaded.state === 'ready' && near ? (
        <ChunkBoundary failed={<LoadFailed title={t('limits.failed')} onRetry={() => window.location.reload()} />}>
          <Suspense fallback={spinner}>
            <WorkLimitsForm limits={loaded.data} />
          </Suspense>
        </ChunkBoundary>
      ) : (
        spinner
      )}
    </SectionCard>
  );
}
