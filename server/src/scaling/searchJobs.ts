/**
 * The search queue as both sides use it: one job per searching driver, its id the driver's id,
 * so adding a job for a driver who already has one does nothing (any number of API processes may
 * start or resume the same driver), and a finished job leaves nothing behind.
 */
import { Queue, type JobsOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/schema.js';
import type { SearchKeys } from './keys.js';

/** A search job's data. */
export interface SearchJobData {
  userId: string;
  /** The earliest its first offers poll may leave (epoch ms): resumed drivers are spread out. */
  notBefore?: number;
}

const JOB_OPTIONS: JobsOptions = { removeOnComplete: true, removeOnFail: true };

/** The queue on a shared connection. */
export function openSearchQueue(redis: Redis, keys: SearchKeys): Queue<SearchJobData> {
  return new Queue<SearchJobData>(keys.queueName, { connection: redis, prefix: keys.bullPrefix });
}

/** Adds the driver's job unless one exists. */
export async function enqueueSearch(queue: Queue<SearchJobData>, userId: string): Promise<void> {
  await queue.add('search', { userId }, { ...JOB_OPTIONS, jobId: userId });
}

/**
 * Adds the jobs of many drivers, a batch per round trip; their first polls spread at random over
 * `spreadMs` (a resumed fleet must not poll all in the same instant, every second).
 */
export async function enqueueSearches(queue: Queue<SearchJobData>, userIds: readonly string[], spreadMs = 0, random: () => number = Math.random): Promise<void> {
  const now = Date.now();
  for (let from = 0; from < userIds.length; from += 500) {
    const batch = userIds.slice(from, from + 500);
    await queue.addBulk(batch.map((userId) => ({ name: 'search', data: { userId, notBefore: now + Math.floor(random() * spreadMs) }, opts: { ...JOB_OPTIONS, jobId: userId } })));
  }
}

/** Whether the driver's search should run (the durable truth every worker acts on). */
export async function shouldSearch(db: Kysely<DatabaseSchema>, userId: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('searching').where('id', '=', userId).executeTakeFirst();
  return row?.searching === true;
}

/** Of these drivers, those that should no longer search. */
export async function noLongerSearching(db: Kysely<DatabaseSchema>, userIds: readonly string[]): Promise<string[]> {
  const stopped: string[] = [];
  for (let from = 0; from < userIds.length; from += 1_000) {
    const rows = await db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', userIds.slice(from, from + 1_000))
      .where('searching', '=', false)
      .execute();
    stopped.push(...rows.map((r) => r.id));
  }
  return stopped;
}
