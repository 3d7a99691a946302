/**
 * The part of /admin/engineHealth that says who runs the work now (docs/OPERATIONS.md "Engine
 * health"): with REDIS_URL the search workers from their heartbeats with the leases in Redis
 * that name them, and the depth of the job queues (searches, promotion batches); without it,
 * that the one server process runs everything, and its job queue. Its own load, with its own
 * loading, failed and "no worker running" states, so a Redis hiccup leaves the charts readable.
 */
import type { EngineQueue, EngineWorker, EngineWorkers } from '@blockpilot/shared';
import { Chip, Notice } from '@blockpilot/shared/ui';
import styled from 'styled-components';
import { Loaded } from '../components/Loaded';
import { TableScroll } from '../components/Table';
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

const QUEUES: Record<string, string> = { search: 'Searches (a job per searching driver)', promotion: 'Promotion batches' };

const time = (epochMs: number) => new Date(epochMs).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' });

function WorkerRow({ worker }: { worker: EngineWorker }) {
  return (
    <tr>
      <th scope="row">
        {worker.id}
        <br />
        <small>
          {worker.host}, pid {worker.pid}
        </small>
      </th>
      <td>
        <Chip dot={worker.alive ? 'success' : 'error'}>{worker.alive ? 'Running' : `Not answering since ${time(worker.lastSeenAt)}`}</Chip>
      </td>
      <td>
        {worker.drivers} of {worker.capacity}
      </td>
      <td>{worker.leases}</td>
      <td>{worker.searchesStarted}</td>
      <td>{worker.leasesLost}</td>
      <td>{worker.jobsLost}</td>
      <td>{time(worker.startedAt)}</td>
    </tr>
  );
}

function WorkersTable({ workers }: { workers: EngineWorker[] }) {
  return (
    <TableScroll>
      <table aria-label="Search workers">
        <thead>
          <tr>
            <th scope="col">Worker</th>
            <th scope="col">State</th>
            <th scope="col">Drivers</th>
            <th scope="col">Leases</th>
            <th scope="col">Searches started</th>
            <th scope="col">Leases lost</th>
            <th scope="col">Jobs lost</th>
            <th scope="col">Started</th>
          </tr>
        </thead>
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
  return (
    <TableScroll>
      <table aria-label="Job queues">
        <thead>
          <tr>
            <th scope="col">Queue</th>
            <th scope="col">Waiting</th>
            <th scope="col">Running</th>
            <th scope="col">Waiting to retry</th>
          </tr>
        </thead>
        <tbody>
          {queues.map((queue) => (
            <tr key={queue.name}>
              <th scope="row">{QUEUES[queue.name] ?? queue.name}</th>
              <td>{queue.waiting}</td>
              <td>{queue.active}</td>
              <td>{queue.delayed}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function Fleet({ fleet }: { fleet: EngineWorkers }) {
  if (!fleet.scaledOut)
    return (
      <>
        <Notice tone="neutral">This server process runs every search and background job itself (REDIS_URL is not set): there are no separate workers.</Notice>
        <QueuesTable queues={fleet.queues} />
      </>
    );
  const waiting = fleet.queues.find((q) => q.name === 'search')?.waiting ?? 0;
  const running = fleet.workers.filter((w) => w.alive).length;
  return (
    <>
      {running === 0 ? (
        <Notice tone="warning" title="No search worker is running">
          Searching drivers wait in the queue ({waiting} waiting) until a worker starts (SERVER_ROLE=worker).
        </Notice>
      ) : (
        <p>
          {running} {running === 1 ? 'worker' : 'workers'} running, read at {time(fleet.readAt)}.
        </p>
      )}
      {fleet.workers.length > 0 && <WorkersTable workers={fleet.workers} />}
      {fleet.leases && (
        <p>
          Leases in Redis: {fleet.leases.held} held, {fleet.leases.unknownHolder} of them by a worker that sends no heartbeat; {fleet.leases.released} released with the
          driver&apos;s pace for the next worker.
        </p>
      )}
      <QueuesTable queues={fleet.queues} />
    </>
  );
}

export function EngineWorkersPanel({ load, retry }: { load: Load<EngineWorkers>; retry: () => void }) {
  return (
    <Section aria-labelledby="engine-workers">
      <h2 id="engine-workers">Workers and queues</h2>
      <Loaded load={load} loadingLabel="Loading the workers and queues…" failure="The workers and queues could not be loaded." retry={retry}>
        {(fleet) => <Fleet fleet={fleet} />}
      </Loaded>
    </Section>
  );
}
