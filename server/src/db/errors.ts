/**
 * The constraint a statement broke, when it failed on one: PostgreSQL's own error (postgres.js names it
 * `constraint_name`, PGlite `constraint`), found through the wrappers Drizzle puts around it (`cause`). A service
 * turns a unique index it relies on (a shop name, say) into the clear message its users should see.
 */
export function violatedConstraint(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; e && depth < 3; depth++) {
    const { constraint_name: pgName, constraint } = e as { constraint_name?: unknown; constraint?: unknown };
    const name = pgName ?? constraint;
    if (typeof name === 'string' && name) return name;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
