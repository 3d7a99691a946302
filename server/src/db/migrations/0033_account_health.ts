/**
 * Account health (docs/LIVE.md "Account health"): what the engine's health counting saw of one
 * driver's platform account, per hour and per process (each process overwrites its own row with
 * its running totals, as engine_health_minutes does): polls and the minutes they fell in, the
 * platform's refresh interval, throttled answers, puzzles, refusals, and what the engine did
 * (backed off, paused and asked the driver). Rows older than 8 days are deleted as writes go on.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_health_hours')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('hour', 'timestamptz', (c) => c.notNull())
    .addColumn('process', 'text', (c) => c.notNull())
    .addColumn('polls', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('poll_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refresh_interval_ms', 'integer')
    .addColumn('throttled', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('puzzles', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('refused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('backed_off', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('account_health_hours_pk', ['user_id', 'hour', 'process'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('account_health_hours').execute();
}
