/** PostgreSQL's unique_violation, as node-postgres and PGlite both report it. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { code?: unknown }).code === "23505";
}
