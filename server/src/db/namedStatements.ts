/**
 * Prepared statements on PostgreSQL: each distinct SQL text Kysely compiles gets a name, so a
 * connection parses and plans it once and then only binds and executes it (node-postgres keeps
 * the names it has prepared per connection). Kysely always compiles the same text for the same
 * query shape, with values as parameters, so the names are few; texts past MAX_NAMED (a query
 * built from a list of any length, say) run unnamed, as before, so the statements a connection
 * holds stay bounded.
 */
import type pg from 'pg';
import type { PostgresPool, PostgresPoolClient } from 'kysely';

/** Distinct statements given a name, at most. */
const MAX_NAMED = 500;

/** A pool whose clients run every parameterised statement as a named prepared statement. */
export function withNamedStatements(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < MAX_NAMED) names.set(text, (name = `bp_${names.size}`));
    return name;
  };
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
