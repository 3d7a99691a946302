/**
 * The driver's private calendar feed (docs/LIVE.md "The driver's app"): one link per driver, kept
 * only as the SHA-256 of its token, like access tokens. Rotating replaces the hash, revoking deletes
 * the row: the old link answers 404 at once. An index on the start of accepted blocks serves the
 * stats and calendar reads, which look blocks up by their start, not by when they were seen.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('offer_logs_user_start').on('offer_logs').columns(['user_id', 'start_time']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('offer_logs_user_start').execute();
  await db.schema.dropTable('calendar_feeds').execute();
}
