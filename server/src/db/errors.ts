/** Recognising database errors both drivers (pg, PGlite) report with PostgreSQL's SQLSTATE codes. */

/** A unique constraint refused the row; with `constraint`, only that constraint. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint: violated } = error as { code?: string; constraint?: string };
  return code === '23505' && (constraint === undefined || violated === constraint);
}
