/**
 * PGlite in a worker thread of its own (pgliteWorker.ts), behind the same dialect as PGlite in
 * this thread (pgliteDialect.ts). PGlite's WebAssembly runs every statement synchronously: in the
 * server's thread, each statement held up every request, timer and socket behind it, and HTTP
 * work and PGlite took turns on one core. In a thread of its own, the server's thread goes on
 * while PGlite works, and the two can use two cores (docs/ARCHITECTURE.md 5.3).
 *
 * Each statement is one message each way: its text and parameters there, its rows (or its
 * error's fields) back. The dialect's mutex still hands PGlite to one user at a time, so there is
 * at most one statement in flight.
 */
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { types } from '@electric-sql/pglite';
import type { CompiledQuery, DatabaseConnection, QueryResult } from 'kysely';
import { refuseToStream, type PGliteBackend } from './pgliteDialect.js';

/** Where the worker's PGlite keeps its data (as PGlite's own options). */
export interface PGliteThreadOptions {
  dataDir: string;
  loadDataDir?: Blob;
}

/** To the worker: a statement to run, or the order to close PGlite. */
export type ToPGliteThread = { id: number; sql: string; parameters: readonly unknown[] } | { id: number; close: true };

/** A database error as plain fields (`code`, `constraint`, ...): an Error's own fields do not survive a message. */
export type ErrorFields = { message: string; name?: string } & Record<string, unknown>;

/**
 * PostgreSQL's JSON types (json, jsonb, and arrays of each: PGlite's `types` names only the first
 * two). Their values cross from the worker as text, named in `jsonColumns`, and are parsed here.
 */
export const JSON_TYPES: readonly number[] = [types.JSON, types.JSONB, 199, 3807];

/** From the worker: PGlite is ready (or could not start), or a statement's outcome. */
export type FromPGliteThread =
  { ready: true } | { failed: ErrorFields } | { id: number; rows: Record<string, unknown>[]; jsonColumns: string[]; numAffectedRows?: number } | { id: number; error: ErrorFields };

/** A JSON column's value as it crossed from the worker: text, an array of texts, or null. */
const parseJson = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : Array.isArray(value) ? value.map(parseJson) : value);

function withJsonParsed(rows: Record<string, unknown>[], jsonColumns: string[]): Record<string, unknown>[] {
  if (jsonColumns.length > 0) for (const row of rows) for (const column of jsonColumns) row[column] = parseJson(row[column]);
  return rows;
}

export function errorFields(error: unknown): ErrorFields {
  if (error instanceof Error) return { ...error, message: error.message, name: error.name };
  // PGlite's file system fails with Emscripten's errors, plain objects (`{ name, errno }`).
  if (typeof error === 'object' && error !== null) {
    const fields = { ...error } as Record<string, unknown>;
    return { ...fields, message: typeof fields.message === 'string' ? fields.message : JSON.stringify(fields) };
  }
  return { message: String(error) };
}

function errorFrom({ message, ...fields }: ErrorFields): Error {
  return Object.assign(new Error(message), fields);
}

/**
 * The worker's entry, beside this file: pgliteWorker.js once built. When the server runs from its
 * TypeScript sources (tests, `dev`, the benches), it runs under tsx, whose loader a worker thread
 * does not inherit: the worker then registers it before loading pgliteWorker.ts.
 */
function startWorker(workerData: PGliteThreadOptions): Worker {
  const fromSources = extname(fileURLToPath(import.meta.url)) === '.ts';
  if (!fromSources) return new Worker(new URL('./pgliteWorker.js', import.meta.url), { workerData });
  const entry = new URL('./pgliteWorker.ts', import.meta.url).href;
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(bootstrap, { eval: true, workerData });
}

type Pending = { resolve: (result: QueryResult<unknown>) => void; reject: (error: Error) => void };

/** Starts PGlite in a worker thread; its {@link PGliteBackend.waitReady} settles once PGlite has opened its data. */
export function inWorkerThread(options: PGliteThreadOptions): PGliteBackend {
  const worker = startWorker(options);
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let stopped: Error | null = null;
  let ready!: { resolve: () => void; reject: (error: Error) => void };
  const waitReady = new Promise<void>((resolve, reject) => (ready = { resolve, reject }));

  const stop = (error: Error) => {
    stopped ??= error;
    ready.reject(stopped);
    for (const { reject } of pending.values()) reject(stopped);
    pending.clear();
  };
  worker.on('message', (message: FromPGliteThread) => {
    if ('ready' in message) {
      ready.resolve();
      if (pending.size === 0) worker.unref();
    } else if ('failed' in message) {
      const { message: why, ...fields } = message.failed;
      stop(errorFrom({ ...fields, message: `PGlite could not open ${options.dataDir}: ${why}` }));
      void worker.terminate();
    } else {
      const request = pending.get(message.id);
      if (!request) return;
      pending.delete(message.id);
      if (pending.size === 0) worker.unref();
      if ('error' in message) request.reject(errorFrom(message.error));
      else
        request.resolve({
          rows: withJsonParsed(message.rows, message.jsonColumns),
          ...(message.numAffectedRows !== undefined ? { numAffectedRows: BigInt(message.numAffectedRows) } : {}),
        });
    }
  });
  worker.on('error', (error) => stop(error));
  worker.on('exit', (code) => stop(new Error(`PGlite's thread stopped (exit code ${code})`)));
  // Unhandled otherwise when nobody waits for PGlite to be ready (it failed before the first statement).
  waitReady.catch(() => undefined);

  // The worker keeps this process alive only while a statement (or PGlite's start) is under way,
  // as PGlite in this thread would: a database nobody closed does not keep a finished process up.
  const send = (message: ToPGliteThread) =>
    new Promise<QueryResult<unknown>>((resolve, reject) => {
      if (stopped) return reject(stopped);
      if (pending.size === 0) worker.ref();
      pending.set(message.id, { resolve, reject });
      worker.postMessage(message);
    });

  const connection: DatabaseConnection = {
    executeQuery: <R>(query: CompiledQuery) => send({ id: nextId++, sql: query.sql, parameters: query.parameters }) as Promise<QueryResult<R>>,
    streamQuery: refuseToStream,
  };

  return {
    connection,
    waitReady,
    async close() {
      if (!stopped) await send({ id: nextId++, close: true }).catch(() => undefined);
      stop(new Error('The database is closed'));
      await worker.terminate();
    },
  };
}
