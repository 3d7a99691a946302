/** Types of the server: its configuration and the services features are built from. */
import type { Kysely } from 'kysely';
import type { DatabaseSchema } from './db/schema.js';

/** Where the database lives: an embedded PGlite folder, or a PostgreSQL server. */
export type DatabaseConfig = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string };

/** One remote of the front end as the server hosts and advertises it. */
export interface HostedRemote {
  /** Federation name, e.g. `mf_auth`. */
  name: string;
  /** Its built files, served under {@link urlPath} when present. */
  dir: string;
  /** The manifest URL advertised in /remotes.json: same-origin by default, or where it is deployed. */
  entry: string;
  /** URL path the built files are served under, e.g. `/remotes/mf-auth/`. */
  urlPath: string;
}

/** Everything the server reads from the environment (see README "Configuration"). */
export interface ServerConfig {
  port: number;
  host: string;
  /** The address drivers open; used in e-mailed links. */
  publicUrl: string;
  logLevel: string;
  database: DatabaseConfig;
  /** Folder for embedded data (PGlite, generated keys). */
  dataDir: string;
  frontend: {
    shellDir: string;
    remotes: HostedRemote[];
    /** Origins allowed to serve a staging preview of a remote. */
    previewOrigins: string[];
  };
  /** The platform simulator started with the product (embedded default). */
  platformSim: { enabled: boolean; port: number; seed: number };
}

/** An open database: the typed query builder and how to close it. */
export interface Database {
  db: Kysely<DatabaseSchema>;
  kind: DatabaseConfig['kind'];
  close(): Promise<void>;
}
