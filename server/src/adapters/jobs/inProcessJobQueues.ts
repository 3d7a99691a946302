/**
 * The embedded default's job queues (no REDIS_URL): jobs run in this process, in the order
 * added, `concurrency` at a time, each retried with a doubling backoff. Nothing is kept outside
 * memory: after a restart the feature adds what is left of its work again (its record is the
 * database), exactly as it does with BullMQ. See ./types.ts.
 */
import type { FastifyBaseLogger } from 'fastify';
import { JobInterrupted, retryDelayMs, type JobCounts, type JobHandler, type JobQueue, type JobQueueOptions, type JobQueues, type JobSpec } from './types.js';

interface Entry<T> {
  spec: JobSpec<T>;
  attempt: number;
}

class InProcessJobQueue<T> implements JobQueue<T> {
  /** Every job not finished, by id: waiting, delayed (a retry's timer) or active. */
  private readonly jobs = new Map<string, 'waiting' | 'delayed' | 'active'>();
  private readonly waiting: Array<Entry<T>> = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private readonly controller = new AbortController();

  constructor(
    readonly name: string,
    private readonly handler: JobHandler<T>,
    private readonly options: JobQueueOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  async add(specs: ReadonlyArray<JobSpec<T>>): Promise<void> {
    if (this.controller.signal.aborted) return;
    for (const spec of specs) {
      if (this.jobs.has(spec.id)) continue;
      this.jobs.set(spec.id, 'waiting');
      this.waiting.push({ spec, attempt: 1 });
    }
    this.pump();
  }

  async counts(): Promise<JobCounts> {
    const counts: JobCounts = { waiting: 0, active: 0, delayed: 0 };
    for (const state of this.jobs.values()) counts[state]++;
    return counts;
  }

  /** Stops taking jobs, interrupts the running ones and waits for them; waiting ones are dropped. */
  async close(): Promise<void> {
    this.controller.abort();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.waiting.length = 0;
    while (this.running.size) await Promise.all(this.running);
    this.jobs.clear();
  }

  /** Resolves once no job is waiting, delayed or running (tests). */
  async idle(): Promise<void> {
    while (this.jobs.size) await new Promise((resolve) => setTimeout(resolve, 5));
  }

  private pump(): void {
    while (this.running.size < this.options.concurrency && this.waiting.length && !this.controller.signal.aborted) {
      const entry = this.waiting.shift()!;
      const run = this.run(entry).finally(() => {
        this.running.delete(run);
        this.pump();
      });
      this.running.add(run);
    }
  }

  private async run({ spec, attempt }: Entry<T>): Promise<void> {
    this.jobs.set(spec.id, 'active');
    try {
      await this.handler(spec.data, { id: spec.id, attempt, signal: this.controller.signal });
      this.jobs.delete(spec.id);
    } catch (error) {
      if (this.controller.signal.aborted || attempt >= this.options.attempts) {
        if (!(error instanceof JobInterrupted)) this.log.error({ err: error, queue: this.name, job: spec.id, attempt }, 'job given up');
        this.jobs.delete(spec.id);
        return;
      }
      this.log.warn({ err: error, queue: this.name, job: spec.id, attempt }, 'job failed; retrying');
      this.jobs.set(spec.id, 'delayed');
      const timer = setTimeout(
        () => {
          this.timers.delete(timer);
          this.jobs.set(spec.id, 'waiting');
          this.waiting.push({ spec, attempt: attempt + 1 });
          this.pump();
        },
        retryDelayMs(this.options, attempt),
      );
      timer.unref();
      this.timers.add(timer);
    }
  }
}

export class InProcessJobQueues implements JobQueues {
  readonly kind = 'in-process';
  private readonly queues = new Map<string, InProcessJobQueue<unknown>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  open<T>(name: string, handler: JobHandler<T>, options: JobQueueOptions): JobQueue<T> {
    if (this.queues.has(name)) throw new Error(`the job queue "${name}" is already open`);
    const queue = new InProcessJobQueue<T>(name, handler, options, this.log);
    this.queues.set(name, queue as InProcessJobQueue<unknown>);
    return queue;
  }

  async counts(): Promise<Array<{ name: string } & JobCounts>> {
    return Promise.all([...this.queues.values()].map(async (queue) => ({ name: queue.name, ...(await queue.counts()) })));
  }

  /** Resolves once every queue is idle (tests wait for background work this way). */
  async idle(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.idle()));
  }

  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.queues.clear();
  }
}
