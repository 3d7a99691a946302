/**
 * The operator console (docs/OPERATIONS.md): roles and suspension on accounts, the audit log,
 * operator credit adjustments and refunded orders in the ledger, and support tickets (the
 * contact/help messages, now with a status and the replies sent).
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('user')
        .check(sql`role in ('user', 'support', 'admin')`),
    )
    .addColumn('suspended_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('users_role').on('users').column('role').where(sql.ref('role'), '<>', 'user').execute();

  // `adjustment`: an operator's signed change of credit; `reversal`: a refunded top-up's credit taken back.
  await sql`alter table ledger_entries drop constraint ledger_entries_kind_check`.execute(db);
  await sql`alter table ledger_entries add constraint ledger_entries_kind_check
    check (kind in ('signup', 'topup', 'payment', 'membership', 'invite', 'fee', 'refund', 'adjustment', 'reversal'))`.execute(db);

  await sql`alter table orders drop constraint orders_status_check`.execute(db);
  await sql`alter table orders add constraint orders_status_check check (status in ('pending', 'paid', 'cancelled', 'refunded'))`.execute(db);
  // refunded_at comes with 0011 (a late payment refunded); an operator's refund sets it too.
  await db.schema.alterTable('orders').addColumn('refund_ref', 'text').execute();

  await db.schema
    .createTable('audit_entries')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    // The actor's e-mail is kept beside the id: the record must still say who after an account is gone.
    .addColumn('actor_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('actor_email', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('subject', 'text')
    .addColumn('reason', 'text')
    .addColumn('before', 'jsonb')
    .addColumn('after', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('audit_entries_target').on('audit_entries').columns(['target_user_id', 'id']).execute();
  await db.schema.createIndex('audit_entries_actor').on('audit_entries').columns(['actor_id', 'id']).execute();

  await db.schema
    .alterTable('support_messages')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'answered', 'closed')`),
    )
    .execute();
  await db.schema.createIndex('support_messages_status').on('support_messages').columns(['status', 'id']).execute();
  await db.schema
    .createTable('support_replies')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('message_id', 'integer', (c) => c.notNull().references('support_messages.id').onDelete('cascade'))
    .addColumn('author_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('author_email', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('support_replies_message').on('support_replies').columns(['message_id', 'id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('support_replies').execute();
  await db.schema.alterTable('support_messages').dropColumn('status').execute();
  await db.schema.dropTable('audit_entries').execute();
  await db.schema.alterTable('orders').dropColumn('refund_ref').execute();
  await sql`alter table orders drop constraint orders_status_check`.execute(db);
  await sql`alter table orders add constraint orders_status_check check (status in ('pending', 'paid', 'cancelled'))`.execute(db);
  await sql`alter table ledger_entries drop constraint ledger_entries_kind_check`.execute(db);
  await sql`alter table ledger_entries add constraint ledger_entries_kind_check
    check (kind in ('signup', 'topup', 'payment', 'membership', 'invite', 'fee', 'refund'))`.execute(db);
  await db.schema.alterTable('users').dropColumn('role').dropColumn('suspended_at').execute();
}
