/**
 * The canary guard's votes (docs/RELEASES.md "Canary"): one row per release, channel and signed-in
 * user who was assigned it there, holding that user's verdict (a failure replaces a success, never the other way)
 * and, for a failure, the error's name, a hash of its stack and the stage it failed in (load,
 * render, mount). The earlier per-browser reports are dropped: anyone could send them (one vote
 * per address, with no session), so none of them can be trusted as a vote.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('release_load_votes')
    .addColumn('release_id', 'uuid', (c) => c.notNull().references('releases.id').onDelete('cascade'))
    // The channel the deployment that assigned it serves: a vote on staging never counts on production.
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('failed', 'boolean', (c) => c.notNull())
    .addColumn('stage', 'text', (c) => c.check(sql`stage in ('load', 'render', 'mount')`))
    .addColumn('error_name', 'text')
    .addColumn('stack_hash', 'text')
    .addColumn('voted_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // One vote per user, release and channel: a reload loop, or a thousand tabs, count once.
    .addPrimaryKeyConstraint('release_load_votes_pk', ['release_id', 'channel', 'user_id'])
    .addCheckConstraint('release_load_votes_failure_named', sql`failed = (error_name is not null and stage is not null)`)
    .execute();
  await db.schema.dropTable('release_load_reports').execute();
}
