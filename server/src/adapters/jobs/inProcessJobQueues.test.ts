/**
 * The embedded job queues (adapters/jobs): jobs run in the order added, at most `concurrency` at
 * once; an id already waiting or running is not added twice; a failed job is retried with a
 * doubling backoff until its attempts run out; closing interrupts the running jobs (their signal)
 * and drops the waiting ones.
 */
import { describe, it } from 'node:test';
import { expect } from 'expect';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { InProcessJobQueues } from './inProcessJobQueues.js';
import { JobInterrupted, type JobAttempt } from './types.js';

const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
const options = { concurrency: 2, attempts: 3, backoffMs: 5 };

describe('in-process job queues', () => {
  it('runs jobs in order, two at a time, and adds an id already queued or running only once', async () => {
    const queues = new InProcessJobQueues(log);
    const ran: string[] = [];
    let running = 0;
    let most = 0;
    const queue = queues.open<string>(
      'test',
      async (data) => {
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, 10));
        ran.push(data);
        running--;
      },
      options,
    );
    await queue.add(['a', 'b', 'c', 'd'].map((id) => ({ id, data: id })));
    expect(await queue.counts()).toEqual({ waiting: 2, active: 2, delayed: 0 });
    await queue.add([
      { id: 'a', data: 'a again' },
      { id: 'c', data: 'c again' },
    ]);
    expect(await queues.counts()).toEqual([{ name: 'test', waiting: 2, active: 2, delayed: 0 }]);
    await queues.idle();
    expect(ran).toEqual(['a', 'b', 'c', 'd']);
    expect(most).toBe(2);
    // Finished: the same id runs again when added again (the handler's record makes it idempotent).
    await queue.add([{ id: 'a', data: 'a later' }]);
    await queues.idle();
    expect(ran.at(-1)).toBe('a later');
    await queues.close();
  });

  it('retries a failing job with a doubling backoff and gives it up after its attempts', async () => {
    const queues = new InProcessJobQueues(log);
    const attempts: Array<[string, number, number]> = [];
    const started = Date.now();
    const queue = queues.open<string>(
      'retries',
      async (data, { attempt }) => {
        attempts.push([data, attempt, Date.now() - started]);
        if (data === 'never' || attempt < 2) throw new Error(`attempt ${attempt} of ${data} fails`);
      },
      // A backoff long enough that both jobs are still waiting for their retry when counted below,
      // even on a loaded machine (with 5 ms, a CI run counted after one had been retried already).
      { ...options, backoffMs: 200 },
    );
    await queue.add([
      { id: 'once', data: 'twice' },
      { id: 'never', data: 'never' },
    ]);
    // Once both first attempts have failed (a turn of the event loop after the last one).
    do await new Promise((resolve) => setImmediate(resolve));
    while (attempts.length < 2);
    expect((await queue.counts()).delayed).toBe(2);
    await queues.idle();
    expect(attempts.filter(([data]) => data === 'twice').map(([, attempt]) => attempt)).toEqual([1, 2]);
    const never = attempts.filter(([data]) => data === 'never');
    expect(never.map(([, attempt]) => attempt)).toEqual([1, 2, 3]);
    // 200 ms before the second attempt, 400 ms before the third.
    expect(never[2]![2] - never[0]![2]).toBeGreaterThanOrEqual(600);
    expect(await queue.counts()).toEqual({ waiting: 0, active: 0, delayed: 0 });
    await queues.close();
  });

  it('on close interrupts the jobs running (through their signal), drops the waiting ones and takes no more', async () => {
    const queues = new InProcessJobQueues(log);
    const seen: JobAttempt[] = [];
    const queue = queues.open<number>(
      'closing',
      async (_data, attempt) => {
        seen.push(attempt);
        await new Promise<void>((resolve) => attempt.signal.addEventListener('abort', () => resolve()));
        throw new JobInterrupted();
      },
      { ...options, concurrency: 1 },
    );
    await queue.add([
      { id: 'first', data: 1 },
      { id: 'second', data: 2 },
    ]);
    await queues.close();
    expect(seen.map((s) => [s.id, s.signal.aborted])).toEqual([['first', true]]);
    await queue.add([{ id: 'third', data: 3 }]);
    expect(await queue.counts()).toEqual({ waiting: 0, active: 0, delayed: 0 });
    expect(seen).toHaveLength(1);
  });
});
