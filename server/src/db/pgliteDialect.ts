/**
 * A Kysely dialect over PGlite, the embedded PostgreSQL. PGlite is one connection, so a mutex
 * hands it to one user at a time: a transaction's statements never interleave with another
 * request's. The SQL dialect is PostgreSQL's, so the same queries run on a real server.
 *
 * PGlite runs either in this thread ({@link inThisThread}) or in a worker thread of its own
 * (pgliteThread.ts, what the server uses: docs/ARCHITECTURE.md 5.3); the dialect is the same.
 *
 * Statements with parameters run as named prepared statements, as on PostgreSQL
 * (namedStatements.ts): PGlite's own `query` parses and plans every statement again and calls into
 * its WebAssembly once per protocol message (parse, describe, bind, describe, execute, sync). A
 * prepared statement is parsed once; each run is then one call (bind, describe, execute, sync),
 * its result read by PGlite's own parser, values written by PGlite's own serialisers, so rows and
 * errors are the same as `query`'s (docs/ARCHITECTURE.md 5.3).
 */
import { Mutex, parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { statementNames } from './statementNames.js';

const { serialize } = protocol;

/** What a statement run needs of Kysely's compiled query (the worker gets just these in its message). */
type Statement = Pick<CompiledQuery, 'sql' | 'parameters'>;

/** What follows a prepared statement's bind on every run: the same bytes each time, made once. */
const DESCRIBE_EXECUTE_SYNC = Buffer.concat([serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]);

/**
 * PostgreSQL refuses to run a prepared statement whose result columns changed under it (a
 * migration added a column to a `select *`'s table): the statement is then prepared again.
 */
const isStalePlan = (error: unknown) => (error as { code?: unknown }).code === '0A000' && String((error as Error).message).includes('cached plan');

/** PGlite answers each statement whole, in either thread: Kysely's `stream()` is refused. */
// eslint-disable-next-line require-yield
export async function* refuseToStream<R>(): AsyncIterableIterator<QueryResult<R>> {
  throw new Error('PGlite does not stream query results');
}

/** PGlite's one connection, with its statements prepared (in whichever thread holds PGlite). */
export class PGliteConnection implements DatabaseConnection {
  private readonly nameOf = statementNames();
  /** The types of each prepared statement's parameters, by its text (to write values as PGlite's `query` does). */
  private readonly parameterTypes = new Map<string, number[]>();

  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { rows, affectedRows } = await this.run<R>(query);
    return { rows, ...(affectedRows !== undefined ? { numAffectedRows: BigInt(affectedRows) } : {}) };
  }

  /** Runs a statement; resolves to PGlite's own result (its rows, and its fields' names and types). */
  async run<R>(query: Statement): Promise<Results<R>> {
    const name = query.parameters.length > 0 ? this.nameOf(query.sql) : undefined;
    if (name === undefined) return this.pglite.query<R>(query.sql, [...query.parameters]);
    try {
      return await this.runPrepared<R>(name, query);
    } catch (error) {
      if (!isStalePlan(error)) throw error;
      await this.pglite.execProtocol(Buffer.concat([serialize.close({ type: 'S', name }), serialize.sync()]));
      this.parameterTypes.delete(query.sql);
      return this.runPrepared<R>(name, query);
    }
  }

  /** Runs a statement by its name, preparing it first if this connection has not yet. */
  private async runPrepared<R>(name: string, query: Statement) {
    const types = this.parameterTypes.get(query.sql) ?? (await this.prepare(name, query.sql));
    const values = query.parameters.map((value, i) => {
      if (value === null || value === undefined) return null;
      const write = this.pglite.serializers[types[i]!];
      return write ? write(value) : String(value);
    });
    const { messages } = await this.pglite.execProtocol(Buffer.concat([serialize.bind({ statement: name, values }), DESCRIBE_EXECUTE_SYNC]));
    return parse.parseResults(messages, this.pglite.parsers)[0] as Results<R>;
  }

  /** Prepares a statement under its name; resolves to the types of its parameters. */
  private async prepare(name: string, text: string): Promise<number[]> {
    const { messages } = await this.pglite.execProtocol(Buffer.concat([serialize.parse({ name, text, types: [] }), serialize.describe({ type: 'S', name }), serialize.sync()]));
    const types = parse.parseDescribeStatementResults(messages);
    this.parameterTypes.set(text, types);
    return types;
  }

  streamQuery = refuseToStream;
}

/** What a PGlite dialect runs on: PGlite's one connection, ready once PGlite is, closed with it. */
export interface PGliteBackend {
  readonly connection: DatabaseConnection;
  readonly waitReady: Promise<void>;
  close(): Promise<void>;
}

/** PGlite in this thread: its statements share the thread with everything else the process does. */
export function inThisThread(pglite: PGlite): PGliteBackend {
  return { connection: new PGliteConnection(pglite), waitReady: pglite.waitReady, close: () => pglite.close() };
}

class PGliteDriver implements Driver {
  private readonly mutex = new Mutex();
  private release: (() => void) | null = null;

  constructor(private readonly backend: PGliteBackend) {}

  async init(): Promise<void> {
    await this.backend.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    this.release = await this.mutex.acquire();
    return this.backend.connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(): Promise<void> {
    const release = this.release;
    this.release = null;
    release?.();
  }

  async destroy(): Promise<void> {
    await this.backend.close();
  }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly backend: PGliteBackend) {}
  createAdapter = () => new PostgresAdapter();
  createDriver = () => new PGliteDriver(this.backend);
  createQueryCompiler = () => new PostgresQueryCompiler();
  createIntrospector = (db: Kysely<unknown>) => new PostgresIntrospector(db);
}
