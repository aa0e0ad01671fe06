import "server-only";
import { deleteStorageObject, getStorageObject, putStorageObject } from "@/lib/services/storage-objects";
import { assertStorageKey, type Storage } from "./storage";

/**
 * The default: bytes in the StorageObject table. Every server process reads the same
 * database, so any of them can serve a download, and the bytes commit or roll back with
 * the attachment rows written in the same transaction.
 */
export const postgresStorage: Storage = {
  transactional: true,
  put: (key, data, tx) => putStorageObject(assertStorageKey(key), data, tx),
  get: (key) => getStorageObject(assertStorageKey(key)),
  delete: (key) => deleteStorageObject(assertStorageKey(key)),
};
