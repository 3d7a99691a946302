/**
 * Job queues on BullMQ (REDIS_URL), shared by every API process: each process that opens a queue
 * runs its jobs, a job's id is BullMQ's job id (so adding a job already waiting, delayed or
 * running adds nothing), and a job whose process died is put back by BullMQ's stalled check once
 * its lock lapses, then run by another process. Loaded only with the rest of the scale-out
 * (scaling/index.ts), so the embedded process never loads BullMQ. See ./types.ts.
 */
import { Queue, Worker, type Job } from 'bullmq';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { JobInterrupted, type JobCounts, type JobHandler, type JobQueue, type JobQueueOptions, type JobQueues, type JobSpec } from './types.js';

/** How BullMQ decides that a job's process is gone (the search queue's timings, scaling/config.ts). */
export interface JobLockTimings {
  lockDurationMs: number;
  stalledIntervalMs: number;
}

class BullJobQueue<T> implements JobQueue<T> {
  readonly queue: Queue<T>;
  readonly worker: Worker<T>;
  private readonly controller = new AbortController();

  constructor(
    readonly name: string,
    handler: JobHandler<T>,
    private readonly options: JobQueueOptions,
    redis: Redis,
    prefix: string,
    timings: JobLockTimings,
    workerName: string,
    log: FastifyBaseLogger,
  ) {
    this.queue = new Queue<T>(name, { connection: redis, prefix });
    this.worker = new Worker<T>(name, (job: Job<T>) => handler(job.data, { id: job.id!, attempt: job.attemptsMade + 1, signal: this.controller.signal }), {
      connection: redis,
      prefix,
      name: workerName,
      concurrency: options.concurrency,
      lockDuration: timings.lockDurationMs,
      stalledInterval: timings.stalledIntervalMs,
      // A job stalls when its process dies: that is a reason to run it elsewhere, never to give it up.
      maxStalledCount: Number.MAX_SAFE_INTEGER,
    });
    this.worker.on('failed', (job: Job<T> | undefined, error: Error) => {
      if (!job || error instanceof JobInterrupted) return;
      const givenUp = job.attemptsMade >= options.attempts;
      log[givenUp ? 'error' : 'warn']({ err: error, queue: name, job: job.id, attempt: job.attemptsMade }, givenUp ? 'job given up' : 'job failed; retrying');
    });
    this.worker.on('error', (error: Error) => log.warn({ err: error, queue: name }, 'job queue error'));
  }

  async add(specs: ReadonlyArray<JobSpec<T>>): Promise<void> {
    if (!specs.length) return;
    await this.queue.addBulk(
      specs.map(({ id, data }) => ({
        name: this.name,
        data,
        opts: {
          jobId: id,
          attempts: this.options.attempts,
          backoff: { type: 'exponential', delay: this.options.backoffMs },
          // Finished jobs leave nothing behind: the feature's own record says what was done.
          removeOnComplete: true,
          removeOnFail: true,
        },
      })) as Parameters<Queue<T>['addBulk']>[0],
    );
  }

  async counts(): Promise<JobCounts> {
    const counts = await this.queue.getJobCounts('waiting', 'prioritized', 'active', 'delayed');
    return { waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0), active: counts.active ?? 0, delayed: counts.delayed ?? 0 };
  }

  /** Interrupts the jobs running here (they are retried in another process) and stops taking new ones. */
  async close(): Promise<void> {
    this.controller.abort();
    await this.worker.close();
    await this.queue.close();
  }
}

export class BullJobQueues implements JobQueues {
  readonly kind = 'bullmq';
  private readonly queues = new Map<string, BullJobQueue<unknown>>();

  constructor(
    private readonly redis: Redis,
    /** BullMQ's key prefix (REDIS_PREFIX). */
    private readonly prefix: string,
    private readonly timings: JobLockTimings,
    /** This process's name in BullMQ's worker list. */
    private readonly workerName: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  open<T>(name: string, handler: JobHandler<T>, options: JobQueueOptions): JobQueue<T> {
    if (this.queues.has(name)) throw new Error(`the job queue "${name}" is already open`);
    const queue = new BullJobQueue<T>(name, handler, options, this.redis, this.prefix, this.timings, this.workerName, this.log);
    this.queues.set(name, queue as BullJobQueue<unknown>);
    return queue;
  }

  async counts(): Promise<Array<{ name: string } & JobCounts>> {
    return Promise.all([...this.queues.values()].map(async (queue) => ({ name: queue.name, ...(await queue.counts()) })));
  }

  async idle(): Promise<void> {
    for (;;) {
      const counts = await this.counts();
      if (counts.every((c) => c.waiting + c.active + c.delayed === 0)) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.queues.clear();
  }
}
