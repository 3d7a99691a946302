/**
 * Hardening 2 (docs/SECURITY.md "Free credit"):
 * - users.email_verified_at: the sign-up bonus and invite rewards wait for it. Accounts made before
 *   count as verified (they already received their bonus).
 * - one platform account backs at most one BlockPilot account: a unique index on the platform's
 *   customer id. Should two accounts already share one, the most recent connection keeps it and
 *   the others are disconnected (their drivers connect again, or connect another account).
 * - platform_trials: the trial is granted once per platform account, ever; trials already started
 *   on a connected account are recorded.
 * - orders.refunded_at: a payment that arrived for a cancelled order, refunded.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified_at', 'timestamptz').execute();
  await sql`update users set email_verified_at = created_at`.execute(db);

  await sql`
    with ranked as (
      select user_id, row_number() over (partition by platform_user_id order by connected_at desc, user_id) as rank
      from platform_accounts
    ), dropped as (
      delete from platform_accounts where user_id in (select user_id from ranked where rank > 1) returning user_id
    )
    update users set flex_connected = false, searching = false where id in (select user_id from dropped)`.execute(db);
  await db.schema.createIndex('platform_accounts_platform_user_id_key').unique().on('platform_accounts').column('platform_user_id').execute();

  await db.schema
    .createTable('platform_trials')
    .addColumn('platform_user_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await sql`
    insert into platform_trials (platform_user_id, user_id, started_at)
    select p.platform_user_id, u.id, u.trial_ends_at from platform_accounts p join users u on u.id = p.user_id
    where u.trial_ends_at is not null
    on conflict do nothing`.execute(db);

  await db.schema.alterTable('orders').addColumn('refunded_at', 'timestamptz').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('orders').dropColumn('refunded_at').execute();
  await db.schema.dropTable('platform_trials').execute();
  await db.schema.dropIndex('platform_accounts_platform_user_id_key').execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}
