/**
 * Runs a suite on every database the product supports: embedded PGlite always, and PostgreSQL at
 * TEST_DATABASE_URL (default the CI service). Each PostgreSQL suite gets its own schema, dropped
 * afterwards, so suites run in parallel without touching each other's rows. Under CI=true a
 * missing PostgreSQL fails the run; elsewhere the suite says it is skipped and why.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe } from 'node:test';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, type KyselyPlugin } from 'kysely';
import pg from 'pg';
import { migrate, openDatabase } from '../src/db/index.js';
import { inThisThread, PGliteDialect } from '../src/db/pgliteDialect.js';
import type { DatabaseSchema } from '../src/db/schema.js';
import type { Database, DatabaseConfig } from '../src/db/types.js';

export const TEST_POSTGRES_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

let reachable: Promise<boolean> | null = null;
export function postgresReachable(): Promise<boolean> {
  reachable ??= (async () => {
    const client = new pg.Client({ connectionString: TEST_POSTGRES_URL, connectionTimeoutMillis: 2000 });
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return reachable;
}

/** A PostgreSQL database URL whose default schema is a fresh one, and how to drop it. */
export async function isolatedPostgres(): Promise<{ config: DatabaseConfig; drop(): Promise<void> }> {
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(TEST_POSTGRES_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    config: { kind: 'postgres', url: url.toString() },
    async drop() {
      const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
}

/** One database kind under test, opened fresh for a suite. */
export interface TestDatabase {
  kind: DatabaseConfig['kind'];
  open(): Promise<Database>;
}

const MIGRATIONS_DIR = new URL('../src/db/migrations/', import.meta.url);

/** Names the migrations as they are now (and PGlite's version): a changed migration is a new template. */
async function migrationsFingerprint(): Promise<string> {
  const hash = createHash('sha256');
  const { version } = JSON.parse(await readFile(new URL('../node_modules/@electric-sql/pglite/package.json', import.meta.url), 'utf8')) as { version: string };
  hash.update(version);
  for (const name of (await readdir(MIGRATIONS_DIR)).sort()) hash.update(name).update(await readFile(new URL(name, MIGRATIONS_DIR)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated, empty PGlite data folder, made once per machine and kept in the temp folder. A new
 * PGlite runs initdb, which costs seconds of CPU; each suite (every test file is a process of its
 * own) starts from this copy instead and only finds its migrations done. Written under a temporary
 * name, then renamed, so processes making it at once never read half a file.
 */
let template: Promise<Blob> | null = null;
export function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const dir = join(tmpdir(), 'blockpilot-test-pglite');
    const file = join(dir, `template-${await migrationsFingerprint()}.tar`);
    const saved = await readFile(file).catch(() => null);
    if (saved) return new Blob([saved]);
    const pglite = new PGlite('memory://');
    const db = new Kysely<DatabaseSchema>({ dialect: new PGliteDialect(inThisThread(pglite)) });
    await migrate(db);
    const dump = await pglite.dumpDataDir('none');
    await db.destroy();
    await mkdir(dir, { recursive: true });
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(partial, Buffer.from(await dump.arrayBuffer()));
    await rename(partial, file);
    return dump;
  })();
  return template;
}

const pglite: TestDatabase = { kind: 'pglite', open: async () => openDatabase({ kind: 'pglite', dataDir: 'memory://', loadDataDir: await pgliteTemplate() }) };

const postgres: TestDatabase = {
  kind: 'postgres',
  async open() {
    if (!(await postgresReachable())) {
      throw new Error(`PostgreSQL is required under CI=true and was not reachable at ${TEST_POSTGRES_URL}`);
    }
    const { config, drop } = await isolatedPostgres();
    const database = await openDatabase(config);
    return { ...database, close: async () => (await database.close(), await drop()) };
  },
};

/**
 * Whether the PostgreSQL suites run. They always do under CI=true (and fail if the server is
 * missing). Elsewhere the test command probes the server first and sets BLOCKPILOT_TEST_POSTGRES=0
 * when there is none, so a fresh machine with only Node runs the PGlite suites and says so.
 */
function postgresWanted(): boolean {
  return process.env.CI === 'true' || process.env.BLOCKPILOT_TEST_POSTGRES !== '0';
}

/**
 * `describe` once per database. The body gets a getter for the suite's open database, opened in
 * beforeAll and closed in afterAll, and the database's kind (for tests that only one kind can run).
 */
export function describeEachDatabase(title: string, body: (database: () => Database, kind: DatabaseConfig['kind']) => void): void {
  for (const kind of postgresWanted() ? [pglite, postgres] : [pglite]) {
    describe(`${title} [${kind.kind}]`, () => {
      let database: Database | null = null;
      before(async () => {
        database = await kind.open();
      });
      after(async () => {
        await database?.close();
      });
      body(() => {
        if (!database) throw new Error(`the ${kind.kind} database did not open`);
        return database;
      }, kind.kind);
    });
  }
}

/** A database that can be made to fail every query, for the code above it, and back. */
export interface DatabaseOutage {
  /** The same database, seen through the switch. */
  database: Database;
  down(): void;
  up(): void;
}

/**
 * Wraps a database so each query fails while the outage is on, as if the server went away. The
 * underlying database stays reachable for the test's own checks.
 */
export function withOutage(inner: Database): DatabaseOutage {
  let isDown = false;
  const outage: KyselyPlugin = {
    transformQuery(args) {
      if (isDown) throw new Error('the database is away (test outage)');
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  return {
    database: { ...inner, db: inner.db.withPlugin(outage) },
    down: () => void (isDown = true),
    up: () => void (isDown = false),
  };
}
