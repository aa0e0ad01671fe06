import "server-only";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/lib/server/db";

// The rows behind the default attachment storage (lib/storage/postgres-storage.ts): the bytes
// of each stored file by its key.

/** Stores the bytes under `key`, in `tx` when given so that they commit with the rows naming them. */
export async function putStorageObject(key: string, data: Buffer, tx?: Prisma.TransactionClient) {
  await (tx ?? db).storageObject.create({ data: { key, data: new Uint8Array(data), size: data.length } });
}

/** The bytes stored under `key`, or null. */
export async function getStorageObject(key: string): Promise<Buffer | null> {
  const row = await db.storageObject.findUnique({ where: { key }, select: { data: true } });
  return row ? Buffer.from(row.data) : null;
}

export async function deleteStorageObject(key: string) {
  await db.storageObject.deleteMany({ where: { key } });
}
