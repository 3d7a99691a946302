/** The database as the rest of the server holds it: where it lives and the open handle. */
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from './schema.js';

/** Where the database lives: an embedded PGlite folder, or a PostgreSQL server. */
export type DatabaseConfig =
  | {
      kind: 'pglite';
      dataDir: string;
      /** A copy of a data folder (PGlite's `dumpDataDir`) to start from instead of an empty one: skips initdb. */
      loadDataDir?: Blob;
    }
  | { kind: 'postgres'; url: string };

/** An open database: the typed query builder and how to close it. */
export interface Database {
  db: Kysely<DatabaseSchema>;
  kind: DatabaseConfig['kind'];
  close(): Promise<void>;
}
