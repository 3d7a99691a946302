import { sql, type Kysely } from 'kysely';

/**
 * Accounts: users (with the columns the search engine will read), their access and reset tokens,
 * their filters, and the Telegram link codes the bot hands out.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('country_code', 'text', (c) => c.notNull().check(sql`country_code in ('US', 'CA', 'UK', 'AU')`))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('credit_cents', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`credit_cents >= 0`),
    )
    .addColumn('shareable_code', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('trial_ends_at', 'timestamptz')
    .addColumn('membership_ends_at', 'timestamptz')
    .addColumn('notify_email', 'text', (c) => c.notNull())
    .addColumn('notify_whatsapp', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('telegram_auth_code', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('telegram_chat_id', 'text')
    .addColumn('promotions_opted_out_at', 'timestamptz')
    .addColumn('flex_connected', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('puzzle_required', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('searching', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('timezone_offset', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('auth_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('access', 'reset')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('auth_tokens_user').on('auth_tokens').columns(['user_id', 'kind']).execute();

  await db.schema
    .createTable('filters')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull())
    .addColumn('service_areas', sql`text[]`, (c) => c.notNull())
    .addColumn('days', sql`smallint[]`, (c) => c.notNull())
    .addColumn('time_from', 'integer', (c) => c.notNull())
    .addColumn('time_to', 'integer', (c) => c.notNull())
    .addColumn('pay_from', 'integer', (c) => c.notNull())
    .addColumn('pay_to', 'integer', (c) => c.notNull())
    .addColumn('pay_type', 'text', (c) => c.notNull().check(sql`pay_type in ('PER_BLOCK', 'PER_HOUR')`))
    .addColumn('duration_from', 'double precision', (c) => c.notNull())
    .addColumn('duration_to', 'double precision', (c) => c.notNull())
    .addColumn('time_to_arrive', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('filters_user').on('filters').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('telegram_link_codes')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('chat_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['telegram_link_codes', 'filters', 'auth_tokens', 'users']) await db.schema.dropTable(table).execute();
}
