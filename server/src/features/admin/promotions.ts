/**
 * Promotional e-mails from the console (docs/OPERATIONS.md "Promotions"). A promotion is composed
 * as a draft (editable), then sent once: sending writes a row per recipient (every driver with a
 * confirmed address, not opted out, not suspended), numbered into batches of
 * {@link PROMOTION_BATCH_SIZE}, and each batch is a job on the job queue (BullMQ with REDIS_URL,
 * in this process otherwise: adapters/jobs), run by any API process.
 *
 * Never twice: a recipient's row is the record of its delivery, one per (promotion, driver). It
 * is claimed (pending → sending, with the attempt's claim) just before its e-mail goes, and a
 * claim only takes a row still pending, so however often a batch runs (retried, duplicated, taken
 * up by another process after a crash) each row is sent by one attempt, once. A row an earlier
 * attempt claimed and never settled becomes `unconfirmed` when its batch runs again: that driver
 * may have got the e-mail or not, and never gets it a second time.
 * Opting out takes effect at once: each e-mail re-checks the driver just before it goes.
 */
import type { PromotionInput } from '@blockpilot/shared/api/schemas';
import { randomUUID } from 'node:crypto';
import { sql, type ExpressionBuilder, type Kysely, type Selectable } from 'kysely';
import type { Promotion, PromotionStatus } from '@blockpilot/shared/types';
import type { AppContext } from '../../context.js';
import { JobInterrupted, type JobAttempt, type JobQueue, type JobQueueOptions } from '../../adapters/jobs/types.js';
import type { DatabaseSchema, PromotionRecipientStatus, PromotionTable } from '../../db/schema.js';
import { conflict, notFound } from '../../domain/errors.js';
import type { AuthenticatedUser } from '../auth/authenticate.js';
import { sendPromotionalEmail } from '../support/promotions.js';
import { recordAudit } from './audit.js';
import { actorOf } from './roles.js';
import { writtenText } from './writtenText.js';

type Db = Kysely<DatabaseSchema>;

/** Recipients per batch (one job): small enough that progress moves visibly and a retry redoes little. */
export const PROMOTION_BATCH_SIZE = 100;
/** The job queue's name, and how its jobs run: two batches at a time per process, five attempts from 1 s apart. */
export const PROMOTION_QUEUE = 'promotion';
export const PROMOTION_QUEUE_OPTIONS: JobQueueOptions = { concurrency: 2, attempts: 5, backoffMs: 1_000 };
/** How often every API process looks for batches left without a job (a crash before they were queued, a batch given up). */
export const PROMOTION_SWEEP_MS = 60_000;
export const PROMOTION_PAGE_SIZE = 100;

const noSuchPromotion = () => notFound('api.error.noSuchPromotion');

const cleaned = ({ subject, text }: PromotionInput): PromotionInput => writtenText({ subject, text }, { subject: 'api.field.writeTheSubject', text: 'api.field.writeTheMessage' });

/** A promotion's batch: one job. */
export interface PromotionBatch {
  promotionId: number;
  batch: number;
}

/** Statuses of a row whose delivery is not over: waiting, or claimed by an attempt under way. */
const OPEN: PromotionRecipientStatus[] = ['pending', 'sending'];

interface Progress {
  delivery: Promotion['delivery'];
  batches: Promotion['batches'];
}

const emptyProgress = (): Progress => ({ delivery: { recipients: 0, pending: 0, sent: 0, skipped: 0, failed: 0, unconfirmed: 0 }, batches: { total: 0, done: 0 } });

/** Recipients by state and batches done, per promotion; a row being sent counts as pending. */
async function progressOf(db: Db, ids: number[]): Promise<Map<number, Progress>> {
  const progress = new Map(ids.map((id) => [id, emptyProgress()]));
  if (!ids.length) return progress;
  const [rows, batches] = await Promise.all([
    db
      .selectFrom('promotion_recipients')
      .select(['promotion_id', 'status', (eb) => eb.fn.countAll<string>().as('n')])
      .where('promotion_id', 'in', ids)
      .groupBy(['promotion_id', 'status'])
      .execute(),
    db
      .selectFrom('promotion_recipients')
      .select(['promotion_id', sql<string>`count(distinct batch)`.as('total'), sql<string>`count(distinct batch) filter (where status in ('pending', 'sending'))`.as('open')])
      .where('promotion_id', 'in', ids)
      .groupBy('promotion_id')
      .execute(),
  ]);
  for (const row of rows) {
    const { delivery } = progress.get(row.promotion_id)!;
    const n = Number(row.n);
    delivery.recipients += n;
    delivery[row.status === 'sending' ? 'pending' : row.status] += n;
  }
  for (const row of batches) progress.get(row.promotion_id)!.batches = { total: Number(row.total), done: Number(row.total) - Number(row.open) };
  return progress;
}

const promotionOf = (row: Selectable<PromotionTable>, { delivery, batches }: Progress): Promotion => ({
  id: row.id,
  subject: row.subject,
  text: row.text,
  status: row.status,
  createdByEmail: row.created_by_email,
  createdAt: row.created_at.getTime(),
  sendStartedAt: row.send_started_at?.getTime() ?? null,
  sentAt: row.sent_at?.getTime() ?? null,
  delivery,
  batches,
});

/** Promotions newest first, at most {@link PROMOTION_PAGE_SIZE}. */
/**
 * The drivers a promotion goes to: a confirmed address only (an unconfirmed one may not be the
 * driver's), not opted out, not suspended (docs/OPERATIONS.md "Promotions").
 */
const takesPromotions = (eb: ExpressionBuilder<DatabaseSchema, 'users'>) =>
  eb.and([eb('email_verified_at', 'is not', null), eb('promotions_opted_out_at', 'is', null), eb('suspended_at', 'is', null)]);

/** How many drivers a promotion sent now would reach: the send dialog says it before it is sent. */
export async function promotionAudience(db: Db): Promise<number> {
  const { drivers } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string>().as('drivers'))
    .where(takesPromotions)
    .executeTakeFirstOrThrow();
  return Number(drivers);
}

export async function listPromotions(db: Db): Promise<Promotion[]> {
  const rows = await db.selectFrom('promotions').selectAll().orderBy('id', 'desc').limit(PROMOTION_PAGE_SIZE).execute();
  const progress = await progressOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => promotionOf(row, progress.get(row.id)!));
}

export async function getPromotion(db: Db, id: number): Promise<Promotion> {
  const row = await db.selectFrom('promotions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw noSuchPromotion();
  return promotionOf(row, (await progressOf(db, [id])).get(id)!);
}

export async function createPromotion(ctx: AppContext, operator: AuthenticatedUser, input: PromotionInput): Promise<Promotion> {
  const values = cleaned(input);
  const now = ctx.clock.now();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('promotions')
      .values({ ...values, created_by_email: operator.row.email, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actorOf(operator), { action: 'promotion.create', subject: `promotion:${row.id}`, after: values }, now);
    return row.id;
  });
  return getPromotion(ctx.db, id);
}

/** Edits a draft; a promotion being sent or sent is final (409). */
export async function updatePromotion(ctx: AppContext, operator: AuthenticatedUser, id: number, input: PromotionInput): Promise<Promotion> {
  const values = cleaned(input);
  const now = ctx.clock.now();
  await ctx.db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('promotions').select(['subject', 'text', 'status']).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!before) throw noSuchPromotion();
    if (before.status !== 'draft') throw conflict('api.error.promotionSent');
    await trx.updateTable('promotions').set(values).where('id', '=', id).execute();
    await recordAudit(trx, actorOf(operator), { action: 'promotion.edit', subject: `promotion:${id}`, before: { subject: before.subject, text: before.text }, after: values }, now);
  });
  return getPromotion(ctx.db, id);
}

/**
 * Starts sending a draft: its recipients are fixed now (one row each, numbered into batches,
 * audited with their count) and every batch is queued. Sending a promotion already started writes
 * nothing and sends nobody anything again; it only queues again the batches not finished.
 */
export async function sendPromotion(ctx: AppContext, operator: AuthenticatedUser, id: number): Promise<{ promotion: Promotion; started: boolean }> {
  const now = ctx.clock.now();
  const { status, started } = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('promotions').select('status').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw noSuchPromotion();
    if (row.status !== 'draft') return { status: row.status, started: false };
    await trx.updateTable('promotions').set({ status: 'sending', send_started_at: now }).where('id', '=', id).execute();
    const inserted = await trx
      .insertInto('promotion_recipients')
      .columns(['promotion_id', 'user_id', 'batch'])
      .expression((eb) =>
        eb
          .selectFrom('users')
          .select([
            sql<number>`cast(${id} as integer)`.as('promotion_id'),
            'id',
            sql<number>`cast((row_number() over (order by id) - 1) / ${sql.lit(PROMOTION_BATCH_SIZE)} as integer)`.as('batch'),
          ])
          .where(takesPromotions),
      )
      .onConflict((oc) => oc.doNothing())
      .returning('user_id')
      .execute();
    await recordAudit(
      trx,
      actorOf(operator),
      {
        action: 'promotion.send',
        subject: `promotion:${id}`,
        before: { status: 'draft' },
        after: { status: 'sending', recipients: inserted.length, batches: Math.ceil(inserted.length / PROMOTION_BATCH_SIZE) },
      },
      now,
    );
    return { status: 'sending' as PromotionStatus, started: true };
  });
  if (status === 'sending') await queueUnfinishedBatches(ctx, id);
  return { promotion: await getPromotion(ctx.db, id), started };
}

const jobIdOf = ({ promotionId, batch }: PromotionBatch) => `promotion-${promotionId}-batch-${batch}`;

/** Each context's promotion queue (one per process in production; tests build several contexts). */
const queues = new WeakMap<AppContext['jobs'], JobQueue<PromotionBatch>>();

/** This process's promotion queue; opening it starts running batches here. */
export function promotionQueue(ctx: AppContext): JobQueue<PromotionBatch> {
  let queue = queues.get(ctx.jobs);
  if (!queue) {
    queue = ctx.jobs.open<PromotionBatch>(PROMOTION_QUEUE, (batch, attempt) => deliverBatch(ctx, batch, attempt), PROMOTION_QUEUE_OPTIONS);
    queues.set(ctx.jobs, queue);
  }
  return queue;
}

/**
 * Queues every batch of the promotion with a row still pending or claimed (a job already waiting
 * or running for a batch is not added twice); a promotion with nothing left to deliver is marked sent.
 */
async function queueUnfinishedBatches(ctx: AppContext, promotionId: number): Promise<void> {
  const rows = await ctx.db
    .selectFrom('promotion_recipients')
    .select('batch')
    .distinct()
    .where('promotion_id', '=', promotionId)
    .where('status', 'in', OPEN)
    .orderBy('batch')
    .execute();
  await promotionQueue(ctx).add(rows.map(({ batch }) => ({ id: jobIdOf({ promotionId, batch }), data: { promotionId, batch } })));
  if (!rows.length) await finishIfDelivered(ctx, promotionId);
}

/**
 * At start and every {@link PROMOTION_SWEEP_MS}: the batches of promotions being sent that have
 * no job (a process stopped before queueing them, or a batch was given up) are queued again.
 */
export async function resumePromotions(ctx: AppContext): Promise<void> {
  const sending = await ctx.db.selectFrom('promotions').select('id').where('status', '=', 'sending').execute();
  for (const { id } of sending) await queueUnfinishedBatches(ctx, id);
}

/** Opens this process's promotion queue, resumes what was being sent, and sweeps every minute; returns how to stop sweeping. */
export async function startPromotionDelivery(ctx: AppContext): Promise<() => void> {
  promotionQueue(ctx);
  const sweep = () => resumePromotions(ctx).catch((error: unknown) => ctx.log.warn({ err: error }, 'promotions: unfinished batches not queued'));
  await sweep();
  const timer = setInterval(() => void sweep(), PROMOTION_SWEEP_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** Marks the promotion sent once no row of it is pending or being sent. */
async function finishIfDelivered(ctx: AppContext, promotionId: number): Promise<void> {
  await ctx.db
    .updateTable('promotions')
    .set({ status: 'sent', sent_at: ctx.clock.now() })
    .where('id', '=', promotionId)
    .where('status', '=', 'sending')
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('promotion_recipients').select('user_id').where('promotion_id', '=', promotionId).where('status', 'in', OPEN))))
    .execute();
}

/**
 * One batch (a job, any attempt): rows an earlier attempt claimed and never settled become
 * `unconfirmed`; then each row still pending is claimed, e-mailed and settled, one at a time, so a
 * crash leaves at most the row in hand unconfirmed. A closing queue stops it between rows (the
 * job is retried, here after a restart or in another process).
 */
export async function deliverBatch(ctx: AppContext, { promotionId, batch }: PromotionBatch, { signal }: Pick<JobAttempt, 'signal'>): Promise<void> {
  // The process's name leads the claim, so an unsettled row says which process had it in hand.
  const claim = `${ctx.config.scaling.workerId}:${randomUUID()}`;
  const inBatch = () => ctx.db.updateTable('promotion_recipients').where('promotion_id', '=', promotionId).where('batch', '=', batch);
  await inBatch().set({ status: 'unconfirmed', updated_at: ctx.clock.now() }).where('status', '=', 'sending').execute();
  const message = await ctx.db.selectFrom('promotions').select(['subject', 'text']).where('id', '=', promotionId).executeTakeFirst();
  if (!message) return;
  const pending = await ctx.db
    .selectFrom('promotion_recipients')
    .select('user_id')
    .where('promotion_id', '=', promotionId)
    .where('batch', '=', batch)
    .where('status', '=', 'pending')
    .orderBy('user_id')
    .execute();
  for (const { user_id: userId } of pending) {
    if (signal.aborted) throw new JobInterrupted();
    const claimed = await inBatch()
      .set({ status: 'sending', claim, updated_at: ctx.clock.now() })
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .returning('user_id')
      .executeTakeFirst();
    // Another attempt of this batch took it first.
    if (!claimed) continue;
    let outcome: PromotionRecipientStatus;
    try {
      outcome = (await sendPromotionalEmail(ctx, userId, message)) ? 'sent' : 'skipped';
    } catch (error) {
      ctx.log.warn({ err: error, promotion: promotionId, userId }, 'a promotional e-mail could not be sent');
      outcome = 'failed';
    }
    // By claim: a later attempt that took this row for abandoned (unconfirmed) is corrected.
    await inBatch().set({ status: outcome, updated_at: ctx.clock.now() }).where('user_id', '=', userId).where('claim', '=', claim).execute();
  }
  await finishIfDelivered(ctx, promotionId);
}
