/** Every Redis key and channel of the search scale-out, under the configured prefix. */

/** Names under one REDIS_PREFIX. */
export interface SearchKeys {
  /** BullMQ's own prefix (its keys are `<prefix>:search:...`). */
  bullPrefix: string;
  /** The queue holding one job per searching driver. */
  queueName: string;
  /** The per-driver ownership lease. */
  lease(userId: string): string;
  /** Pub/sub channel of stop/start/change messages to whichever worker holds a driver. */
  controlChannel: string;
  /** Pub/sub channel of live signals from any process to the API processes streaming to drivers' devices. */
  liveChannel: string;
  /** Pub/sub channel of credit falls (a fee charged in a worker) to the API processes, which run the automatic top-up check. */
  creditFellChannel: string;
  /** Pub/sub channel of session revocations, heard by every API process's session cache. */
  sessionChannel: string;
  /** The worker registry: a sorted set of worker ids by their latest heartbeat (epoch ms). */
  workers: string;
  /** One worker's latest heartbeat (JSON). */
  worker(workerId: string): string;
}

export function searchKeys(prefix: string): SearchKeys {
  return {
    bullPrefix: prefix,
    queueName: 'search',
    lease: (userId) => `${prefix}:search-lease:${userId}`,
    controlChannel: `${prefix}:search-control`,
    liveChannel: `${prefix}:live`,
    creditFellChannel: `${prefix}:credit-fell`,
    sessionChannel: `${prefix}:sessions`,
    workers: `${prefix}:search-workers`,
    worker: (workerId) => `${prefix}:search-worker:${workerId}`,
  };
}
