/**
 * Prepared statements on PostgreSQL: each distinct SQL text Kysely compiles gets a name
 * (statementNames.ts), so a connection parses and plans it once and then only binds and executes
 * it (node-postgres keeps the names it has prepared per connection). Texts without a name run
 * unnamed, as before.
 */
import type pg from 'pg';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { statementNames } from './statementNames.js';

/** A pool whose clients run every parameterised statement as a named prepared statement. */
export function withNamedStatements(pool: pg.Pool): PostgresPool {
  const nameOf = statementNames();
  // Kysely keeps one connection object per client it is handed, so each client keeps its wrapper.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    query: ((textOrCursor: string | object, values?: unknown[]) => {
      const name = typeof textOrCursor === 'string' && values && values.length > 0 ? nameOf(textOrCursor) : undefined;
      return name ? client.query({ name, text: textOrCursor as string, values }) : client.query(textOrCursor as string, values);
    }) as unknown as PostgresPoolClient['query'],
    release: () => client.release(),
  });
  return {
    connect: async () => {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) wrappers.set(client, (wrapper = wrap(client)));
      return wrapper;
    },
    end: () => pool.end(),
  };
}
