/**
 * Promotional e-mails sent from the console (docs/OPERATIONS.md "Promotions"): a promotion is
 * composed as a draft, then sent once. Sending writes one row per recipient first; each row is
 * claimed before its e-mail goes, so no driver gets one promotion twice, whatever retries or
 * restarts happen.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('promotions')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('draft')
        .check(sql`status in ('draft', 'sending', 'sent')`),
    )
    .addColumn('created_by_email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('send_started_at', 'timestamptz')
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await db.schema
    .createTable('promotion_recipients')
    .addColumn('promotion_id', 'integer', (c) => c.notNull().references('promotions.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // pending → sending (claimed) → sent | skipped (opted out meanwhile) | failed (the mail adapter refused).
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'sending', 'sent', 'skipped', 'failed')`),
    )
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('promotion_recipients_pk', ['promotion_id', 'user_id'])
    .execute();
  await db.schema.createIndex('promotion_recipients_status').on('promotion_recipients').columns(['promotion_id', 'status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('promotion_recipients').execute();
  await db.schema.dropTable('promotions').execute();
}
