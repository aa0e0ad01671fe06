import "server-only";
import { env } from "@/lib/server/env";
import { diskStorage } from "./disk-storage";
import { postgresStorage } from "./postgres-storage";
import type { Storage } from "./storage";

export type { Storage } from "./storage";

let chosen: { kind: string; storage: Storage } | undefined;

/** The configured store (ATTACHMENTS_STORAGE, ATTACHMENTS_DIR), chosen once per process. */
export function attachmentStorage(): Storage {
  const kind = `${env.attachmentsStorage}:${env.attachmentsDir}`;
  if (chosen?.kind !== kind)
    chosen = { kind, storage: env.attachmentsStorage === "disk" ? diskStorage(env.attachmentsDir) : postgresStorage };
  return chosen.storage;
}
