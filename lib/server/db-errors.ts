/** A write refused by a unique index (Prisma's P2002): two saves of the same name at once. */
export const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === "P2002";
