import type { TicketJson } from "@/lib/schemas/tickets";
import { ApiError } from "@/lib/http/client/api";
import { PRIORITY_LABELS, STATUS_LABELS } from "@/lib/tickets/fields";

/** A write refused because the ticket changed since this tab loaded it (409 stale_version). */
export type StaleWrite = { changed: string[]; current: TicketJson };

export function staleWriteOf(error: unknown): StaleWrite | null {
  if (!(error instanceof ApiError) || error.code !== "stale_version") return null;
  const { changed, current } = error.details as Partial<StaleWrite>;
  if (!Array.isArray(changed) || !current || typeof current.version !== "number") return null;
  return { changed, current };
}

/** "Status is now Pending", "a new reply came in": what someone else changed, in words. */
export function describeStale({ changed, current }: StaleWrite): string {
  const parts = changed.map((field) => {
    if (field === "status")
      return `status is now ${STATUS_LABELS[current.status as keyof typeof STATUS_LABELS] ?? current.status}`;
    if (field === "priority")
      return `priority is now ${PRIORITY_LABELS[current.priority as keyof typeof PRIORITY_LABELS] ?? current.priority}`;
    if (field === "assignedTo") return "it was reassigned";
    return "a new reply or note came in";
  });
  const text = parts.join(", ");
  return text.charAt(0).toUpperCase() + text.slice(1) + ".";
}
