/**
 * The operator console's background work (docs/OPERATIONS.md "Promotions", "Engine health"):
 *
 * - Promotions are delivered in batches, each a job on the job queue: every recipient row gets
 *   its batch number, and the claim (the attempt that took the row) so a retried batch can tell
 *   the rows an interrupted attempt left behind. Such a row becomes `unconfirmed`: its e-mail may
 *   or may not have gone, and it is never sent again.
 * - The engine's per-minute counts are kept per process and minute, so the last 24 hours survive
 *   a restart and the console adds up every process of a fleet.
 */
import { sql, type Kysely } from 'kysely';

/** The batch size when this migration ran: rows of a promotion already being sent are numbered by it. */
const BATCH_SIZE = 100;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('promotion_recipients')
    .addColumn('batch', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('claim', 'text')
    .execute();
  await sql`alter table promotion_recipients drop constraint if exists promotion_recipients_status_check`.execute(db);
  await sql`alter table promotion_recipients add constraint promotion_recipients_status_check
    check (status in ('pending', 'sending', 'sent', 'skipped', 'failed', 'unconfirmed'))`.execute(db);
  await sql`
    update promotion_recipients r set batch = numbered.batch
    from (
      select promotion_id, user_id, ((row_number() over (partition by promotion_id order by user_id)) - 1) / ${sql.lit(BATCH_SIZE)} as batch
      from promotion_recipients
    ) numbered
    where r.promotion_id = numbered.promotion_id and r.user_id = numbered.user_id`.execute(db);
  await db.schema.createIndex('promotion_recipients_batch').on('promotion_recipients').columns(['promotion_id', 'batch', 'status']).execute();

  await db.schema
    .createTable('engine_health_minutes')
    .addColumn('minute', 'timestamptz', (c) => c.notNull())
    // The process that counted (WORKER_ID): each process writes its own row of a minute.
    .addColumn('process', 'text', (c) => c.notNull())
    .addColumn('offers_seen', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('accepted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('throttled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('puzzles', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('errors', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    // Race latencies of the minute: how many there were, and the kept sample of them (ms).
    .addColumn('race_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('race_samples', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    // The drivers' states, when this process sampled them in this minute.
    .addColumn('searching', 'integer')
    .addColumn('waiting_on_puzzle', 'integer')
    .addColumn('paused_for_credit', 'integer')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('engine_health_minutes_pk', ['minute', 'process'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('engine_health_minutes').execute();
  await db.schema.dropIndex('promotion_recipients_batch').execute();
  await sql`update promotion_recipients set status = 'sending' where status = 'unconfirmed'`.execute(db);
  await sql`alter table promotion_recipients drop constraint if exists promotion_recipients_status_check`.execute(db);
  await sql`alter table promotion_recipients add constraint promotion_recipients_status_check
    check (status in ('pending', 'sending', 'sent', 'skipped', 'failed'))`.execute(db);
  await db.schema.alterTable('promotion_recipients').dropColumn('batch').dropColumn('claim').execute();
}
