import { sql, type Kysely } from 'kysely';

/** Start-up records: when each server process started and with which version. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('boots')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('version', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('boots').execute();
}
