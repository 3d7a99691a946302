/**
 * A query built and compiled to SQL once per database, then run with new values: the hot routes
 * otherwise rebuild the same Kysely operation tree and SQL text on every request (about a tenth of
 * their CPU time in the profile of bench/server-api.ts). Together with the named prepared
 * statements of namedStatements.ts, PostgreSQL then only binds and executes.
 *
 * The builder gets `value(name)`, a stand-in for a value given at each run; each stand-in must end
 * up as exactly one parameter of the compiled query (a plain comparison, not an `in` list, whose
 * length would change the SQL). Anything else the builder writes stays as compiled.
 */
import { CompiledQuery, type Compilable, type Kysely } from 'kysely';
import type { DatabaseSchema } from './schema.js';

type Db = Kysely<DatabaseSchema>;

/** Marks where a run's value goes; compared by identity. */
class Slot {
  constructor(readonly name: string) {}
}

export function compiledOnce<Values extends Record<string, unknown>, Row>(
  build: (db: Db, value: <K extends keyof Values & string>(name: K) => Values[K]) => Compilable<Row>,
): (db: Db, values: Values) => Promise<Row[]> {
  const compiled = new WeakMap<Db, { query: CompiledQuery<Row>; slots: Array<string | null> }>();
  const compile = (db: Db) => {
    let made = 0;
    const query = build(db, (name) => (made++, new Slot(name) as never)).compile();
    const slots = query.parameters.map((parameter) => (parameter instanceof Slot ? parameter.name : null));
    // A stand-in inside an `in` list or a JSON value would be sent as itself: refuse to run at all.
    if (slots.filter((slot) => slot !== null).length !== made) throw new Error(`compiledOnce: every value() must become one parameter of: ${query.sql}`);
    const entry = { query, slots };
    compiled.set(db, entry);
    return entry;
  };
  return async (db, values) => {
    const { query, slots } = compiled.get(db) ?? compile(db);
    const parameters = slots.map((slot, i) => (slot === null ? query.parameters[i] : values[slot]));
    return (await db.executeQuery(CompiledQuery.raw(query.sql, parameters) as CompiledQuery<Row>)).rows;
  };
}
