import type { Prisma } from "@/generated/prisma/client";

/**
 * Where attachment bytes live. Keys are made by the server (`<organizationId>/<uuid>`), never
 * taken from a sender. `tx` lets a driver that writes to PostgreSQL commit the bytes with the
 * rows that point at them; a driver outside the database ignores it.
 */
export interface Storage {
  /** Whether put commits and rolls back with `tx` (PostgreSQL) or is written at once (disk). */
  readonly transactional: boolean;
  put(key: string, data: Buffer, tx?: Prisma.TransactionClient): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removing a key that is not there is not an error (a purge may run twice). */
  delete(key: string): Promise<void>;
}

const KEY = /^[A-Za-z0-9-]{1,64}\/[A-Za-z0-9-]{1,64}$/;

/** Keys are two plain segments, so no driver can be steered outside its own space. */
export function assertStorageKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key).slice(0, 100)}`);
  return key;
}
