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
import { ColumnHeads, TableScroll } from '../components/Table';
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

function WorkerRow({ worker }: { worker: EngineWorker }) {
  const t = useT();
  return (
    <tr>
      <th scope="row">
        {worker.id}
        <br />
        <small>{t('engine.workers.host', { host: worker.host, pid: worker.pid })}</small>
      </th>
      <td>
        <Chip dot={worker.alive ? 'success' : 'error'}>
          {worker.alive ? t('engine.workers.alive') : t('engine.workers.silent', { time: formatLocalSeconds(worker.lastSeenAt) })}
        </Chip>
      </td>
      <td>{t('engine.workers.drivers', { drivers: formatNumber(worker.drivers), capacity: formatNumber(worker.capacity) })}</td>
      <td>{formatNumber(worker.leases)}</td>
      <td>{formatNumber(worker.searchesStarted)}</td>
      <td>{formatNumber(worker.leasesLost)}</td>
      <td>{formatNumber(worker.jobsLost)}</td>
      <td>{formatLocalSeconds(worker.startedAt)}</td>
    </tr>
  );
}

function WorkersTable({ workers }: { workers: EngineWorker[] }) {
  const t = useT();
  return (
    <TableScroll>
      <table aria-label={t('engine.workers.table')}>
        <ColumnHeads of="engine.workers.column" names={['worker', 'state', 'drivers', 'leases', 'searchesStarted', 'leasesLost', 'jobsLost', 'started']} />
        <tbody>
          {workers.map((worker) => (
            <WorkerRow key={worker.id} worker={worker} />
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function QueuesTable({ queues }: { queues: EngineQueue[] }) {
  const t = useT();
  return (
    <TableScroll>
      <table aria-label={t('engine.queues.table')}>
        <ColumnHeads of="engine.queues.column" names={['queue', 'waiting', 'running', 'delayed']} />
        <tbody>
          {queues.map((queue) => (
            <tr key={queue.name}>
              <th scope="row">{Object.hasOwn(QUEUES, queue.name) ? t(QUEUES[queue.name]!) : queue.name}</th>
              <td>{formatNumber(queue.waiting)}</td>
              <td>{formatNumber(queue.active)}</td>
              <td>{formatNumber(queue.delayed)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
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
