/**
 * The worker registry: every search worker says who it is and what it holds every
 * {@link HEARTBEAT_MS}, into Redis, and the console reads it (docs/OPERATIONS.md "Engine health",
 * docs/SCALING.md "The worker registry"). A heartbeat is one key per worker (kept
 * {@link HEARTBEAT_KEPT_MS}, so a worker that died is still shown, as silent, for a while) and
 * the worker's id in a sorted set by the time of its latest heartbeat. A worker stopping cleanly
 * takes itself out.
 */
import { hostname } from 'node:os';
import type { Redis } from 'ioredis';
import type { EngineWorker } from '@blockpilot/shared/types';
import type { SearchKeys } from './keys.js';

/** How often a worker's heartbeat is written. */
export const HEARTBEAT_MS = 2_000;
/** A worker not heard from for this long is shown as not answering. */
export const SILENT_AFTER_MS = 3 * HEARTBEAT_MS;
/** How long a silent worker stays in the registry. */
export const HEARTBEAT_KEPT_MS = 10 * 60_000;

/**
 * What a worker says of itself: the console's worker row (shared EngineWorker) as the worker
 * knows it, `leases` on its own count, and when it was written (epoch ms).
 */
export type WorkerHeartbeat = Pick<
  EngineWorker,
  'id' | 'host' | 'pid' | 'startedAt' | 'capacity' | 'drivers' | 'leases' | 'searchesStarted' | 'leasesLost' | 'jobsLost' | 'handedOver'
> & {
  at: number;
};

/** The parts of a heartbeat only the worker knows; the rest is filled in here. */
export type WorkerState = Omit<WorkerHeartbeat, 'host' | 'pid' | 'at'>;

/** Writes the worker's heartbeat (and forgets workers silent for longer than {@link HEARTBEAT_KEPT_MS}). */
export async function writeHeartbeat(redis: Redis, keys: SearchKeys, state: WorkerState, now = Date.now()): Promise<void> {
  const beat: WorkerHeartbeat = { ...state, host: hostname(), pid: process.pid, at: now };
  await redis
    .multi()
    .set(keys.worker(state.id), JSON.stringify(beat), 'PX', HEARTBEAT_KEPT_MS)
    .zadd(keys.workers, now, state.id)
    .zremrangebyscore(keys.workers, '-inf', now - HEARTBEAT_KEPT_MS)
    .exec();
}

/** Takes a worker out of the registry (it stopped cleanly). */
export async function removeHeartbeat(redis: Redis, keys: SearchKeys, workerId: string): Promise<void> {
  await redis.multi().del(keys.worker(workerId)).zrem(keys.workers, workerId).exec();
}

/** The heartbeats of the workers heard from in the last {@link HEARTBEAT_KEPT_MS}, newest first. */
export async function readHeartbeats(redis: Redis, keys: SearchKeys, now = Date.now()): Promise<WorkerHeartbeat[]> {
  const ids = await redis.zrevrangebyscore(keys.workers, '+inf', now - HEARTBEAT_KEPT_MS);
  if (!ids.length) return [];
  const values = await redis.mget(ids.map(keys.worker));
  return values.filter((v): v is string => v !== null).map((v) => JSON.parse(v) as WorkerHeartbeat);
}
