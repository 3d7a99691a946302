/**
 * The one database module: opens PGlite (embedded default, a data folder) or PostgreSQL
 * (`DATABASE_URL`) behind the same typed Kysely API, and brings the schema up to date.
 */
import { mkdir } from 'node:fs/promises';
import { Kysely, Migrator, PostgresDialect, sql, type MigrationProvider } from 'kysely';
import type { Database, DatabaseConfig } from './types.js';
import { migrations } from './migrations/index.js';
import { withNamedStatements } from './namedStatements.js';
import { PGliteDialect } from './pgliteDialect.js';
import type { DatabaseSchema } from './schema.js';

const provider: MigrationProvider = { getMigrations: async () => migrations };

async function dialectFor(config: DatabaseConfig) {
  if (config.kind === 'postgres') {
    const { default: pg } = await import('pg');
    // Timestamps and bigint counts come back as JS values, not strings.
    pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
    const pool = new pg.Pool({ connectionString: config.url, max: 10 });
    // A connection the server ends (a restart, a failover, pg_terminate_backend) emits 'error':
    // from the pool when it was idle (the pool has dropped it already), from the client when it
    // was checked out between two statements (its next statement fails, the caller sees that, and
    // the pool drops it on release). Unheard, Node throws the event and the whole process dies
    // (found by the fault suite, server/src/hardening/faults.test.ts).
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    return new PostgresDialect({ pool: withNamedStatements(pool) });
  }
  if (config.dataDir !== 'memory://') await mkdir(config.dataDir, { recursive: true });
  const { inWorkerThread } = await import('./pgliteThread.js');
  return new PGliteDialect(inWorkerThread({ dataDir: config.dataDir, ...(config.loadDataDir ? { loadDataDir: config.loadDataDir } : {}) }));
}

/** Applies every pending migration; fails loudly (the server must not start on a half schema). */
export async function migrate(db: Kysely<DatabaseSchema>): Promise<string[]> {
  // Kysely looks for its bookkeeping tables in every schema unless told which one: in a database
  // holding several (one per test suite, or per deployment) it would find another schema's.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  // Numbers are handed out to work done side by side, which can land in another order (0019 before
  // 0018): a database that already ran the later one still gets the earlier one, instead of the
  // server refusing to start. Each migration stands alone, so their order between such pairs does not matter.
  const schema = rows[0]!.schema;
  const migrator = new Migrator({ db, provider, migrationTableSchema: schema, allowUnorderedMigrations: true });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    // Kysely finds its tables by reading every schema's tables and columns from the catalog, and
    // asking PostgreSQL about each; one dropped in between (another deployment's schema, or a
    // parallel test suite's) fails the read. That happens before any migration runs (`results` is
    // only given once they have), so nothing is half done: look again, after a moment.
    if (results !== undefined || !vanishedUnderTheRead(error) || attempt >= MIGRATE_ATTEMPTS) throw error instanceof Error ? error : new Error(String(error));
    await new Promise((resolve) => setTimeout(resolve, attempt * 20));
  }
}

/** Looks for kysely's tables again this many times while other schemas vanish under it. */
const MIGRATE_ATTEMPTS = 10;

/**
 * PostgreSQL's answers to a catalog read about an object dropped meanwhile: its schema, table or
 * column no longer exists (3F000, 42P01, 42703), or its catalog entry is gone (XX000).
 */
function vanishedUnderTheRead(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  return code === '3F000' || code === '42P01' || code === '42703' || (code === 'XX000' && error.message.startsWith('cache lookup failed'));
}

/** The databases opened on PGlite (see {@link onPGlite}). */
const pgliteDatabases = new WeakSet<Kysely<DatabaseSchema>>();

/**
 * Whether a database (opened by {@link openDatabase}; not a transaction of it) is PGlite: the SQL
 * is the same, but some reads cost differently there (features/logs/query.ts).
 */
export function onPGlite(db: Kysely<DatabaseSchema>): boolean {
  return pgliteDatabases.has(db);
}

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  const db = new Kysely<DatabaseSchema>({ dialect: await dialectFor(config) });
  if (config.kind === 'pglite') pgliteDatabases.add(db);
  try {
    await migrate(db);
  } catch (error) {
    // Not left holding connections (or a PGlite) that nobody can close.
    await db.destroy().catch(() => undefined);
    throw error;
  }
  return { db, kind: config.kind, close: () => db.destroy() };
}
