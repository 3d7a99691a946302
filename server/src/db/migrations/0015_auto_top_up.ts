/**
 * Automatic top-up (docs/LIVE.md "Automatic top-up"): one row per driver with the card saved at
 * the payment provider, the amount and threshold, and `armed`, the once-per-crossing claim: a
 * charge sets it false in the same conditional update that claims it, and only a credit that
 * reaches the threshold again sets it back.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('auto_top_ups')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents > 0`))
    .addColumn('threshold_cents', 'integer', (c) => c.notNull().check(sql`threshold_cents >= 0`))
    .addColumn('armed', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('customer_ref', 'text')
    .addColumn('payment_method_ref', 'text')
    .addColumn('card_label', 'text')
    .addColumn('setup_id', 'uuid')
    .addColumn('last_order_id', 'uuid', (c) => c.references('orders.id'))
    .addColumn('last_failure', 'text')
    .addColumn('last_failure_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('auto_top_ups_setup_id').on('auto_top_ups').column('setup_id').unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('auto_top_ups').execute();
}
