/**
 * Who a support ticket is from, and credit adjustments that wait for a second admin
 * (docs/OPERATIONS.md "Support inbox", "Credit adjustments").
 *
 * - support_messages.sender_verified: the ticket was sent signed in, from the account whose
 *   verified address it carries. Tickets sent before could have been linked to an account by the
 *   address typed alone, so none of them is taken as verified.
 * - credit_adjustments: every adjustment an admin asks for, credited at once (`applied`) or, past
 *   the admin's daily bound (ADMIN_DAILY_ADJUSTMENT_LIMIT_CENTS), waiting (`pending`) until another
 *   admin approves it (`approved`). One row per (driver, Idempotency-Key): the key of its ledger
 *   entry, so it is credited once however often it is sent or approved.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('support_messages')
    .addColumn('sender_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute();

  await db.schema
    .createTable('credit_adjustments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('request_key', 'text', (c) => c.notNull())
    .addColumn('amount_cents', 'integer', (c) => c.notNull().check(sql`amount_cents <> 0`))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('requested_by_email', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('applied', 'pending', 'approved')`))
    .addColumn('approved_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('approved_by_email', 'text')
    .addColumn('approved_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('credit_adjustments_user_key', ['user_id', 'request_key'])
    .execute();
  // The daily bound sums what each admin credited alone in the last 24 hours.
  await db.schema.createIndex('credit_adjustments_requested').on('credit_adjustments').columns(['requested_by', 'created_at']).execute();
  await db.schema.createIndex('credit_adjustments_pending').on('credit_adjustments').column('created_at').where(sql.ref('status'), '=', 'pending').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('credit_adjustments').execute();
  await db.schema.alterTable('support_messages').dropColumn('sender_verified').execute();
}
