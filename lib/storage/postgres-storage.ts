import "server-only";
import { db } from "@/lib/server/db";
import { assertStorageKey, type Storage } from "./storage";

/**
 * The default: bytes in the StorageObject table. Every server process reads the same
 * database, so any of them can serve a download, and the bytes commit or roll back with
 * the attachment rows written in the same transaction.
 */
export const postgresStorage: Storage = {
  transactional: true,
  async put(key, data, tx) {
    await (tx ?? db).storageObject.create({
      data: { key: assertStorageKey(key), data: new Uint8Array(data), size: data.length },
    });
  },
  async get(key) {
    const row = await db.storageObject.findUnique({ where: { key: assertStorageKey(key) }, select: { data: true } });
    return row ? Buffer.from(row.data) : null;
  },
  async delete(key) {
    await db.storageObject.deleteMany({ where: { key: assertStorageKey(key) } });
  },
};
