/**
 * The part of /admin/engineHealth that says who runs the work now (docs/OPERATIONS.md "Engine
 * health"): with REDIS_URL the search workers from their heartbeats with the leases in Redis
 * that name them, and the depth of the job queues (searches, promotion batches); without it,
 * that the one server process runs everything, and its job queue. Its own load, with its own
 * loading, failed and "no worker running" states, so a Redis hiccup leaves the charts readable.
 */
import { formatLocalSeconds, formatNumber, type EngineQueue, type EngineWorker, type EngineWorkers } from '@blockpilot/shared';
import { Chip, Notice } from '@blockpilot/shared/ui';
import styled from 'styled-components';
import { Loaded } from '../components/Loaded';
import { DataTable } from '../components/Table';
import { useT, type AdminMessageKey } from '../i18n';
import type { Load } from '../useLoad';

const Section = styled.section`
  margin: 16px 0;
  h2 {
    margin: 0 0 8px;
    font-size: 1rem;
  }
  > * + * {
    margin-top: 12px;
  }
`;

/** The job queues the console names; any other shows as the server names it. */
const QUEUES: Record<string, AdminMessageKey> = { search: 'engine.queues.search', promotion: 'engine.queues.promotion' };

function WorkersTable({ workers }: { workers: EngineWorker[] }) {
  const t = useT();
  return (
    <DataTable
      label={t('engine.workers.table')}
      of="engine.workers.column"
      rows={workers}
      rowKey={(worker) => worker.id}
      columns={[
        {
          name: 'worker',
          kind: 'rowHeader',
          cell: (worker) => (
            <>
              {worker.id}
              <br />
              <small>{t('engine.workers.host', { host: worker.host, pid: worker.pid })}</small>
            </>
          ),
        },
        {
          name: 'state',
          cell: (worker) => (
            <Chip dot={worker.alive ? 'success' : 'error'}>
              {worker.alive ? t('engine.workers.alive') : t('engine.workers.silent', { time: formatLocalSeconds(worker.lastSeenAt) })}
            </Chip>
          ),
        },
        { name: 'drivers', cell: (worker) => t('engine.workers.drivers', { drivers: formatNumber(worker.drivers), capacity: formatNumber(worker.capacity) }) },
        { name: 'leases', cell: (worker) => formatNumber(worker.leases) },
        { name: 'searchesStarted', cell: (worker) => formatNumber(worker.searchesStarted) },
        { name: 'leasesLost', cell: (worker) => formatNumber(worker.leasesLost) },
        { name: 'jobsLost', cell: (worker) => formatNumber(worker.jobsLost) },
        { name: 'started', cell: (worker) => formatLocalSeconds(worker.startedAt) },
      ]}
    />
  );
}

function QueuesTable({ queues }: { queues: EngineQueue[] }) {
  const t = useT();
  return (
    <DataTable
      label={t('engine.queues.table')}
      of="engine.queues.column"
      rows={queues}
      rowKey={(queue) => queue.name}
      columns={[
        { name: 'queue', kind: 'rowHeader', cell: (queue) => (Object.hasOwn(QUEUES, queue.name) ? t(QUEUES[queue.name]!) : queue.name) },
        { name: 'waiting', cell: (queue) => formatNumber(queue.waiting) },
        { name: 'running', cell: (queue) => formatNumber(queue.active) },
        { name: 'delayed', cell: (queue) => formatNumber(queue.delayed) },
      ]}
    />
  );
}

function Fleet({ fleet }: { fleet: EngineWorkers }) {
  const t = useT();
  if (!fleet.scaledOut)
    return (
      <>
        <Notice tone="neutral">{t('engine.workers.single')}</Notice>
        <QueuesTable queues={fleet.queues} />
      </>
    );
  const waiting = fleet.queues.find((q) => q.name === 'search')?.waiting ?? 0;
  const running = fleet.workers.filter((w) => w.alive).length;
  return (
    <>
      {running === 0 ? (
        <Notice tone="warning" title={t('engine.workers.noneRunning')}>
          {t('engine.workers.noneRunningText', { waiting: formatNumber(waiting) })}
        </Notice>
      ) : (
        <p>{t('engine.workers.running', { count: running, time: formatLocalSeconds(fleet.readAt) })}</p>
      )}
      {fleet.workers.length > 0 && <WorkersTable workers={fleet.workers} />}
      {fleet.leases && (
        <p>
          {t('engine.workers.leases', {
            held: formatNumber(fleet.leases.held),
            unknownHolder: formatNumber(fleet.leases.unknownHolder),
            released: formatNumber(fleet.leases.released),
          })}
        </p>
      )}
      <QueuesTable queues={fleet.queues} />
    </>
  );
}

export function EngineWorkersPanel({ load, retry }: { load: Load<EngineWorkers>; retry: () => void }) {
  const t = useT();
  return (
    <Section aria-labelledby="engine-workers">
      <h2 id="engine-workers">{t('engine.workers.title')}</h2>
      <Loaded load={load} loadingLabel={t('engine.workers.loading')} failure={t('engine.workers.failed')} retry={retry}>
        {(fleet) => <Fleet fleet={fleet} />}
      </Loaded>
    </Section>
  );
}
