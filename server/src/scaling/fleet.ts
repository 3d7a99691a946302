/**
 * The fleet as the console sees it (docs/OPERATIONS.md "Engine health"): the workers from the
 * registry (workerRegistry.ts), the per-driver leases counted in Redis by the worker they name,
 * and the search queue's depth from BullMQ. Read when an operator asks, never on a timer.
 */
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { EngineQueue, EngineWorker, EngineWorkers } from '@blockpilot/shared/types';
import type { SearchKeys } from './keys.js';
import { openSearchQueue, type SearchJobData } from './searchJobs.js';
import { readHeartbeats, SILENT_AFTER_MS } from './workerRegistry.js';

/** What one read of the fleet gives. */
export interface FleetReading {
  workers: EngineWorker[];
  leases: NonNullable<EngineWorkers['leases']>;
  searchQueue: EngineQueue;
}

/** Keys asked for per SCAN step and values per MGET while counting leases. */
const SCAN_COUNT = 1_000;

/** The worker a lease's value names (`<workerId>:<uuid>`, leases.ts), or null when released (`free:<ms>`). */
function holderOf(value: string): string | null {
  if (value.startsWith('free:')) return null;
  const cut = value.lastIndexOf(':');
  return cut > 0 ? value.slice(0, cut) : value;
}

export class SearchFleet {
  private readonly queue: Queue<SearchJobData>;

  constructor(
    private readonly redis: Redis,
    private readonly keys: SearchKeys,
  ) {
    this.queue = openSearchQueue(redis, keys);
  }

  async read(now = Date.now()): Promise<FleetReading> {
    const [beats, census, counts] = await Promise.all([
      readHeartbeats(this.redis, this.keys, now),
      this.countLeases(),
      this.queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed'),
    ]);
    const known = new Set(beats.map((b) => b.id));
    const workers = beats
      .map((beat): EngineWorker => ({
        id: beat.id,
        host: beat.host,
        pid: beat.pid,
        startedAt: beat.startedAt,
        lastSeenAt: beat.at,
        alive: now - beat.at <= SILENT_AFTER_MS,
        capacity: beat.capacity,
        drivers: beat.drivers,
        leases: census.byHolder.get(beat.id) ?? 0,
        searchesStarted: beat.searchesStarted,
        leasesLost: beat.leasesLost,
        jobsLost: beat.jobsLost,
        handedOver: beat.handedOver,
      }))
      .sort((a, b) => Number(b.alive) - Number(a.alive) || a.id.localeCompare(b.id));
    let held = 0;
    let unknownHolder = 0;
    for (const [holder, n] of census.byHolder) {
      held += n;
      if (!known.has(holder)) unknownHolder += n;
    }
    return {
      workers,
      leases: { held, unknownHolder, released: census.released },
      searchQueue: {
        name: this.keys.queueName,
        waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
        active: counts.active ?? 0,
        delayed: counts.delayed ?? 0,
      },
    };
  }

  async close(): Promise<void> {
    await this.queue.close();
  }

  /** Every lease key, SCAN page by page, counted by the worker its value names. */
  private async countLeases(): Promise<{ byHolder: Map<string, number>; released: number }> {
    const byHolder = new Map<string, number>();
    let released = 0;
    let cursor = '0';
    do {
      const [next, keys] = await this.redis.scan(cursor, 'MATCH', this.keys.lease('*'), 'COUNT', SCAN_COUNT);
      cursor = next;
      if (!keys.length) continue;
      for (const value of await this.redis.mget(keys)) {
        // Expired between the SCAN and the MGET.
        if (value === null) continue;
        const holder = holderOf(value);
        if (holder === null) released++;
        else byHolder.set(holder, (byHolder.get(holder) ?? 0) + 1);
      }
    } while (cursor !== '0');
    return { byHolder, released };
  }
}
