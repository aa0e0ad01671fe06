import "server-only";
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { assertStorageKey, type Storage } from "./storage";

/**
 * Bytes as files under one folder (ATTACHMENTS_DIR), for a single server or a shared volume.
 * A file is written under a temporary name and renamed, so a reader never sees half of it.
 */
export function diskStorage(root: string): Storage {
  const base = path.resolve(root);
  const fileOf = (key: string) => path.join(base, ...assertStorageKey(key).split("/"));
  return {
    transactional: false,
    async put(key, data) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      const partial = `${file}.${randomUUID()}.partial`;
      await writeFile(partial, data, { flag: "wx" });
      await rename(partial, file);
    },
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
