import "server-only";
import { AppError } from "@/lib/errors";
import type { Prisma } from "@/generated/prisma/client";

/** What a stale write is compared on: the change tracks of the live_updates migration's trigger. */
export type VersionedField = "status" | "priority" | "assignedTo" | "reply";

type VersionedTicket = {
  version: number;
  fieldVersions: Prisma.JsonValue;
  status: string;
  priority: string;
  assignedToId: string | null;
};

function changedAt(ticket: VersionedTicket, field: VersionedField): number {
  const versions = (ticket.fieldVersions ?? {}) as Partial<Record<VersionedField, number>>;
  return typeof versions[field] === "number" ? versions[field] : 0;
}

const currentValue = (ticket: VersionedTicket, field: Exclude<VersionedField, "reply">) =>
  field === "assignedTo" ? ticket.assignedToId : ticket[field];

/**
 * The merge rule of concurrent edits. A write carries the version of the ticket its agent
 * saw. A field it sets is in conflict only when someone changed that field after that version
 * AND the write would set it to something other than what it is now; a reply is in conflict
 * when a reply or note was added after that version. Anything else merges: two agents who
 * change different fields at once both keep their change. Without a version (older callers,
 * the API's scripts) a write is applied as before, last writer wins field by field.
 */
export function staleFields(
  ticket: VersionedTicket,
  seen: number | undefined,
  write: { status?: string; priority?: string; assignedTo?: string | null; reply?: boolean },
): VersionedField[] {
  if (seen === undefined || seen >= ticket.version) return [];
  const stale: VersionedField[] = [];
  for (const field of ["status", "priority", "assignedTo"] as const) {
    const wanted = write[field];
    if (wanted !== undefined && wanted !== currentValue(ticket, field) && changedAt(ticket, field) > seen)
      stale.push(field);
  }
  if (write.reply && changedAt(ticket, "reply") > seen) stale.push("reply");
  return stale;
}

/** Refuses a stale write with 409 `stale_version`, saying what changed and what the ticket is now. */
export function assertFresh(
  ticket: VersionedTicket,
  seen: number | undefined,
  write: Parameters<typeof staleFields>[2],
  current: () => unknown,
) {
  const changed = staleFields(ticket, seen, write);
  if (changed.length === 0) return;
  throw new AppError("stale_version", "This ticket was updated by someone else since you opened it.", {
    details: { changed, current: current() },
  });
}
