/**
 * The database's tables as Kysely sees them. One schema for PGlite and PostgreSQL; migrations in
 * ./migrations create it. Feature issues add their tables here and in a new migration.
 */
import type { Generated } from 'kysely';

/** A record of operator-visible events at start-up, proving migrations and writes work. */
export interface BootTable {
  id: Generated<number>;
  started_at: Generated<Date>;
  version: string;
}

export interface DatabaseSchema {
  boots: BootTable;
}
