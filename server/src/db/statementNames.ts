/**
 * Names for prepared statements, one per distinct SQL text, shared by both databases' drivers
 * (namedStatements.ts for PostgreSQL, pgliteDialect.ts for PGlite). Kysely compiles the same text
 * for the same query shape, values as parameters, so the names are few; texts past MAX_NAMED (a query
 * built from a list of any length, say) get none and run unnamed, so the statements a connection
 * holds stay bounded.
 */

/** Distinct statements given a name, at most. */
const MAX_NAMED = 500;

/** A namer: the name of a text (the same every time), or undefined once MAX_NAMED texts are named. */
export function statementNames(): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (name === undefined && names.size < MAX_NAMED) names.set(text, (name = `bp_${names.size}`));
    return name;
  };
}
