/**
 * Work split into jobs that run in the background and are retried until they succeed (the
 * console's promotions, docs/OPERATIONS.md "Promotions"). Two adapters, one behaviour:
 * {@link InProcessJobQueues} in the embedded single process, `BullJobQueues` (BullMQ over
 * REDIS_URL) when the server scales out, where any API process may run any job and a job a dead
 * process was running is taken up by another.
 *
 * A job's handler must be idempotent: a job may run again after a failure, a crash or a stall,
 * and the same id added again once it has finished runs again. What a job has done must be
 * recorded where the handler can see it (the database), never only in the job.
 */

/** One job to add: adding an id that is already waiting, delayed or running adds nothing. */
export interface JobSpec<T> {
  id: string;
  data: T;
}

/** The attempt a handler runs. */
export interface JobAttempt {
  id: string;
  /** 1 for the first attempt. */
  attempt: number;
  /** Aborted when the queue closes (the process stops): stop between steps and throw, so the job is retried elsewhere or later. */
  signal: AbortSignal;
}

export type JobHandler<T> = (data: T, attempt: JobAttempt) => Promise<void>;

/** How a queue runs its jobs. */
export interface JobQueueOptions {
  /** Jobs this process runs at once. */
  concurrency: number;
  /** Attempts per job before it is given up (logged; the feature finds its work undone and adds it again). */
  attempts: number;
  /** The first retry waits this long, each next one twice as long. */
  backoffMs: number;
}

/** Jobs by state, across every process for BullMQ. */
export interface JobCounts {
  /** Waiting for a free runner. */
  waiting: number;
  /** Being run. */
  active: number;
  /** Waiting for a retry's time. */
  delayed: number;
}

/** One kind of job. */
export interface JobQueue<T> {
  readonly name: string;
  add(jobs: ReadonlyArray<JobSpec<T>>): Promise<void>;
  counts(): Promise<JobCounts>;
}

/** Where a process's job queues come from; closing it stops running jobs (those under way finish or are interrupted). */
export interface JobQueues {
  /** `in-process` (the embedded default) or `bullmq` (REDIS_URL). */
  readonly kind: 'in-process' | 'bullmq';
  /** Opens the queue `name` and starts running its jobs in this process with `handler`; once per name. */
  open<T>(name: string, handler: JobHandler<T>, options: JobQueueOptions): JobQueue<T>;
  /** Every queue opened here, with its counts. */
  counts(): Promise<Array<{ name: string } & JobCounts>>;
  /** Resolves once no job of a queue opened here is waiting, delayed or running (with BullMQ: in any process). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

/** Thrown by a handler whose queue closed under it: the job is retried, not given up. */
export class JobInterrupted extends Error {
  constructor() {
    super('the job queue closed while the job ran');
    this.name = 'JobInterrupted';
  }
}

/** The delay before retry number `retry` (1-based). */
export const retryDelayMs = (options: JobQueueOptions, retry: number): number => options.backoffMs * 2 ** (retry - 1);
