/**
 * The release registry (docs/RELEASES.md): immutable releases of each remote and their files,
 * channels mapping each remote to a release (moved by compare-and-swap on the channel's revision),
 * deploy tokens, load reports of canaries, and an append-only audit log that also serves as each
 * channel's history.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('releases')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('remote', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('build_digest', 'text', (c) => c.notNull())
    .addColumn('manifest', 'jsonb', (c) => c.notNull())
    .addColumn('shared', 'jsonb', (c) => c.notNull())
    .addColumn('exposes', sql`text[]`, (c) => c.notNull())
    .addColumn('git_commit', 'text')
    .addColumn('published_by', 'text', (c) => c.notNull())
    .addColumn('published_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('releases_remote_version', ['remote', 'version'])
    .execute();

  await db.schema
    .createTable('release_files')
    .addColumn('release_id', 'uuid', (c) => c.notNull().references('releases.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('integrity', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('release_files_pk', ['release_id', 'path'])
    .execute();

  await db.schema
    .createTable('release_channels')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db
    .insertInto('release_channels' as never)
    .values([{ name: 'production' }, { name: 'staging' }] as never)
    .execute();

  await db.schema
    .createTable('release_channel_entries')
    .addColumn('channel', 'text', (c) => c.notNull().references('release_channels.name'))
    .addColumn('remote', 'text', (c) => c.notNull())
    .addColumn('release_id', 'uuid', (c) => c.notNull().references('releases.id'))
    .addColumn('canary_release_id', 'uuid', (c) => c.references('releases.id'))
    .addColumn('canary_percent', 'integer', (c) => c.check(sql`canary_percent between 0 and 100`))
    .addColumn('canary_users', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addPrimaryKeyConstraint('release_channel_entries_pk', ['channel', 'remote'])
    .execute();

  await db.schema
    .createTable('release_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('remote', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('release_load_reports')
    .addColumn('release_id', 'uuid', (c) => c.notNull().references('releases.id').onDelete('cascade'))
    .addColumn('reporter', 'text', (c) => c.notNull())
    .addColumn('failed', 'boolean', (c) => c.notNull())
    .addColumn('reported_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    // One vote per browser and outcome: a reload loop cannot tip a canary on its own.
    .addPrimaryKeyConstraint('release_load_reports_pk', ['release_id', 'reporter', 'failed'])
    .execute();

  await db.schema
    .createTable('release_audit')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('actor', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('channel', 'text')
    .addColumn('remote', 'text')
    .addColumn('from_release_id', 'uuid')
    .addColumn('to_release_id', 'uuid')
    .addColumn('revision', 'integer')
    .addColumn('reason', 'text')
    .addColumn('forced', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('detail', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .execute();
  await db.schema.createIndex('release_audit_channel_remote').on('release_audit').columns(['channel', 'remote', 'id']).execute();
  // Append-only in the database itself, not only by convention of the code.
  await sql`create function release_audit_append_only() returns trigger language plpgsql as $$
    begin raise exception 'release_audit is append-only'; end $$`.execute(db);
  await sql`create trigger release_audit_append_only before update or delete on release_audit
    for each row execute function release_audit_append_only()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('release_audit').execute();
  await sql`drop function release_audit_append_only()`.execute(db);
  for (const table of ['release_load_reports', 'release_tokens', 'release_channel_entries', 'release_channels', 'release_files', 'releases'])
    await db.schema.dropTable(table).execute();
}
