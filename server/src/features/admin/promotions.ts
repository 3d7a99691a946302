/**
 * Promotional e-mails from the console (docs/OPERATIONS.md "Promotions"). A promotion is composed
 * as a draft (editable), then sent once: sending writes a row per recipient (every driver with a
 * confirmed address, not opted out, not suspended) and delivers in batches in the background.
 *
 * Never twice: a recipient's row is claimed (pending → sending) before its e-mail goes, and a
 * claim only takes rows still pending, so however many deliverers run (a resumed send beside the
 * first one) each row is sent by one of them, once. A crash between the claim and the send
 * leaves the row `sending` and the driver without that e-mail: at most once, never twice.
 * Opting out takes effect at once: each e-mail re-checks the driver just before it goes.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Promotion, PromotionStatus } from '@blockpilot/shared/types';
import type { AppContext } from '../../context.js';
import type { DatabaseSchema, PromotionRecipientStatus, PromotionTable } from '../../db/schema.js';
import { conflict, notFound } from '../../http/errors.js';
import type { AuthenticatedUser } from '../auth/authenticate.js';
import { sendPromotionalEmail } from '../support/promotions.js';
import { recordAudit } from './audit.js';
import { actorOf } from './roles.js';
import { writtenText } from './writtenText.js';

type Db = Kysely<DatabaseSchema>;

/** Recipients claimed and e-mailed per round: small enough that progress moves visibly. */
export const PROMOTION_BATCH_SIZE = 25;
export const PROMOTION_PAGE_SIZE = 100;

export interface PromotionInput {
  subject: string;
  text: string;
}

const noSuchPromotion = () => notFound('There is no such promotion.');

const cleaned = ({ subject, text }: PromotionInput): PromotionInput => writtenText({ subject, text }, { subject: 'Write the subject.', text: 'Write the message.' });

const emptyDelivery = (): Promotion['delivery'] => ({ recipients: 0, pending: 0, sent: 0, skipped: 0, failed: 0 });

/** Recipients by state, per promotion; a claimed row not yet settled (or left claimed by a crash) counts as pending. */
async function deliveryOf(db: Db, ids: number[]): Promise<Map<number, Promotion['delivery']>> {
  const counts = new Map(ids.map((id) => [id, emptyDelivery()]));
  if (!ids.length) return counts;
  const rows = await db
    .selectFrom('promotion_recipients')
    .select(['promotion_id', 'status', (eb) => eb.fn.countAll<string>().as('n')])
    .where('promotion_id', 'in', ids)
    .groupBy(['promotion_id', 'status'])
    .execute();
  for (const row of rows) {
    const delivery = counts.get(row.promotion_id)!;
    const n = Number(row.n);
    delivery.recipients += n;
    delivery[row.status === 'sending' ? 'pending' : row.status] += n;
  }
  return counts;
}

const promotionOf = (row: Selectable<PromotionTable>, delivery: Promotion['delivery']): Promotion => ({
  id: row.id,
  subject: row.subject,
  text: row.text,
  status: row.status,
  createdByEmail: row.created_by_email,
  createdAt: row.created_at.getTime(),
  sendStartedAt: row.send_started_at?.getTime() ?? null,
  sentAt: row.sent_at?.getTime() ?? null,
  delivery,
});

/** Promotions newest first, at most {@link PROMOTION_PAGE_SIZE}. */
export async function listPromotions(db: Db): Promise<Promotion[]> {
  const rows = await db.selectFrom('promotions').selectAll().orderBy('id', 'desc').limit(PROMOTION_PAGE_SIZE).execute();
  const delivery = await deliveryOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => promotionOf(row, delivery.get(row.id)!));
}

export async function getPromotion(db: Db, id: number): Promise<Promotion> {
  const row = await db.selectFrom('promotions').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw noSuchPromotion();
  return promotionOf(row, (await deliveryOf(db, [id])).get(id)!);
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
    if (before.status !== 'draft') throw conflict('This promotion has been sent; compose a new one.');
    await trx.updateTable('promotions').set(values).where('id', '=', id).execute();
    await recordAudit(trx, actorOf(operator), { action: 'promotion.edit', subject: `promotion:${id}`, before: { subject: before.subject, text: before.text }, after: values }, now);
  });
  return getPromotion(ctx.db, id);
}

/**
 * Starts sending a draft: its recipients are fixed now (one row each, audited with their count)
 * and delivered in the background. Sending a promotion already started writes nothing and sends
 * nobody anything again; it only resumes the recipients still pending (after a restart).
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
      .columns(['promotion_id', 'user_id'])
      .expression((eb) =>
        eb
          .selectFrom('users')
          .select([sql<number>`cast(${id} as integer)`.as('promotion_id'), 'id'])
          // A confirmed address only: an unconfirmed one may not be the driver's (docs/OPERATIONS.md "Promotions").
          .where('email_verified_at', 'is not', null)
          .where('promotions_opted_out_at', 'is', null)
          .where('suspended_at', 'is', null),
      )
      .onConflict((oc) => oc.doNothing())
      .returning('user_id')
      .execute();
    await recordAudit(
      trx,
      actorOf(operator),
      { action: 'promotion.send', subject: `promotion:${id}`, before: { status: 'draft' }, after: { status: 'sending', recipients: inserted.length } },
      now,
    );
    return { status: 'sending' as PromotionStatus, started: true };
  });
  if (status === 'sending') deliverInBackground(ctx, id);
  return { promotion: await getPromotion(ctx.db, id), started };
}

const deliverInBackground = (ctx: AppContext, id: number) => ctx.background.run(`promotion:${id}`, () => deliverPromotion(ctx, id));

/** At start: promotions a stopped process was sending go on with the recipients still pending. */
export async function resumePromotions(ctx: AppContext): Promise<void> {
  const sending = await ctx.db.selectFrom('promotions').select('id').where('status', '=', 'sending').execute();
  for (const { id } of sending) deliverInBackground(ctx, id);
}

/** Claims up to a batch of the promotion's pending recipients; a row another deliverer claimed first is not taken. */
async function claimBatch(ctx: AppContext, id: number): Promise<string[]> {
  const rows = await ctx.db
    .updateTable('promotion_recipients')
    .set({ status: 'sending', updated_at: ctx.clock.now() })
    .where('promotion_id', '=', id)
    .where('status', '=', 'pending')
    .where(
      'user_id',
      'in',
      ctx.db.selectFrom('promotion_recipients').select('user_id').where('promotion_id', '=', id).where('status', '=', 'pending').orderBy('user_id').limit(PROMOTION_BATCH_SIZE),
    )
    .returning('user_id')
    .execute();
  return rows.map((r) => r.user_id);
}

/** E-mails the promotion to its pending recipients, batch by batch, then marks it sent. */
export async function deliverPromotion(ctx: AppContext, id: number): Promise<void> {
  const message = await ctx.db.selectFrom('promotions').select(['subject', 'text']).where('id', '=', id).executeTakeFirstOrThrow();
  for (let batch = await claimBatch(ctx, id); batch.length; batch = await claimBatch(ctx, id)) {
    for (const userId of batch) {
      let outcome: PromotionRecipientStatus;
      try {
        outcome = (await sendPromotionalEmail(ctx, userId, message)) ? 'sent' : 'skipped';
      } catch (error) {
        ctx.log.warn({ err: error, promotion: id, userId }, 'a promotional e-mail could not be sent');
        outcome = 'failed';
      }
      await ctx.db.updateTable('promotion_recipients').set({ status: outcome, updated_at: ctx.clock.now() }).where('promotion_id', '=', id).where('user_id', '=', userId).execute();
    }
  }
  await ctx.db.updateTable('promotions').set({ status: 'sent', sent_at: ctx.clock.now() }).where('id', '=', id).where('status', '=', 'sending').execute();
}
