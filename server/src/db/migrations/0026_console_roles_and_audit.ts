/**
 * Roles and the audit log of the operator console (docs/OPERATIONS.md "Roles", "Audit").
 *
 * - users.role_granted_by: who decided the account's role last, `ADMIN_EMAILS` (the list, which
 *   takes back only a role it gave) or `console` (an admin, whose decision the list never
 *   overrides); null for a driver nobody promoted. Filled from the audit log's latest role change
 *   of each account; a role with no recorded change (set by hand) counts as the console's.
 * - audit_entries.read_hour: the hour of a read of personal data, recorded once per operator,
 *   action, subject and hour (a unique index, so reads at once race to one entry).
 * - audit_entries is append-only in the database itself, as release_audit is: a trigger refuses
 *   UPDATE, DELETE and TRUNCATE, whoever sends them.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('role_granted_by', 'text', (c) => c.check(sql`role_granted_by in ('ADMIN_EMAILS', 'console')`))
    .execute();
  await sql`update users set role_granted_by = case when latest.actor_id is null and latest.actor_email = 'ADMIN_EMAILS' then 'ADMIN_EMAILS' else 'console' end
    from (select distinct on (target_user_id) target_user_id, actor_id, actor_email from audit_entries where action = 'user.role' order by target_user_id, id desc) latest
    where latest.target_user_id = users.id`.execute(db);
  await sql`update users set role_granted_by = 'console' where role <> 'user' and role_granted_by is null`.execute(db);

  await db.schema.alterTable('audit_entries').addColumn('read_hour', 'timestamptz').execute();
  await db.schema
    .createIndex('audit_entries_read_once')
    .on('audit_entries')
    .columns(['actor_id', 'action', 'subject', 'read_hour'])
    .unique()
    .where(sql.ref('read_hour'), 'is not', null)
    .execute();

  await sql`create function audit_entries_append_only() returns trigger language plpgsql as $$
    begin raise exception 'audit_entries is append-only'; end $$`.execute(db);
  await sql`create trigger audit_entries_append_only before update or delete on audit_entries
    for each row execute function audit_entries_append_only()`.execute(db);
  await sql`create trigger audit_entries_no_truncate before truncate on audit_entries
    for each statement execute function audit_entries_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger audit_entries_no_truncate on audit_entries`.execute(db);
  await sql`drop trigger audit_entries_append_only on audit_entries`.execute(db);
  await sql`drop function audit_entries_append_only()`.execute(db);
  await db.schema.dropIndex('audit_entries_read_once').execute();
  await db.schema.alterTable('audit_entries').dropColumn('read_hour').execute();
  await db.schema.alterTable('users').dropColumn('role_granted_by').execute();
}
