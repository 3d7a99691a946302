/**
 * A fingerprint of everything the database holds: per table, its row count and an md5 over its
 * rows in a stable order. Two equal snapshots mean no row was added, removed or changed in
 * between. The tables are read from the catalogue each time, so a table added by a later
 * migration is covered without touching this file.
 */
import { sql, type Kysely } from 'kysely';
import type { DatabaseSchema } from '../../src/db/schema.js';

/**
 * Tables the process writes on its own clock, whatever the requests do: the engine's per-minute
 * figures (docs/OPERATIONS.md "Engine health"), flushed every few seconds. A refused request
 * cannot be blamed for them.
 */
const WRITTEN_ON_A_CLOCK = ['engine_health_minutes'];

/** Table name -> `<rows>:<md5 of the rows>`. */
export type DatabaseSnapshot = Map<string, string>;

async function tablesOf(db: Kysely<DatabaseSchema>): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_migration%'
    order by table_name`.execute(db);
  return rows.map((row) => row.name).filter((name) => !WRITTEN_ON_A_CLOCK.includes(name));
}

export async function snapshotDatabase(db: Kysely<DatabaseSchema>): Promise<DatabaseSnapshot> {
  const tables = await tablesOf(db);
  // One statement for all tables: a snapshot is taken thousands of times per fuzz run.
  const perTable = tables.map(
    (table) => sql`select ${table} as name, count(*)::text || ':' || md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as digest from ${sql.table(table)} t`,
  );
  const { rows } = await sql<{ name: string; digest: string }>`${sql.join(perTable, sql` union all `)}`.execute(db);
  return new Map(rows.map((row) => [row.name, row.digest]));
}

/** The tables whose content differs between two snapshots. */
export function changedTables(before: DatabaseSnapshot, after: DatabaseSnapshot): string[] {
  const names = new Set([...before.keys(), ...after.keys()]);
  return [...names].filter((name) => before.get(name) !== after.get(name)).sort();
}

/**
 * A fingerprint of one user's rows only: their users row and every row of a table with a
 * user_id column that is theirs. Used to show another user's requests left them untouched
 * while the database as a whole changed.
 */
export async function snapshotUserRows(db: Kysely<DatabaseSchema>, userId: string): Promise<DatabaseSnapshot> {
  const { rows: tables } = await sql<{ name: string }>`
    select table_name as name from information_schema.columns
    where table_schema = current_schema() and column_name = 'user_id' order by table_name`.execute(db);
  const perTable = [
    sql`select 'users' as name, md5(coalesce(string_agg(t::text, ','), '')) as digest from users t where t.id = ${userId}`,
    ...tables.map(
      ({ name }) =>
        sql`select ${name} as name, count(*)::text || ':' || md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as digest from ${sql.table(name)} t where t.user_id = ${userId}`,
    ),
  ];
  const { rows } = await sql<{ name: string; digest: string }>`${sql.join(perTable, sql` union all `)}`.execute(db);
  return new Map(rows.map((row) => [row.name, row.digest]));
}
