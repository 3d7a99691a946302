import { sql, type CreateTableBuilder, type Kysely } from 'kysely';

/**
 * The search engine: connected platform accounts (tokens sealed), sign-in challenges waiting for
 * their pasted URL, the offer log (each offer once per driver), and accept attempts (written
 * before the platform is asked, so a block booked just before a crash is still logged and charged).
 */
/** The block an offer was for, as the platform described it: kept alike in the log and in attempts. */
function withOfferColumns(table: CreateTableBuilder<string, string>): CreateTableBuilder<string, string> {
  return table
    .addColumn('discovered_at', 'timestamptz', (c) => c.notNull())
    .addColumn('start_time', 'double precision', (c) => c.notNull())
    .addColumn('end_time', 'double precision', (c) => c.notNull())
    .addColumn('service_area_id', 'text', (c) => c.notNull())
    .addColumn('price_amount', 'double precision', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull());
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('platform_accounts')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('region', 'text', (c) => c.notNull().check(sql`region in ('NA', 'EU', 'FE')`))
    .addColumn('platform_user_id', 'text', (c) => c.notNull())
    .addColumn('instance_id', 'uuid', (c) => c.notNull())
    .addColumn('device_serial', 'text', (c) => c.notNull())
    .addColumn('refresh_token', 'text', (c) => c.notNull())
    .addColumn('access_token', 'text', (c) => c.notNull())
    .addColumn('access_issued_at', 'timestamptz', (c) => c.notNull())
    .addColumn('access_expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('service_areas', 'jsonb')
    .addColumn('service_areas_fetched_at', 'timestamptz')
    .addColumn('connected_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('platform_challenges')
    .addColumn('verifier_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('region', 'text', (c) => c.notNull().check(sql`region in ('NA', 'EU', 'FE')`))
    .addColumn('device_serial', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('platform_challenges_user').on('platform_challenges').columns(['user_id', 'expires_at']).execute();

  await db.schema
    .createTable('offer_logs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('offer_id', 'text', (c) => c.notNull())
    .$call(withOfferColumns)
    .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('BLOCK_ACCEPT', 'BLOCK_IGNORE')`))
    .addColumn('reason', 'text', (c) => c.check(sql`reason in ('filter', 'overlap', 'credit', 'taken', 'failed')`))
    .addColumn('cost_cents', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`cost_cents >= 0`),
    )
    .addColumn('forfeited_at', 'timestamptz')
    .addUniqueConstraint('offer_logs_user_offer', ['user_id', 'offer_id'])
    .execute();
  await db.schema.createIndex('offer_logs_user_discovered').on('offer_logs').columns(['user_id', 'discovered_at']).execute();

  await db.schema
    .createTable('accept_attempts')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('offer_id', 'text', (c) => c.notNull())
    .$call(withOfferColumns)
    .addColumn('fee_cents', 'integer', (c) => c.notNull().check(sql`fee_cents >= 0`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('accept_attempts_pkey', ['user_id', 'offer_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['accept_attempts', 'offer_logs', 'platform_challenges', 'platform_accounts']) await db.schema.dropTable(table).execute();
}
