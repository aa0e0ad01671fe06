/** A write refused by a unique index (Prisma's P2002): two saves of the same name at once. */
export const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "P2002";

/** The database's own error code, which Prisma puts in `meta` or, for raw SQL, only in its message. */
export function sqlStateOf(error: Error): string | undefined {
  const { meta } = error as { meta?: { code?: unknown } };
  return typeof meta?.code === "string" ? meta.code : error.message.match(/Code: `([0-9A-Z]{5})`/)?.[1];
}

/**
 * A write naming a row that is gone (P2003; raw SQL's P2010 with the database's 23503, or the
 * 23503 itself from a statement sent straight to the pool).
 */
export function isForeignKeyViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code } = error as { code?: string };
  return code === "P2003" || code === "23503" || (code === "P2010" && sqlStateOf(error) === "23503");
}
